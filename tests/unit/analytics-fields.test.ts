// What a page-view beacon becomes before it is stored (src/server/analytics/fields.ts), and the privacy
// policy's promise on how long raw views are kept, which must match the deletion the server runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANALYTICS } from '../../src/lib/constants.ts';
import { deviceClass, isBot, pageFields, referrerHost } from '../../src/server/analytics/fields.ts';

describe('pageFields', () => {
  it('keeps one spelling per page and only the utm_* parameters of the query', () => {
    expect(pageFields('/policy/')?.path).toBe('/policy');
    expect(pageFields('//')).toBeUndefined();
    expect(pageFields('/')?.path).toBe('/');
    expect(pageFields('/a//b///?x=1#frag')?.path).toBe('/a/b');
    expect(pageFields('/service-details/CMS%20Development')?.path).toBe('/service-details/CMS Development');
    expect(pageFields('/bad%E0%A4%A')?.path).toBe('/bad%E0%A4%A');
    expect(pageFields('/x?utm_source=%20News%20&utm_medium=&email=a%40b.c&utm_campaign=spring')).toEqual({
      path: '/x',
      utmSource: 'News',
      utmMedium: null,
      utmCampaign: 'spring',
      utmTerm: null,
      utmContent: null,
    });
  });

  it('refuses what is not a path of this site, and strips what the database cannot hold', () => {
    for (const raw of ['', 'x', 'https://evil.example/', '//evil.example/', '/\\evil.example'])
      expect(pageFields(raw)).toBeUndefined();
    expect(pageFields('/a%00b\u0007c')?.path).toBe('/abc');
    expect(pageFields(`/${'p'.repeat(2000)}`)?.path).toHaveLength(ANALYTICS.pathMax);
    expect(pageFields(`/?utm_source=${'s'.repeat(500)}`)?.utmSource).toHaveLength(ANALYTICS.utmMax);
    expect(pageFields('/?utm_source=%ED%A0%80x')?.utmSource?.isWellFormed()).toBe(true);
    expect(pageFields('/\ud800?utm_source=\udfffy')?.path.isWellFormed()).toBe(true);
  });
});

describe('referrerHost', () => {
  const own = ['agency.example', 'localhost'];
  it('keeps the host of an outside http(s) referrer, without www.', () => {
    expect(referrerHost('https://www.Google.com/search?q=x', own)).toBe('google.com');
    expect(referrerHost('http://news.example.org:8080/a', own)).toBe('news.example.org');
  });
  it('drops none, our own pages and other schemes', () => {
    for (const raw of [
      undefined,
      '',
      'not a url',
      'https://www.agency.example/projects',
      'http://localhost:4321/',
      'android-app://com.x',
      'javascript:alert(1)',
    ]) {
      expect(referrerHost(raw, own)).toBeNull();
    }
  });
});

describe('device and bots', () => {
  it('tells desktops, phones and tablets apart', () => {
    expect(
      deviceClass(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      ),
    ).toBe('desktop');
    expect(
      deviceClass(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      ),
    ).toBe('mobile');
    expect(
      deviceClass(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('tablet');
    expect(deviceClass('something else entirely')).toBe('other');
  });
  it('drops crawlers, tools, headless browsers and empty agents', () => {
    for (const ua of [
      '',
      '  ',
      'curl/8.5.0',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 HeadlessChrome/130.0',
    ]) {
      expect(isBot(ua)).toBe(true);
    }
    expect(
      isBot(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe(false);
  });
});

it('the privacy policy states the retention the server applies', () => {
  const policy = readFileSync('content/policy/privacy-policy.md', 'utf8');
  const section = policy.slice(
    policy.indexOf('## Tracking Technologies and Cookies'),
    policy.indexOf('## Use of Your Personal Data'),
  );
  expect(section).toContain(`Page views are kept for ${ANALYTICS.rawDays} days`);
  expect(section).toContain('Global Privacy Control');
  expect(section).toContain('Cookie settings');
});
