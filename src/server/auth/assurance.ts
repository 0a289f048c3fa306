// One model of trust: what each call needs, in one table. Every route declares its line (`assurance`,
// taken by the route factories in auth/route-factories.ts, which put it in /api/openapi.json as
// `x-assurance`); the one guard that enforces it is auth/guard.ts; docs/api.md shows the
// table; tests/api/assurance.test.ts calls every route with every kind of session and checks it.
//
// What a session proved (sessions.factors, sessions.two_factors_at): one factor (a password; Google; a
// passkey without user verification) or two (a password or Google plus an authenticator or recovery
// code; a passkey with user verification), at sign-in or later by a step-up (a code of the authenticator
// app or a recovery code sent with a call that asks for it). It is fresh for FRESH_MS after it proved two.
import type { SessionRow } from '../db/schema.ts';

/** How long a session that proved two factors may change factors without a code. */
export const FRESH_MS = 10 * 60_000;

/** What the session must have proved, unless the call carries what `orWithTheCall` lists. */
export type SessionNeed =
  /** nothing: the call is public */
  | 'nothing'
  /** any session of the account */
  | 'one factor'
  /** two factors at some time, where the account has an authenticator app */
  | 'two factors where the account has an authenticator app'
  /** two factors at some time, where REQUIRE_ADMIN_2FA is on */
  | 'two factors under REQUIRE_ADMIN_2FA'
  /** two factors within FRESH_MS */
  | 'fresh two factors';

/** What a call may carry instead of the session's second factor. */
export type WithTheCall =
  /** `code`: a current code of the authenticator app or an unused recovery code (account with the app) */
  | 'code'
  /** `otp`: the mailed add-factor code (account without the app; POST /api/v1/account/code) */
  | 'otp';

export interface Line {
  /** The calls the line is for, as docs/api.md names them. */
  calls: string;
  /** Who may call at all. */
  who: 'anyone' | 'user' | 'admin';
  /** The account's address must be proved (an unproved one may be a stranger's, who must not plant a factor). */
  provedAddress: boolean;
  session: SessionNeed;
  orWithTheCall: readonly WithTheCall[];
  /** What the call's own body proves besides (checked by the call: account/proof.ts). */
  plus?: string;
}

export const ASSURANCE = {
  none: {
    calls: 'sign-up, sign-in, resets, the contact form, health, analytics',
    who: 'anyone',
    provedAddress: false,
    session: 'nothing',
    orWithTheCall: [],
  },
  session: {
    calls: 'the account, its profile, devices, data, codes; renaming a passkey',
    who: 'user',
    provedAddress: false,
    session: 'one factor',
    orWithTheCall: [],
  },
  'finish-factor': {
    calls:
      "the second step of adding a factor (enable TOTP, the passkey's registration), which only the first step's secret or challenge opens",
    who: 'user',
    provedAddress: true,
    session: 'one factor',
    orWithTheCall: [],
  },
  'add-factor': {
    calls: 'add a passkey, set up TOTP',
    who: 'user',
    provedAddress: true,
    session: 'fresh two factors',
    orWithTheCall: ['otp', 'code'],
  },
  'change-factor': {
    calls: 'turn TOTP off, new recovery codes, remove a passkey',
    who: 'user',
    provedAddress: false,
    session: 'fresh two factors',
    orWithTheCall: ['code'],
  },
  owner: {
    calls: 'change the password, delete the account',
    who: 'user',
    provedAddress: false,
    session: 'two factors where the account has an authenticator app',
    orWithTheCall: ['code'],
    plus: 'the password, or a mailed code for an account without one',
  },
  admin: {
    calls: 'the admin API',
    who: 'admin',
    provedAddress: false,
    session: 'two factors under REQUIRE_ADMIN_2FA',
    orWithTheCall: [],
  },
} as const satisfies Record<string, Line>;

export type Assurance = keyof typeof ASSURANCE;
/** The lines a route for signed-in users may take (adminRoute takes 'admin', publicRoute 'none'). */
export type UserAssurance = Exclude<Assurance, 'none' | 'admin'>;

/** The state of the account that the lines read besides the session. */
export interface Standing {
  isAdmin: boolean;
  isAccountVerified: boolean;
  /** The account has an authenticator app on. */
  hasTotp: boolean;
  requireAdmin2fa: boolean;
}

export const provedTwo = (session: Pick<SessionRow, 'factors'>) => session.factors === 2;

export const isFresh = (session: Pick<SessionRow, 'factors' | 'twoFactorsAt'>, now: Date) =>
  session.factors === 2 && session.twoFactorsAt !== null && now.getTime() - session.twoFactorsAt.getTime() < FRESH_MS;

/** Whether the session's own proof meets the line (before anything the call carries). */
export function sessionMeets(
  need: SessionNeed,
  session: Pick<SessionRow, 'factors' | 'twoFactorsAt'>,
  standing: Standing,
  now: Date,
): boolean {
  switch (need) {
    case 'nothing':
    case 'one factor':
      return true;
    case 'two factors where the account has an authenticator app':
      return !standing.hasTotp || provedTwo(session);
    case 'two factors under REQUIRE_ADMIN_2FA':
      return !standing.requireAdmin2fa || provedTwo(session);
    case 'fresh two factors':
      return isFresh(session, now);
  }
}

/** What the call may carry instead, for this account: a code where it has the app, the mailed code where not. */
export const acceptedWithTheCall = (line: Line, standing: Pick<Standing, 'hasTotp'>): WithTheCall[] =>
  line.orWithTheCall.filter((w) => (w === 'code') === standing.hasTotp);
