// Backup and restore across both kinds of database: PGlite → PGlite, PGlite → PostgreSQL and
// PostgreSQL → PGlite, every table's rows equal afterwards; a restore into a database with rows refuses
// and changes nothing; the admin download is an audited attachment. (PostgreSQL project only: it needs
// the server beside a PGlite of its own.)
import { Readable } from 'node:stream';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { audit } from '../../src/server/audit/audit.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { takeBackup } from '../../src/server/backup/backup.ts';
import { RestoreRefused, restoreBackup } from '../../src/server/backup/restore.ts';
import { queryRows, schemaTables } from '../../src/server/backup/tables.ts';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { type Api, createApi } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { createDatabaseOn } from '../helpers/postgres.ts';

const dirs: string[] = [];
const opened: { close(): Promise<void> }[] = [];
// A migrated, empty PGlite made once: each PGlite here starts from a copy (a fresh one takes seconds).
let template: string;

beforeAll(async () => {
  template = await mkdtemp(path.join(tmpdir(), 'backup-template-'));
  dirs.push(template);
  await (await openDatabase({ dataDir: template, databaseUrl: undefined })).close();
}, 300_000);

async function config(kind: 'pglite' | 'postgres') {
  const dir = await mkdtemp(path.join(tmpdir(), 'backup-'));
  dirs.push(dir);
  const databaseUrl = kind === 'postgres' ? await createDatabaseOn(inject('postgresUrl')) : undefined;
  if (!databaseUrl) await cp(path.join(template, 'db'), path.join(dir, 'db'), { recursive: true });
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    CONTACT_NOTIFY_EMAIL: 'sales@example.com',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/** A running API with accounts, sessions, an enquiry (and its outbox mail) and an admin. */
async function seeded(kind: 'pglite' | 'postgres'): Promise<Api> {
  const api = await createApi(await config(kind), { pollOutbox: false });
  opened.push(api);
  const post = (url: string, body: unknown) =>
    api.app.request(`/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  for (const name of ['Ada', 'Grace']) {
    const res = await post('/v1/auth/signup', { name, email: `${name}@example.com`, password: `${name}-Long-Pass1` });
    expect(res.status).toBe(201);
  }
  await setAdmin(api.db, 'ada@example.com', true);
  for (const label of ['first', 'second'])
    await audit(api.db, new Date(), { actor: null, action: 'trash.purge', target: { kind: 'trash', id: null, label } });
  const enquiry = {
    name: 'Jane Client',
    email: 'jane@client.example',
    phoneNumber: '+44 20 7946 0000',
    message: 'Quotes, "double" and \\ back\nslash; ünïcode ✓',
  };
  expect((await post('/form/contact', enquiry)).status).toBe(201);
  // The notification goes out (to the dev outbox) now, so the rows stay still while the tests read them.
  await api.drainOutbox();
  return api;
}

/** An empty database of the kind, migrated (what `npm run db:restore` opens). */
async function empty(kind: 'pglite' | 'postgres'): Promise<Database> {
  const database = await openDatabase(await config(kind));
  opened.push(database);
  return database;
}

/** Every row of every table, as PostgreSQL writes it as JSON, sorted. */
async function contents(db: Api['db']): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await schemaTables(db)) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`SELECT to_jsonb(x)::text AS row FROM ${sql.identifier(table.name)} x`,
    );
    out[table.name] = rows.map((r) => r.row).sort();
  }
  return out;
}

const linesOf = (chunks: Buffer[]) =>
  createInterface({ input: Readable.from([gunzipSync(Buffer.concat(chunks))]), crlfDelay: Infinity });

afterAll(async () => {
  for (const db of opened.reverse()) await db.close().catch(() => {});
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let pglite: Api;
  let postgres: Api;
  beforeAll(async () => {
    [pglite, postgres] = await Promise.all([seeded('pglite'), seeded('postgres')]);
  }, 300_000);

  it.each([
    ['PGlite', 'PGlite', 'pglite', 'pglite'],
    ['PGlite', 'PostgreSQL', 'pglite', 'postgres'],
    ['PostgreSQL', 'PGlite', 'postgres', 'pglite'],
  ] as const)('%s → %s: every table holds the same rows', async (_, __, from, to) => {
    const source = from === 'pglite' ? pglite : postgres;
    const before = await contents(source.db);
    const backup = await takeBackup(source.db, from, new Date());
    const target = await empty(to);
    await restoreBackup(target.db, linesOf(backup.chunks));
    const after = await contents(target.db);
    expect(after).toEqual(before);
    // The comparison is not of empty tables: the seed reached users, sessions, enquiries and the outbox,
    // and the counts the triggers keep (restored as they were, not counted a second time).
    for (const table of ['users', 'sessions', 'enquiries', 'outbox', 'server_secrets', 'stats_daily'])
      expect(after[table]?.length, table).toBeGreaterThan(0);
    expect(backup.rows.users).toBe(2);
  });

  it('continues identity columns after the restored values', async () => {
    const backup = await takeBackup(postgres.db, 'postgres', new Date());
    const target = await empty('pglite');
    await restoreBackup(target.db, linesOf(backup.chunks));
    const restored = await target.db.select({ seq: auditLog.seq }).from(auditLog);
    expect(restored.length).toBeGreaterThan(0);
    await audit(target.db, new Date(), {
      actor: null,
      action: 'trash.purge',
      target: { kind: 'trash', id: null, label: 'after' },
    });
    const [last] = await target.db.select({ seq: auditLog.seq }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(last!.seq).toBe(Math.max(...restored.map((r) => r.seq)) + 1);
  });

  it('refuses to restore into a database that has rows, and leaves it as it was', async () => {
    const backup = await takeBackup(pglite.db, 'pglite', new Date());
    const before = await contents(postgres.db);
    await expect(restoreBackup(postgres.db, linesOf(backup.chunks))).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(postgres.db, linesOf(backup.chunks))).rejects.toThrow(
      /not empty \(table \w+ has rows\): a backup restores only into an empty database/,
    );
    expect(await contents(postgres.db)).toEqual(before);
  });

  it('refuses a backup cut short, writing nothing', async () => {
    const backup = await takeBackup(pglite.db, 'pglite', new Date());
    const text = gunzipSync(Buffer.concat(backup.chunks)).toString().trimEnd().split('\n');
    const target = await empty('postgres');
    const cut = createInterface({ input: Readable.from([text.slice(0, -1).join('\n')]) });
    await expect(restoreBackup(target.db, cut)).rejects.toThrow(/incomplete/);
    expect(Object.values(await contents(target.db)).flat()).toEqual([]);
  });
});
