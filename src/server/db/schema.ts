// The one schema for PGlite and PostgreSQL, one file per domain under schema/. The app imports it from here;
// drizzle-kit reads the folder (drizzle.config.ts), so a new file there must also be re-exported below.
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/passkeys.ts';
export * from './schema/two-factor.ts';
export * from './schema/enquiries.ts';
export * from './schema/trash.ts';
export * from './schema/audit.ts';
export * from './schema/mail.ts';
export * from './schema/shared-state.ts';
export * from './schema/analytics.ts';
export * from './schema/stats.ts';
export * from './schema/bookings.ts';
