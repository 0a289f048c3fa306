// The one session store: the token in localStorage under TOKEN_KEY, the current user fetched on load,
// and every open tab following a sign-in or sign-out through the `storage` event.
import { atom, map, onMount } from 'nanostores';
import { DEVICE_TOKEN_KEY, TOKEN_KEY } from './constants.ts';
import type { CurrentUserResponse, User } from './schemas/auth.ts';
import { api, readToken } from './api-client.ts';
import { ApiError, errorMessage } from './api-error.ts';
import { flashAndGo, notify } from './toast.ts';
import type { Localizer } from '../i18n/translate.ts';

export interface SessionState {
  token: string | null;
  userData: User | null;
  /** True until the stored token has been checked against the API. */
  isLoading: boolean;
  isLoggedIn: boolean;
  /** Set when the user could not be fetched for another reason than a refused token. */
  loadError: string | null;
  /** The stored token was refused: this device was signed out elsewhere (or its session ran out). */
  ended: boolean;
}

export const $session = map<SessionState>({
  token: null,
  userData: null,
  isLoading: true,
  isLoggedIn: false,
  loadError: null,
  ended: false,
});

function dropStoredToken() {
  for (const store of [localStorage, sessionStorage]) store.removeItem(TOKEN_KEY);
}

function forget(ended = false) {
  dropStoredToken();
  $session.set({ token: null, userData: null, isLoading: false, isLoggedIn: false, loadError: null, ended });
}

export async function loadUser() {
  const token = readToken();
  if (!token) return forget();
  $session.set({ ...$session.get(), token, isLoggedIn: true, isLoading: true, loadError: null });
  try {
    const { userData } = await api.get<CurrentUserResponse>('v1/auth/user');
    // A sign-out in another tab may have landed while this call ran.
    if (readToken() !== token) return;
    $session.set({ token, userData, isLoading: false, isLoggedIn: true, loadError: null, ended: false });
  } catch (err) {
    if (readToken() !== token) return;
    if (err instanceof ApiError && err.status === 401) return forget(true);
    console.error('Could not load the current user', err);
    $session.set({ ...$session.get(), isLoading: false, loadError: errorMessage(err) });
  }
}

/**
 * After signup, sign-in or Google: keep the token; the user is fetched (or taken from the answer). A
 * device token (password sign-in and signup) is kept apart, beyond sign-out: sent back with the next
 * sign-in, it lets this browser in while strangers' failed guesses hold the account.
 */
export function startSession(token: string, user?: User, deviceToken?: string) {
  keepSession(token, deviceToken);
  if (user) $session.set({ token, userData: user, isLoading: false, isLoggedIn: true, loadError: null, ended: false });
  else void loadUser();
}

/**
 * A sign-in that leaves the page at once (for the dashboard in the account's language): the token (and
 * device token) kept for the next page, and this page's store left as it is, so that no guard of this
 * page (a sign-in page sends a signed-in visitor to the dashboard in the page's language) sends the user
 * elsewhere meanwhile.
 */
export function keepSession(token: string, deviceToken?: string) {
  localStorage.setItem(TOKEN_KEY, token);
  if (deviceToken) localStorage.setItem(DEVICE_TOKEN_KEY, deviceToken);
}

export const readDeviceToken = () => localStorage.getItem(DEVICE_TOKEN_KEY) ?? undefined;

/** After a change to the signed-in user (a new name): every island showing it follows at once. */
export function updateUser(user: User) {
  const s = $session.get();
  if (s.userData) $session.set({ ...s, userData: user });
}

/** Bumped when this account's other sessions change (a new password ends them), so device lists reload. */
export const $devicesVersion = atom(0);
export const devicesChanged = () => $devicesVersion.set($devicesVersion.get() + 1);

/**
 * The server has already ended this session (the account was deleted): drop the token and leave for
 * `url`. The store is left as it is until the page unloads, so that no guard sends the user elsewhere
 * meanwhile; other tabs hear of the dropped token through the `storage` event.
 */
export function leaveEndedSession(message: string, url: string) {
  dropStoredToken();
  flashAndGo('success', message, url);
}

export async function signOut({ t, path }: Localizer) {
  try {
    await api.post('v1/auth/sign-out', { scope: 'global' });
  } catch (err) {
    // A refused token means the server has already ended the session: only the local part is left.
    if (!(err instanceof ApiError && err.status === 401)) {
      console.error('Sign-out failed', err);
      notify('error', t('Failed to log out'));
      return;
    }
  }
  forget();
  flashAndGo('success', t('Successfully logged out'), path('/login'));
}

onMount($session, () => {
  // Prebuilding a page reads the store too: there the session stays 'loading'.
  if (typeof window === 'undefined') return;
  void loadUser();
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === null) void loadUser();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});
