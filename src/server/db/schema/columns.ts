// Column builders every table shares. Times are written by the app (its injectable clock), not by now().
import { type AnyColumn, sql } from 'drizzle-orm';
import { check, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, LOCALES } from '../../../i18n/locales.ts';

export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A language of the site (src/i18n/locales.ts): the one its reader's mails are written in. */
export const locale = (name: string) => text(name, { enum: LOCALES }).notNull().default(DEFAULT_LOCALE);

/**
 * The database's own check that a locale column holds one of LOCALES, so that no writer (a restore, a
 * hand-made row) can store a language the mails have no words for. Spelled as literals: drizzle-kit
 * writes the expression into the migration as it is. Adding a language means a migration that widens it.
 */
export const localeCheck = (table: string, column: AnyColumn) =>
  check(`${table}_locale_check`, sql`${column} IN (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`);
