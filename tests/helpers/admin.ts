// Admin API tests: an admin and a plain user on a fresh API, enquiries sent through the real contact
// call, and raw rows read straight from the database (to compare every column).
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { freshIp, signUp, type Account, type TestApi } from './api.ts';

export async function makeAdmin(t: TestApi, fields: { name?: string; email?: string } = {}): Promise<Account> {
  const account = await signUp(t, fields);
  await setAdmin(t.api.db, account.email, true);
  return { ...account, user: { ...account.user, isAdmin: true } };
}

export interface SentEnquiry {
  id: string;
  name: string;
  email: string;
  phoneNumber: string;
  message: string;
}

/** Sends an enquiry through POST /api/form/contact and returns it with its id. */
export async function sendEnquiry(t: TestApi, over: Partial<Omit<SentEnquiry, 'id'>> = {}): Promise<SentEnquiry> {
  const tag = randomUUID().slice(0, 8);
  const fields = {
    name: `Client ${tag}`,
    email: `client-${tag}@example.com`,
    phoneNumber: '+91 90000 00000',
    message: `Please quote for a website (${tag}).`,
    ...over,
  };
  const res = await t.call('POST', '/form/contact', { body: fields, ip: freshIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await rawRows(
    t,
    sql`SELECT id FROM enquiries WHERE email = ${fields.email} ORDER BY created_at DESC LIMIT 1`,
  );
  return { id: String(row!.id), ...fields };
}

/** Every column of the rows a query returns, as the database holds them (to_jsonb of the whole row). */
export async function rawRows(t: TestApi, query: SQL): Promise<Record<string, unknown>[]> {
  // Both drivers (pg and PGlite) answer raw SQL with { rows }.
  const res = (await t.api.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
}

export const rawRow = async (t: TestApi, table: string, id: string) =>
  (await rawRows(t, sql`SELECT to_jsonb(x) AS row FROM ${sql.identifier(table)} x WHERE id = ${id}`))[0]?.row as
    | Record<string, unknown>
    | undefined;

/** The audit rows written since `since` (a seq), oldest first. */
export async function auditSince(t: TestApi, since: number) {
  const rows = await t.api.db.select().from(auditLog).where(sql`${auditLog.seq} > ${since}`).orderBy(auditLog.seq);
  return rows;
}

export async function lastAuditSeq(t: TestApi): Promise<number> {
  const [row] = await t.api.db.select({ seq: sql<number>`coalesce(max(${auditLog.seq}), 0)` }).from(auditLog);
  return Number(row?.seq ?? 0);
}
