// The assurance table, checked route by route: every operation of /api/openapi.json is called by every
// kind of caller (anonymous; a one-factor session of an account with an authenticator app; a session
// from before the app was turned on; a fresh two-factor session; a two-factor session older than ten
// minutes), and each call must be admitted or refused as the route's line (`x-assurance`) says. A route
// without a line fails. The caller's account is a verified admin with the app on, under REQUIRE_ADMIN_2FA.
//
// The calls carry a body the route refuses (a JSON array) and a malformed path id, so that an admitted
// call ends at validation: the guard runs before it, and nothing is changed. What the test expects of
// each session need is written here, apart from the server's reading of it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_2FA_REQUIRED } from '../../src/lib/sign-in-methods.ts';
import { CONFIRM_WITH_CODE, SIGN_IN_AGAIN_WITH_TWO } from '../../src/lib/schemas/two-factor.ts';
import { ASSURANCE, type Assurance, FRESH_MS, type SessionNeed } from '../../src/server/auth/assurance.ts';
import { STEP_UP, VERIFY_FIRST } from '../../src/server/auth/factors.ts';
import { sha256 } from '../../src/server/auth/tokens.ts';
import { ADMINS_ONLY, NOT_SIGNED_IN, SESSION_ENDED } from '../../src/server/auth/guard.ts';
import { userRoute } from '../../src/server/auth/route-factories.ts';
import { sessions, twoFactor, users } from '../../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { freshIp, frozenClock, signUp, startTestApi, type TestApi } from '../helpers/api.ts';

interface Kind {
  name: string;
  /** The session row's factors and when it proved two, or no session at all. */
  session?: { factors: 1 | 2; twoFactorsAgoMs?: number; createdAgoMs: number };
}

const DAY = 86_400_000;
/** The account turned its authenticator app on a day ago. */
const TOTP_ON_AGO_MS = DAY;

const KINDS: Kind[] = [
  { name: 'anonymous' },
  { name: 'one factor', session: { factors: 1, createdAgoMs: 60_000 } },
  { name: 'from before TOTP', session: { factors: 1, createdAgoMs: 2 * DAY } },
  { name: 'fresh two', session: { factors: 2, twoFactorsAgoMs: 60_000, createdAgoMs: 60_000 } },
  { name: 'two, 11 min ago', session: { factors: 2, twoFactorsAgoMs: FRESH_MS + 60_000, createdAgoMs: DAY / 2 } },
];

/**
 * What each session need admits, for this caller (an account with the app on, under REQUIRE_ADMIN_2FA).
 * A Record over every need: a new one does not compile until the test says what it means.
 */
const ADMITS: Record<SessionNeed, (s: NonNullable<Kind['session']>) => boolean> = {
  nothing: () => true,
  'one factor': () => true,
  'two factors where the account has an authenticator app': (s) => s.factors === 2,
  'two factors under REQUIRE_ADMIN_2FA': (s) => s.factors === 2,
  'fresh two factors': (s) => s.factors === 2 && (s.twoFactorsAgoMs ?? Infinity) < FRESH_MS,
};

type Outcome = 'ok' | '401' | '403';

function expected(line: Assurance, kind: Kind): Outcome {
  const rule = ASSURANCE[line];
  if (rule.who === 'anyone') return 'ok';
  if (!kind.session) return '401';
  // The caller is a verified admin: the role and the address never refuse it here.
  return ADMITS[rule.session](kind.session) ? 'ok' : '403';
}

const GUARD_401 = new Set([NOT_SIGNED_IN, SESSION_ENDED]);
const GUARD_403 = new Set([
  ADMINS_ONLY,
  VERIFY_FIRST,
  ADMIN_2FA_REQUIRED,
  CONFIRM_WITH_CODE,
  STEP_UP,
  SIGN_IN_AGAIN_WITH_TWO,
]);

/** The guard's answer, told apart from the route's own 401 or 403 by its message. */
function outcome(status: number, message: unknown): Outcome {
  if (status === 401 && GUARD_401.has(message as string)) return '401';
  if (status === 403 && GUARD_403.has(message as string)) return '403';
  return 'ok';
}

interface Operation {
  'x-assurance'?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
}

let t: TestApi;
let userId: string;
const tokens = new Map<string, string>();

/** (Re)writes the sessions of every kind, so that an admitted sign-out cannot change the next route's callers. */
async function writeSessions() {
  const now = t.clock.now().getTime();
  const rows = KINDS.flatMap((kind) => {
    if (!kind.session) return [];
    const token = tokens.get(kind.name) ?? randomUUID();
    tokens.set(kind.name, token);
    const { factors, twoFactorsAgoMs, createdAgoMs } = kind.session;
    return [
      {
        id: randomUUID(),
        tokenHash: sha256(token),
        userId,
        createdAt: new Date(now - createdAgoMs),
        lastUsedAt: new Date(now),
        userAgent: null,
        method: factors === 2 ? ('two-factor' as const) : ('password' as const),
        factors,
        twoFactorsAt: twoFactorsAgoMs === undefined ? null : new Date(now - twoFactorsAgoMs),
        expiresAt: new Date(now + DAY),
      },
    ];
  });
  await t.api.db.insert(sessions).values(rows).onConflictDoNothing();
}

beforeAll(async () => {
  t = await startTestApi({ REQUIRE_ADMIN_2FA: 'true' }, frozenClock(Date.now()));
  const acc = await signUp(t);
  userId = acc.user._id;
  const now = t.clock.now();
  await t.api.db.update(users).set({ isAdmin: true, isAccountVerified: true }).where(eq(users.id, userId));
  // The app is on (the guard reads only that it is; no code is sent here).
  const on = new Date(now.getTime() - TOTP_ON_AGO_MS);
  await t.api.db.insert(twoFactor).values({ userId, secret: 'sealed', enabledAt: on, lastStep: null, createdAt: on });
  // Signing up left a session: it is the "from before TOTP" kind's twin, and no longer needed.
  await t.api.db.delete(sessions).where(eq(sessions.userId, userId));
});
afterAll(() => t.close());

describe('the assurance table, route by route', () => {
  it('holds for every route of /api/openapi.json and every kind of caller', async () => {
    const doc = await t.call('GET', '/openapi.json');
    const paths = doc.body.paths as Record<string, Record<string, Operation>>;
    const rows: string[] = [];
    const wrong: string[] = [];
    const withoutLine: string[] = [];
    for (const [path, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        const line = op['x-assurance'];
        if (line === undefined || !(line in ASSURANCE)) {
          withoutLine.push(`${name}: ${line ?? 'no line'}`);
          continue;
        }
        let url = path.replace(/^\/api/, '');
        for (const p of op.parameters ?? []) if (p.in === 'path') url = url.replace(`{${p.name}}`, 'not-an-id');
        const cells: string[] = [];
        await writeSessions();
        for (const kind of KINDS) {
          const token = kind.session ? tokens.get(kind.name) : undefined;
          const res = await t.call(method.toUpperCase(), url, {
            ...(token ? { token } : {}),
            ...(op.requestBody ? { body: [] } : {}),
            ip: freshIp(),
          });
          const got = outcome(res.status, res.body?.message);
          const want = expected(line as Assurance, kind);
          cells.push(got === want ? got : `${got}≠${want}`);
          if (got !== want) wrong.push(`${name} (${line}) as ${kind.name}: ${res.status} ${JSON.stringify(res.body)}`);
        }
        rows.push(`| ${name} | ${line} | ${cells.join(' | ')} |`);
      }
    }
    // The table checked, for the log of the run.
    console.log(
      [
        `| route | line | ${KINDS.map((k) => k.name).join(' | ')} |`,
        `|---|---|${KINDS.map(() => '---').join('|')}|`,
        ...rows,
      ].join('\n'),
    );
    expect(withoutLine).toEqual([]);
    expect(wrong).toEqual([]);
    // Every line of the table is used by some route, and each kind is refused somewhere.
    const used = new Set(rows.map((r) => r.split(' | ')[1]));
    expect([...used].sort()).toEqual(Object.keys(ASSURANCE).sort());
    expect(rows.length).toBeGreaterThan(50);
  });

  it('refuses to build a route that declares no line', () => {
    const route = { method: 'get', path: '/x', responses: {} } as unknown as Parameters<typeof userRoute>[0];
    expect(() => userRoute(route)).toThrow(/declares no assurance line/);
    expect(() => userRoute({ ...route, assurance: 'admin' } as never)).toThrow(/declares no assurance line/);
  });
});
