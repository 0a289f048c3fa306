// Configuration: a bad variable is named; production refuses to run without real mail.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.google).toBeUndefined();
    expect(c.rateLimits).toBe(true);
  });

  it.each([
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['PORT', 'eighty'],
    ['CONTACT_NOTIFY_EMAIL', 'not-an-address'],
    ['OTP_SECRET', 'short'],
    ['OUTBOX_POLL_MS', '1'],
  ])('names %s when it is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('refuses production without SMTP_URL, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBe(
      'smtp://mail.example:587',
    );
  });

  it('turns Google on only with both client id and secret', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toMatchObject({
      clientId: 'id',
      redirectUri: 'postmessage',
    });
  });
});
