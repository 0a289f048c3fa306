// The API: one Hono app at /api, built from one router per resource.
import { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from './account/routes.ts';
import { accountSessionRoutes } from './account/session-routes.ts';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Background } from './core/background.ts';
import { analyticsAdminRoutes } from './analytics/admin-routes.ts';
import { BATCHED, WRITE_THROUGH } from './analytics/collector.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { sitePages } from './analytics/site-pages.ts';
import { Tracker } from './analytics/tracker.ts';
import { codeRoutes } from './auth/code-routes.ts';
import { googleRoutes } from './auth/google-routes.ts';
import { authRoutes } from './auth/routes.ts';
import type { Config } from '../config/config.ts';
import { cmsRoutes } from './cms/routes.ts';
import { contactRoutes } from './enquiries/routes.ts';
import { contactAdminRoutes } from './enquiries/admin-routes.ts';
import { auditRoutes } from './audit/admin-routes.ts';
import { statsRoutes } from './stats/admin-routes.ts';
import { trashRoutes } from './trash/admin-routes.ts';
import { userAdminRoutes } from './users/admin-routes.ts';
import { configureLog } from './core/log.ts';
import { provideDeps, type AppEnv, type Deps } from './core/context.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { notFound, onError, validationHook } from './core/errors.ts';
import { healthRoutes } from './health/routes.ts';
import { purgeAll } from './housekeeping.ts';
import { site } from '../lib/site.ts';
import { Mailer } from './mail/mailer.ts';
import { OutboxWorker } from './mail/outbox.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { passkeySignInRoutes } from './passkeys/sign-in-routes.ts';
import { twoFactorRoutes } from './two-factor/routes.ts';
import { twoFactorSignInRoutes } from './two-factor/sign-in-routes.ts';
import { BEARER } from './auth/route-factories.ts';
import { RateLimiter } from './limits/rate-limiter.ts';
import { jsonOnly, noStore } from './core/http-middleware.ts';
import { refuseOtherMethods } from './core/method-not-allowed.ts';
import { loadCodeKey, loadTwoFactorKey } from './core/secrets.ts';
import { userRoutes } from './users/routes.ts';
import { promoteListedAdmins } from './users/admin-emails.ts';
import { backupRoutes } from './backup/admin-routes.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { bookingAdminRoutes } from './bookings/admin-routes.ts';
import { accountBookingRoutes } from './bookings/account-routes.ts';
import { queueDueReminders } from './bookings/bookings.ts';

export interface Api {
  app: Hono;
  /** The database the app uses, for the admin commands and for tests that inspect what is stored. */
  db: Db;
  /** One delivery pass of the mail outbox (a scheduled function's work where nothing polls). */
  drainOutbox(): Promise<void>;
  /** Resolves once the work done after the replies so far (mail being sent) has finished. */
  settled(): Promise<void>;
  /** Runs every housekeeping purge now (it also runs hourly); returns the rows each removed. */
  purge(): Promise<Record<string, number>>;
  /** Page views: tests write the waiting batch through it (analytics.flush()). */
  analytics: Tracker;
  /** Whether SMTP_URL's server answers; logs a warning naming SMTP_URL when it does not (mailer.ts). */
  verifyMail(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ApiOptions {
  /** The clock for every expiry and window; tests move it. */
  now?: () => Date;
  /**
   * Poll the mail outbox every OUTBOX_POLL_MS (default). A function that is frozen between requests
   * turns this off and has a scheduled function call drainOutbox() instead.
   */
  pollOutbox?: boolean;
  /**
   * Write each page view before answering, instead of in batches: for hosts that may freeze the process
   * once the answer is out (a serverless function), where a batch waiting in memory could be lost.
   */
  writeThrough?: boolean;
  /**
   * The host passes every request an execution context whose waitUntil must carry the work done after
   * the reply (a Netlify function). Node passes none: asking Hono for it would throw on every request.
   */
  executionContext?: boolean;
  /**
   * A database opened by the caller instead of the one config names; close() still closes it. The API
   * tests hand each test API one of their worker's already-migrated PGlite instances (tests/helpers/pglite-pool.ts).
   */
  database?: Database;
}

const API_BASE = '/api';
const SWEEP_EVERY_MS = 60 * 60_000;

export async function createApi(config: Config, options: ApiOptions = {}): Promise<Api> {
  const now = options.now ?? (() => new Date());
  configureLog(config);
  const database = options.database ?? (await openDatabase(config));
  const { db } = database;
  // Accounts verified before ADMIN_EMAILS named them.
  await promoteListedAdmins(db, config.adminEmails, now());
  const background = new Background();
  const mail = new Mailer(config, site.name, background);
  const limiter = new RateLimiter(db, now, config.rateLimits);
  const deps: Deps = {
    config,
    db,
    now,
    mail,
    limiter,
    codeKey: await loadCodeKey(db, config.otpSecret),
    twoFactorKey: await loadTwoFactorKey(db, config.twoFactorKey),
  };

  const analytics = new Tracker({
    db,
    now,
    siteUrl: config.siteUrl,
    pages: await sitePages(config.distDir),
    limiter,
    collector: options.writeThrough ? WRITE_THROUGH : BATCHED,
  });

  let lastSweep = 0;
  const outbox = new OutboxWorker(db, mail, now, background, async () => {
    // Each pass first queues the booked calls' reminders that are due (claimed in the database: once).
    await queueDueReminders(deps);
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await purgeAll(db, now());
  });
  if (options.pollOutbox ?? true) outbox.start(config.outboxPollMs);

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath(API_BASE);
  if (options.executionContext) app.use(background.middleware);
  app.use(noStore);
  if (config.corsOrigins.length > 0) {
    app.use(
      cors({
        origin: config.corsOrigins,
        allowMethods: ['GET', 'POST', 'PATCH', 'DELETE'],
        exposeHeaders: ['Content-Disposition', 'Retry-After'],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      }),
    );
  }
  app.use(jsonOnly, provideDeps(deps));

  // Each router at its prefix; who may call a route is declared on the route itself (route-factories.ts).
  app.route('/health', healthRoutes(database));
  app.route('/v1/auth', authRoutes(deps));
  app.route('/v1/auth', codeRoutes(deps, outbox));
  app.route('/v1/auth', googleRoutes(deps, outbox));
  app.route('/v1/auth', passkeySignInRoutes(deps));
  app.route('/v1/auth', twoFactorSignInRoutes(deps));
  app.route('/v1/users', userRoutes());
  app.route('/v1/cms', cmsRoutes(deps));
  // The admin API: every route is declared admin-only (adminRoute), so each answers 401 without a
  // session and 403 to a user who is not an admin.
  app.route('/v1/admin/user', userAdminRoutes(deps, outbox));
  // An enquirer answering an admin's reply reaches the company's inbox.
  app.route('/v1/admin/contact', contactAdminRoutes(deps, outbox, config.contactNotifyEmail ?? site.email));
  app.route('/v1/admin/trash', trashRoutes(deps));
  app.route('/v1/admin/audit', auditRoutes(deps));
  app.route('/v1/admin/backup', backupRoutes(deps, database.kind));
  app.route('/v1/admin/stats', statsRoutes(deps));
  app.route('/v1/admin/bookings', bookingAdminRoutes(deps, outbox));
  app.route('/v1/account/sessions', accountSessionRoutes(deps));
  app.route('/v1/account/passkeys', passkeyRoutes(deps, outbox));
  app.route('/v1/account/two-factor', twoFactorRoutes(deps, outbox));
  app.route('/v1/account/bookings', accountBookingRoutes(deps, outbox));
  app.route('/v1/account', accountRoutes(deps, outbox));
  app.route('/form/contact', contactRoutes(deps, outbox));
  app.route('/v1/bookings', bookingRoutes(deps, outbox));
  app.route('/v1/analytics', analyticsRoutes(deps, analytics));
  app.route('/v1/admin/analytics', analyticsAdminRoutes(deps));

  app.openAPIRegistry.registerComponent('securitySchemes', BEARER, { type: 'http', scheme: 'bearer' });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: `${mail.company} API`, version: '1.0.0' },
  });
  refuseOtherMethods(app, API_BASE);
  app.notFound(notFound);
  app.onError(onError);

  return {
    app: app as unknown as Hono,
    db,
    drainOutbox: () => outbox.kick(),
    settled: () => background.settle(),
    purge: () => purgeAll(db, now()),
    analytics,
    verifyMail: () => mail.verify(),
    close: async () => {
      await outbox.stop();
      await background.settle();
      await analytics.close();
      mail.close();
      await database.close();
    },
  };
}
