// The embedded database's change clock (which statements may change which table) and the session cache
// that trusts it: an entry is served only while nothing has written the sessions or users tables since
// its lookup began, and only until its session expires.
import { describe, expect, it } from 'vitest';
import { SessionCache, type FoundSession } from '../../src/server/auth/session-cache.ts';
import { TableChanges } from '../../src/server/db/change-clock.ts';
import type { SessionRow, UserRow } from '../../src/server/db/schema.ts';

describe('TableChanges', () => {
  it("moves a table's count for the statements that may write it, as Drizzle and raw SQL spell them", () => {
    const c = new TableChanges();
    const writes = [
      'insert into "sessions" ("id", "token_hash") values ($1, $2)',
      'update "users" set "name" = $1 where "users"."id" = $2',
      'delete from "sessions" where "sessions"."user_id" = $1',
      'DELETE FROM sessions WHERE expires_at < $1',
      '  TRUNCATE TABLE "users" CASCADE',
      'update "public"."users" set "is_admin" = true',
    ];
    let v = c.version(['sessions', 'users']);
    for (const sql of writes) {
      c.record(sql);
      expect(c.version(['sessions', 'users']), sql).toBe(++v);
    }
  });

  it('leaves the count alone for reads and for writes to other tables', () => {
    const c = new TableChanges();
    for (const sql of [
      'select "id" from "sessions" where "token_hash" = $1',
      '  SELECT 1',
      'insert into "page_views" select * from json_to_recordset($1)',
      'update "enquiries" set "status" = $1',
      'delete from "rate_limits" where "expires_at" < $1',
    ])
      c.record(sql);
    expect(c.version(['sessions', 'users'])).toBe(0);
    expect(c.version(['enquiries'])).toBe(1);
  });

  it('counts a statement it cannot read for every table', () => {
    const c = new TableChanges();
    c.record('with gone as (delete from "users" returning id) select count(*) from gone');
    c.record('ALTER TABLE "users" ADD COLUMN "x" text');
    expect(c.version(['sessions'])).toBe(2);
    expect(c.version(['anything'])).toBe(2);
  });
});

const NOW = new Date('2026-11-22T10:00:00Z');
function found(expiresAt = new Date(NOW.getTime() + 86_400_000)): FoundSession {
  return {
    session: { id: 's1', expiresAt, lastUsedAt: NOW } as SessionRow,
    user: { id: 'u1', name: 'Asha', isAdmin: false } as UserRow,
  };
}

describe('SessionCache', () => {
  it('serves a remembered lookup until a write to sessions or users', () => {
    const clock = new TableChanges();
    const cache = new SessionCache(clock);
    cache.remember('h', found(), cache.version());
    expect(cache.get('h', NOW)?.user.name).toBe('Asha');
    clock.record('update "enquiries" set "note" = $1');
    expect(cache.get('h', NOW)).toBeDefined();
    clock.record('update "users" set "is_admin" = true');
    expect(cache.get('h', NOW)).toBeUndefined();
  });

  it('does not keep a lookup that a write overtook while it ran', () => {
    const clock = new TableChanges();
    const cache = new SessionCache(clock);
    const version = cache.version();
    clock.record('delete from "sessions" where "id" = $1');
    cache.remember('h', found(), version);
    expect(cache.get('h', NOW)).toBeUndefined();
  });

  it('never serves an expired session', () => {
    const cache = new SessionCache(new TableChanges());
    cache.remember('h', found(new Date(NOW.getTime() + 1000)), cache.version());
    expect(cache.get('h', NOW)).toBeDefined();
    expect(cache.get('h', new Date(NOW.getTime() + 1000))).toBeUndefined();
  });

  it('hands out copies: a caller changing its rows changes nothing remembered', () => {
    const cache = new SessionCache(new TableChanges());
    cache.remember('h', found(), cache.version());
    const first = cache.get('h', NOW)!;
    first.user.name = 'Changed';
    first.session.lastUsedAt = new Date(0);
    expect(cache.get('h', NOW)!.user.name).toBe('Asha');
    expect(cache.get('h', NOW)!.session.lastUsedAt).toEqual(NOW);
  });

  it('forgets the oldest entries beyond 10,000', () => {
    const cache = new SessionCache(new TableChanges());
    for (let i = 0; i <= 10_000; i++) cache.remember(`h${i}`, found(), cache.version());
    expect(cache.get('h0', NOW)).toBeUndefined();
    expect(cache.get('h1', NOW)).toBeDefined();
    expect(cache.get('h10000', NOW)).toBeDefined();
  });
});
