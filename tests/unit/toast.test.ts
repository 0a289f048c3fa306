// @vitest-environment happy-dom
// The flash hand-over of src/lib/toast.ts, in a DOM with a real react-toastify container: a flashed toast
// waits in sessionStorage for the next page's toaster, and a page left at once, or sending the visitor on
// by itself (a guard's redirect), hands the toasts it is still showing on to the page after it.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_KEY, TOAST_EVENT } from '../../src/lib/constants.ts';
import { go } from '../../src/lib/navigate.ts';
import { flash, notify, showFlashes } from '../../src/lib/toast.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const stored = () => JSON.parse(sessionStorage.getItem(FLASH_KEY) ?? '[]') as unknown[];
const shown = () => [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent);

let root: Root;
beforeEach(async () => {
  sessionStorage.clear();
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(createElement(ToastContainer, { autoClose: false })));
});
afterEach(async () => {
  await act(async () => toast.dismiss());
  await act(async () => root.unmount());
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('notify shows a toast at once and asks for the toaster', async () => {
    const requested = vi.fn();
    window.addEventListener(TOAST_EVENT, requested);
    await act(async () => notify('error', 'Failed to log out'));
    expect(requested).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual(['Failed to log out']);
  });

  it('one message is never stacked twice', async () => {
    await act(async () => {
      notify('success', 'OTP verified');
      notify('success', 'OTP verified');
    });
    expect(shown()).toEqual(['OTP verified']);
  });

  it('flash keeps toasts for the next page, which shows them once and clears the queue', async () => {
    flash('success', 'Successfully logged out');
    flash('info', 'Your account is already verified');
    expect(stored()).toEqual([
      { kind: 'success', message: 'Successfully logged out', locale: 'en' },
      { kind: 'info', message: 'Your account is already verified', locale: 'en' },
    ]);
    expect(shown()).toEqual([]);
    await act(async () => showFlashes());
    expect(shown().sort()).toEqual(['Successfully logged out', 'Your account is already verified']);
    expect(stored()).toEqual([]);
  });

  it('a page left right after showing them hands the toasts still on screen to the next one', async () => {
    flash('success', 'Signed in successfully');
    flash('error', 'Admins only.');
    await act(async () => showFlashes());
    await act(async () => toast.dismiss('toast-error-Admins-only-'));
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual([{ kind: 'success', message: 'Signed in successfully', locale: 'en' }]);
  });

  it('shows a flashed toast only on a page in its language, and drops the others', async () => {
    document.documentElement.lang = 'hi';
    flash('success', 'सफलतापूर्वक लॉग आउट हो गए');
    flash('success', 'Language saved', 'en');
    document.documentElement.lang = 'en';
    await act(async () => showFlashes());
    expect(shown()).toEqual(['Language saved']);
    expect(stored()).toEqual([]);
    document.documentElement.lang = '';
  });

  it('a page left later hands nothing on: the user has seen them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    flash('success', 'Signed in successfully');
    await act(async () => showFlashes());
    vi.setSystemTime(Date.now() + 2001);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual([]);
  });

  it('a page that sends the visitor on by itself, however late, hands them on', async () => {
    // A guard's redirect waits for the session's answer: seconds on a slow network.
    vi.useFakeTimers({ toFake: ['Date'] });
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    flash('success', 'Account created successfully!');
    await act(async () => showFlashes());
    vi.setSystemTime(Date.now() + 10_000);
    expect(go('/userdashboard', true)).toBe(true);
    expect(replace).toHaveBeenCalledWith('/userdashboard');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual([{ kind: 'success', message: 'Account created successfully!', locale: 'en' }]);
    window.dispatchEvent(new Event('pageshow'));
  });
});
