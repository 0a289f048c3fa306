// @vitest-environment happy-dom
// A page makes one navigation (src/lib/navigate.ts): signing out goes to /login, and the page's guard,
// seeing the session end, asks for /login too; the second would cancel the first mid-flight. Only the
// browser's own navigation methods are replaced here, so that the test page stays where it is.
import { afterEach, expect, it, vi } from 'vitest';
import { FLASH_KEY } from '../../src/lib/constants.ts';
import { go } from '../../src/lib/navigate.ts';
import { flashAndGo } from '../../src/lib/toast.ts';

afterEach(() => vi.restoreAllMocks());

it('makes the first navigation only, and stores only its toast, until the page is shown again', () => {
  const assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
  const replace = vi.spyOn(location, 'replace').mockImplementation(() => {});
  sessionStorage.clear();

  flashAndGo('success', 'Successfully logged out', '/hi/login');
  flashAndGo('info', 'You were signed out on this device. Sign in again to continue.', '/login', true);
  expect(go('/userdashboard', true)).toBe(false);

  expect(assign).toHaveBeenCalledExactlyOnceWith('/hi/login');
  expect(replace).not.toHaveBeenCalled();
  const stored = JSON.parse(sessionStorage.getItem(FLASH_KEY) ?? '[]') as { message: string }[];
  expect(stored.map((f) => f.message)).toEqual(['Successfully logged out']);

  // Back from the back/forward cache: the page may go again.
  window.dispatchEvent(new Event('pageshow'));
  expect(go('/login', true)).toBe(true);
  expect(replace).toHaveBeenCalledExactlyOnceWith('/login');
});
