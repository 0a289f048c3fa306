// The route guards' decision for every rule and session state the islands meet.
import { describe, expect, it } from 'vitest';
import { type Rule, verdict } from '../../src/islands/ui/guard-verdict.ts';
import type { User } from '../../src/lib/schemas/auth.ts';

const user = (over: Partial<User> = {}): User => ({
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  isAccountVerified: false,
  isAdmin: false,
  ...over,
});

const signedOut = { isLoading: false, isLoggedIn: false, userData: null };
const loading = { isLoading: true, isLoggedIn: true, userData: null };
const plain = { isLoading: false, isLoggedIn: true, userData: user() };
const verified = { isLoading: false, isLoggedIn: true, userData: user({ isAccountVerified: true }) };
const admin = { isLoading: false, isLoggedIn: true, userData: user({ isAdmin: true, isAccountVerified: true }) };
// The token was refused or the user could not be fetched: still logged in, no user, done loading.
const failedLoad = { isLoading: false, isLoggedIn: true, userData: null };

describe('verdict', () => {
  it.each<[Rule, string, Parameters<typeof verdict>[1], ReturnType<typeof verdict>]>([
    ['guest', 'signed out', signedOut, 'show'],
    ['guest', 'loading', loading, 'show'],
    ['guest', 'signed in', plain, '/userdashboard'],
    ['user', 'signed out', signedOut, '/login'],
    ['user', 'loading', loading, 'wait'],
    ['user', 'a failed load', failedLoad, 'wait'],
    ['user', 'signed in', plain, 'show'],
    ['admin', 'signed out', signedOut, '/login'],
    ['admin', 'loading', loading, 'wait'],
    ['admin', 'a plain user', plain, '/userdashboard'],
    ['admin', 'an admin', admin, 'show'],
    ['unverified', 'signed out', signedOut, '/login'],
    ['unverified', 'loading', loading, 'wait'],
    ['unverified', 'an unverified user', plain, 'show'],
    ['unverified', 'a verified user', verified, 'verified'],
  ])("rule '%s' with %s: %s", (rule, _what, state, expected) => {
    expect(verdict(rule, state)).toBe(expected);
  });
});
