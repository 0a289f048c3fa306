// Every variable of the project, validated by one schema: the build reads the site's part (siteConfig,
// from astro.config.mjs), the server the rest (loadConfig). Both get their variables from readEnv (env.ts),
// so that the build and the server see the same values. A bad value stops either with a message that
// names the variable.
import { z } from 'zod';
import path from 'node:path';
import { normaliseEmail } from '../server/users/email.ts';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

// How DATABASE_URL may ask for TLS (src/server/db/tls.ts says what each does).
const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full', 'no-verify'];

/** 'a, b,,c' -> ['a', 'b', 'c'] */
const commaList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  // Unset outside production: http://localhost:PORT (parseEnv), so that passkeys and links follow the port.
  SITE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .refine(
      (url) => URL.canParse(url) && SSL_MODES.includes(new URL(url).searchParams.get('sslmode') ?? 'disable'),
      `sslmode must be one of ${SSL_MODES.join(', ')} (see docs/deploy.md)`,
    )
    .optional(),
  // The CA that signed the database server's certificate, as PEM text or a file path (db/tls.ts).
  DATABASE_CA: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Agency <no-reply@localhost>'),
  CONTACT_NOTIFY_EMAIL: z.email().optional(),
  // Accounts with these addresses become admins once the address is verified (users/admin-emails.ts).
  ADMIN_EMAILS: commaList
    .transform((list) => list.map(normaliseEmail))
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  CORS_ORIGINS: commaList,
  TRUST_PROXY: flag,
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  // 'postmessage' is what Google expects for the popup code flow; /google-verify for the redirect flow.
  GOOGLE_REDIRECT_URI: z.string().default('postmessage'),
  // The content editor's GitHub sign-in (/api/v1/cms/auth and /callback): a GitHub OAuth app's credentials.
  CMS_GITHUB_CLIENT_ID: z.string().min(1).optional(),
  CMS_GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  // GitHub's OAuth addresses; tests point them at a local mock.
  CMS_GITHUB_AUTHORIZE_URL: z.url().default('https://github.com/login/oauth/authorize'),
  CMS_GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  // Netlify: the build hook the daily scheduled function calls, so that posts dated that day go out.
  NETLIFY_BUILD_HOOK: z.url().optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  // Key for hashing one-time codes; without it a random key is generated once and kept in the database.
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Key of the AES-256-GCM encryption of two-factor secrets; required in production (src/server/two-factor/secret-box.ts).
  TWO_FACTOR_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // The WebAuthn relying party: SITE_URL's host name and origin unless set (src/server/passkeys/ceremonies.ts).
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as example.com (no scheme, no port)')
    .optional(),
  WEBAUTHN_ORIGINS: commaList.refine(
    (list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o),
    'must be origins such as https://example.com',
  ),
  // Admin calls need a session signed in with two factors (a password and a code, or a passkey).
  REQUIRE_ADMIN_2FA: flag,
  // How often the mail outbox worker looks for due messages.
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  DIST_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  // Inlined into the browser bundle at build time (Vite); the build also allows its origin in the CSP.
  PUBLIC_API_URL: z.url().optional(),
  PUBLIC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * The variables Vite inlines into the browser bundle (import.meta.env.PUBLIC_*), typed from the schema
 * above, which checks their values when the build starts (siteConfig): src/env.d.ts gives the browser code
 * these types.
 */
export type PublicEnv = Pick<z.input<typeof envSchema>, 'PUBLIC_API_URL' | 'PUBLIC_GOOGLE_CLIENT_ID'>;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function parseEnv(env: Env, needs: 'nothing' | 'site' | 'server' = 'site') {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = needs === 'nothing' ? [] : productionProblems(e, needs === 'server');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return { ...e, SITE_URL: e.SITE_URL ?? `http://localhost:${e.PORT}` };
}

/**
 * What production needs and development does without, all named at once. A production site on a loopback
 * address would ship it in every canonical link, the sitemap, the feed and the links in e-mails.
 * `forServer`: the settings only the server reads (the build needs the site's address alone).
 */
function productionProblems(e: z.infer<typeof envSchema>, forServer = false): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const host = e.SITE_URL && new URL(e.SITE_URL).hostname;
  if (!host || ['localhost', '127.0.0.1', '[::1]'].includes(host)) {
    problems.push(
      `  SITE_URL: required when NODE_ENV=production, as the site's public address (now ${e.SITE_URL ?? 'unset'})`,
    );
  }
  if (!forServer) return problems;
  if (!e.SMTP_URL) {
    problems.push('  SMTP_URL: required when NODE_ENV=production (without it mail would only reach the dev outbox)');
  }
  if (!e.TWO_FACTOR_KEY) {
    problems.push(
      '  TWO_FACTOR_KEY: required when NODE_ENV=production (without it two-factor secrets would be encrypted with a key kept in the same database)',
    );
  }
  return problems;
}

/**
 * What the build needs: the public address (canonical links, Open Graph, sitemap) and the API's origin (CSP).
 * NODE_ENV is the one declared for the build (the build itself always runs React in production mode).
 */
export function siteConfig(env: Env) {
  const e = parseEnv(env);
  return { siteUrl: e.SITE_URL, apiOrigin: e.PUBLIC_API_URL ? new URL(e.PUBLIC_API_URL).origin : undefined };
}

/** The build hook of the daily publishing run (netlify/functions/publish.ts), which needs nothing else. */
export function buildHook(env: Env = process.env): string | undefined {
  return parseEnv(env, 'nothing').NETLIFY_BUILD_HOOK;
}

export function loadConfig(env: Env = process.env) {
  const e = parseEnv(env, 'server');
  const site = new URL(e.SITE_URL);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    siteUrl: e.SITE_URL,
    /** Where browsers and calendar apps reach the API: PUBLIC_API_URL's origin, else the site's. */
    apiOrigin: new URL(e.PUBLIC_API_URL ?? e.SITE_URL).origin,
    dataDir: path.resolve(e.DATA_DIR),
    distDir: path.resolve(e.DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseCa: e.DATABASE_CA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactNotifyEmail: e.CONTACT_NOTIFY_EMAIL,
    adminEmails: e.ADMIN_EMAILS,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS === 'on',
    otpSecret: e.OTP_SECRET,
    twoFactorKey: e.TWO_FACTOR_KEY,
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID ?? site.hostname,
      origins: e.WEBAUTHN_ORIGINS.length > 0 ? e.WEBAUTHN_ORIGINS : [site.origin],
    },
    outboxPollMs: e.OUTBOX_POLL_MS,
    logLevel: e.LOG_LEVEL,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            jwksUrl: e.GOOGLE_JWKS_URL,
            redirectUri: e.GOOGLE_REDIRECT_URI,
          }
        : undefined,
    cmsGithub:
      e.CMS_GITHUB_CLIENT_ID && e.CMS_GITHUB_CLIENT_SECRET
        ? {
            clientId: e.CMS_GITHUB_CLIENT_ID,
            clientSecret: e.CMS_GITHUB_CLIENT_SECRET,
            authorizeUrl: e.CMS_GITHUB_AUTHORIZE_URL,
            tokenUrl: e.CMS_GITHUB_TOKEN_URL,
            // GitHub sends the editor back here: the API's own address (PUBLIC_API_URL's origin, else the site's).
            callbackUrl: new URL('/api/v1/cms/callback', e.PUBLIC_API_URL ?? e.SITE_URL).href,
          }
        : undefined,
  };
}
