// Gathered session lookups: a lookup asked for while two queries are out waits for the next one, which
// fetches every waiting token at once; a lookup never joins a query already sent (so it sees every write
// finished before it was asked for), and a failed query fails exactly its own lookups.
import { describe, expect, it } from 'vitest';
import type { FoundSession } from '../../src/server/auth/session-cache.ts';
import { SessionLookups } from '../../src/server/auth/session-lookup.ts';
import type { SessionRow, UserRow } from '../../src/server/db/schema.ts';

const row = (hash: string, name = hash): FoundSession => ({
  session: { id: `s-${hash}`, tokenHash: hash, lastUsedAt: new Date(0) } as SessionRow,
  user: { id: `u-${hash}`, name } as UserRow,
});

/** A database whose queries answer when the test says so, from a table the test can change. */
function fakeDatabase() {
  const table = new Map<string, FoundSession>();
  const queries: { hashes: string[]; answer: () => void; fail: (err: Error) => void }[] = [];
  const fetch = (hashes: string[]) =>
    new Promise<FoundSession[]>((resolve, reject) => {
      queries.push({
        hashes,
        // The rows as they are when the query runs, which is when it answers here.
        answer: () => resolve(hashes.flatMap((h) => (table.has(h) ? [table.get(h)!] : []))),
        fail: reject,
      });
    });
  return { table, queries, lookups: new SessionLookups(fetch) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SessionLookups', () => {
  it('sends a lone lookup at once, and gathers the lookups that arrive while two queries are out', async () => {
    const { table, queries, lookups } = fakeDatabase();
    for (const h of ['a', 'b', 'c', 'd']) table.set(h, row(h));
    const first = lookups.find('a');
    const second = lookups.find('b');
    const waiting = [lookups.find('c'), lookups.find('d'), lookups.find('c'), lookups.find('zz')];
    await settle();
    expect(queries.map((q) => q.hashes)).toEqual([['a'], ['b']]);

    queries[0]!.answer();
    await settle();
    // The four waiting lookups go out as one query, the repeated token once.
    expect(queries.map((q) => q.hashes)).toEqual([['a'], ['b'], ['c', 'd', 'zz']]);
    queries[1]!.answer();
    queries[2]!.answer();
    expect((await first)?.user.name).toBe('a');
    expect((await second)?.user.name).toBe('b');
    const [c1, d, c2, missing] = await Promise.all(waiting);
    expect([c1?.user.id, d?.user.id, c2?.user.id, missing]).toEqual(['u-c', 'u-d', 'u-c', undefined]);
    // Each request gets its own copy to update.
    c1!.session.lastUsedAt = new Date();
    expect(c2!.session.lastUsedAt.getTime()).toBe(0);
  });

  it('never joins a query already sent: a lookup asked after a sign-out does not get the older answer', async () => {
    const { table, queries, lookups } = fakeDatabase();
    table.set('t', row('t'));
    const before = lookups.find('t');
    await settle();
    table.delete('t'); // signed out in another process while the first query is out
    const after = lookups.find('t');
    await settle();
    expect(queries).toHaveLength(2);
    queries[1]!.answer();
    expect(await after).toBeUndefined();
    queries[0]!.answer();
    // (The fake answers with the table as it is now; a real database may give the first query either.)
    expect(await before).toBeUndefined();
  });

  it('fails the lookups of a failed query only, and sends the next one', async () => {
    const { table, queries, lookups } = fakeDatabase();
    table.set('x', row('x'));
    const out = [lookups.find('p'), lookups.find('q')];
    const later = lookups.find('x');
    await settle();
    queries[0]!.fail(new Error('connection lost'));
    await expect(out[0]).rejects.toThrow('connection lost');
    await settle();
    expect(queries.map((q) => q.hashes)).toEqual([['p'], ['q'], ['x']]);
    queries[1]!.answer();
    queries[2]!.answer();
    expect(await out[1]).toBeUndefined();
    expect((await later)?.user.id).toBe('u-x');
  });

  it('sends at most 500 tokens in one query', async () => {
    const { queries, lookups } = fakeDatabase();
    const all = Array.from({ length: 1202 }, (_, i) => lookups.find(`h${i}`));
    await settle();
    for (let i = 0; i < 4; i++) {
      queries[i]!.answer();
      await settle();
    }
    queries[4]!.answer();
    await Promise.all(all);
    expect(queries.map((q) => q.hashes.length)).toEqual([1, 1, 500, 500, 200]);
  });
});
