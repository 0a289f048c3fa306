// Configuration: a bad variable is named; production refuses to run without real mail; the build and the
// server read the same .env files, with real environment variables winning.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, siteConfig } from '../../src/config/config.ts';
import { readEnv } from '../../src/config/env.ts';

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
    const site = { SITE_URL: 'https://agency.example' };
    const key = { TWO_FACTOR_KEY: 'k'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...site, ...key })).toThrow(
      /SMTP_URL: required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', ...site, ...key }).smtpUrl).toBe(
      'smtp://mail.example:587',
    );
  });

  it('refuses production without TWO_FACTOR_KEY, and a short key anywhere', () => {
    const production = {
      NODE_ENV: 'production',
      SITE_URL: 'https://agency.example',
      SMTP_URL: 'smtp://mail.example:587',
    };
    expect(() => loadConfig(production)).toThrow(/TWO_FACTOR_KEY: required when NODE_ENV=production/);
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'short' })).toThrow(/TWO_FACTOR_KEY: must be at least 32 characters/);
  });

  it('names every setting production lacks at once, not one per restart', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration:\n {2}SITE_URL: required[^\n]*\n {2}SMTP_URL: required[^\n]*\n {2}TWO_FACTOR_KEY: required/,
    );
  });

  it('outside production, an unset SITE_URL follows PORT: the passkeys and the links work on any port', () => {
    const config = loadConfig({ PORT: '5101' });
    expect(config.siteUrl).toBe('http://localhost:5101');
    expect(config.webauthn).toEqual({ rpId: 'localhost', origins: ['http://localhost:5101'] });
    expect(siteConfig({ PORT: '5101' }).siteUrl).toBe('http://localhost:5101');
    expect(loadConfig({}).siteUrl).toBe('http://localhost:4321');
  });

  it('takes the WebAuthn relying party from SITE_URL unless WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS say otherwise', () => {
    expect(loadConfig({ SITE_URL: 'https://www.example.com/' }).webauthn).toEqual({
      rpId: 'www.example.com',
      origins: ['https://www.example.com'],
    });
    expect(
      loadConfig({
        SITE_URL: 'https://www.example.com',
        WEBAUTHN_RP_ID: 'example.com',
        WEBAUTHN_ORIGINS: 'https://www.example.com, https://app.example.com',
      }).webauthn,
    ).toEqual({ rpId: 'example.com', origins: ['https://www.example.com', 'https://app.example.com'] });
    expect(() => loadConfig({ WEBAUTHN_ORIGINS: 'https://example.com/path' })).toThrow(/WEBAUTHN_ORIGINS: /);
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://example.com' })).toThrow(/WEBAUTHN_RP_ID: /);
  });

  it.each([
    ['unset', { SITE_URL: undefined }],
    ['the default', { SITE_URL: 'http://localhost:4321' }],
    ['a loopback address', { SITE_URL: 'http://127.0.0.1:8080' }],
  ])('refuses production with SITE_URL %s, in the build and the server', (_, site) => {
    const env = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', ...site };
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration:\n {2}SITE_URL: required when NODE_ENV=production/);
    expect(() => siteConfig(env)).toThrow(/SITE_URL: required when NODE_ENV=production/);
    // Outside production the default stays what a laptop needs.
    expect(siteConfig({ ...env, NODE_ENV: 'development' }).siteUrl).toBe(site.SITE_URL ?? 'http://localhost:4321');
  });

  it('turns Google on only with both client id and secret', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toMatchObject({
      clientId: 'id',
      redirectUri: 'postmessage',
    });
  });

  it("turns the editor's GitHub sign-in on only with both client id and secret, called back on the API's origin", () => {
    expect(loadConfig({ CMS_GITHUB_CLIENT_ID: 'id' }).cmsGithub).toBeUndefined();
    const both = { CMS_GITHUB_CLIENT_ID: 'id', CMS_GITHUB_CLIENT_SECRET: 's', SITE_URL: 'https://acme.dev' };
    expect(loadConfig(both).cmsGithub).toMatchObject({
      clientId: 'id',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      callbackUrl: 'https://acme.dev/api/v1/cms/callback',
    });
    expect(loadConfig({ ...both, PUBLIC_API_URL: 'https://api.acme.dev' }).cmsGithub?.callbackUrl).toBe(
      'https://api.acme.dev/api/v1/cms/callback',
    );
  });
});

describe('readEnv and siteConfig', () => {
  let dir: string | undefined;
  afterEach(async () => {
    delete process.env.SERVER_CONFIG_TEST_SITE;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function project(files: Record<string, string>): Promise<string> {
    dir = await mkdtemp(path.join(tmpdir(), 'env-files-'));
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    return dir;
  }

  it('reads .env, then .env.local and .env.<mode> over it, as Vite does', async () => {
    const root = await project({
      '.env': 'SITE_URL=https://from-env.example\nPORT=5000\nPUBLIC_API_URL=https://api.example.net/v1\n',
      '.env.local': 'PORT=5001\n',
      '.env.production': 'SITE_URL=https://from-production.example\n',
      '.env.development': 'SITE_URL=http://localhost:4321\n',
    });
    const production = await readEnv('production', root);
    expect(production).toMatchObject({ SITE_URL: 'https://from-production.example', PORT: '5001' });
    expect((await readEnv('development', root)).SITE_URL).toBe('http://localhost:4321');
    // The build and the server take the same values from the same reading.
    expect(siteConfig(production)).toEqual({
      siteUrl: 'https://from-production.example',
      apiOrigin: 'https://api.example.net',
    });
    expect(loadConfig(production)).toMatchObject({ siteUrl: 'https://from-production.example', port: 5001 });
  });

  it('lets a real environment variable win over the files', async () => {
    const root = await project({ '.env': 'SERVER_CONFIG_TEST_SITE=from-file\n' });
    process.env.SERVER_CONFIG_TEST_SITE = 'from-environment';
    expect((await readEnv('production', root)).SERVER_CONFIG_TEST_SITE).toBe('from-environment');
  });

  it('without any .env file, is the environment as it is', async () => {
    const root = await project({});
    process.env.SERVER_CONFIG_TEST_SITE = 'only-here';
    const env = await readEnv('production', root);
    expect(env.SERVER_CONFIG_TEST_SITE).toBe('only-here');
    expect(env.PATH).toBe(process.env.PATH);
  });

  it('stops the build on a bad site variable, naming it', () => {
    expect(() => siteConfig({ PUBLIC_API_URL: 'api.example.net' })).toThrow(/PUBLIC_API_URL: /);
    expect(() => siteConfig({ SITE_URL: 'www.example.org' })).toThrow(/SITE_URL: /);
    expect(siteConfig({})).toEqual({ siteUrl: 'http://localhost:4321', apiOrigin: undefined });
  });
});
