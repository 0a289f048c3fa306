// The device named in the device list and in notice mails: known browser and system names only, never
// text of the User-Agent header itself.
import { describe, expect, it } from 'vitest';
import { deviceName, UNKNOWN_DEVICE } from '../../src/server/account/device.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('deviceName', () => {
  it('names real browsers by browser, major version and system', () => {
    expect(deviceName(CHROME_WINDOWS)).toBe('Chrome 130 on Windows');
    expect(deviceName(SAFARI_IOS)).toBe('Safari 17 on iOS');
    expect(deviceName(null)).toBe(UNKNOWN_DEVICE);
  });

  it.each([
    'URGENT: account locked, visit evil.example/unlock',
    'VisitEvilExampleNow/1.0 (Windows NT 10.0) call +1-555-0100',
    'Mozilla/5.0 (X11; Linux x86_64) EvilBrowser/9.9.9',
    'Chrome/130.0.0.0 visit-evil.example',
    'Chrome/999999evil (Windows NT 10.0)',
  ])('never repeats header text: %s', (ua) => {
    const name = deviceName(ua);
    expect(name).toMatch(/^(Unknown device|[A-Za-z ]+( \d{1,4})?( on [A-Za-z0-9 ]+)?)$/);
    for (const word of ['evil', 'Evil', 'URGENT', 'Visit', '555', '999999']) expect(name).not.toContain(word);
  });
});
