// /account, Devices: every session of the account (browser and OS, first and last use, 'This device'),
// ending one, or every other one at once (the sign-out call's 'others' scope).
import { useCallback, useEffect, useState } from 'react';
import type { Translate } from '../../i18n/translate.ts';
import { api } from '../../lib/api-client.ts';
import type { DeviceSession, DeviceSessionsResponse } from '../../lib/schemas/account.ts';
import { $devicesVersion } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { toastProblem, useForm } from '../ui/useForm.ts';
import { AccountPanel, formatTime, problemOf } from './AccountPanel.tsx';
import { Loading } from '../ui/Loading.tsx';
import { secondaryButton } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { WhenNear } from '../ui/WhenNear.tsx';
import { TRANSLATIONS } from './catalogs.ts';

/**
 * The API names a device in English ("Chrome 130 on Linux", "Unknown device"); the browser's and the
 * system's names are product names, so only the words around them are translated.
 */
function deviceLabel(device: string, t: Translate): string {
  const named = /^(.+) on (.+)$/.exec(device);
  return named ? t('{browser} on {system}', { browser: named[1]!, system: named[2]! }) : t(device);
}

function DeviceList() {
  const { t, locale } = useLanguage();
  const [devices, setDevices] = useState<DeviceSession[] | null>(null);
  const form = useForm();
  const { alert, setAlert } = form;
  /** The button whose call is under way: the device's id, or 'others'. */
  const [pending, setPending] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setDevices((await api.get<DeviceSessionsResponse>('v1/account/sessions')).data);
      setAlert('');
    } catch (err) {
      setAlert(problemOf(err).message);
    }
  }, [setAlert]);

  // Loads now, and again whenever another panel has changed the sessions (a new password ends them).
  useEffect(() => $devicesVersion.subscribe(() => void load()), [load]);

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setPending(key);
    const ok = await form.run(action, { onError: toastProblem((err) => problemOf(err).message) });
    setPending(null);
    if (!ok) return;
    notify('success', done);
    await load();
  }

  if (!devices) return alert ? <FormAlert message={alert} /> : <Loading compact />;
  const others = devices.filter((d) => !d.current);
  return (
    <div className="grid gap-4">
      {alert && <FormAlert message={alert} />}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={t('Signed-in devices')}>
        {devices.map((d) => {
          const device = deviceLabel(d.device, t);
          const signedIn = formatTime(d.createdAt, locale);
          return (
            <li key={d._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold text-ink">
                  {device}
                  {d.current && (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      {t('This device')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  {t('Signed in {signedIn} · Last active {lastActive}', {
                    signedIn,
                    lastActive: formatTime(d.lastUsedAt, locale),
                  })}
                </p>
              </div>
              {!d.current && (
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={form.busy}
                  aria-label={t('Sign out {device}, signed in {date}', { device, date: signedIn })}
                  onClick={() =>
                    void run(
                      d._id,
                      () => api.delete(`v1/account/sessions/${d._id}`),
                      t('Signed out of {device}', { device }),
                    )
                  }
                >
                  {pending === d._id ? t('Signing out...') : t('Sign out')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <button
          type="button"
          className={`${secondaryButton} justify-self-start`}
          disabled={form.busy}
          onClick={() =>
            void run(
              'others',
              () => api.post('v1/auth/sign-out', { scope: 'others' }),
              t('Signed out of every other device'),
            )
          }
        >
          {pending === 'others' ? t('Signing out...') : t('Sign out of all other devices')}
        </button>
      ) : (
        <p className="text-sm text-slate-700">{t('This is the only device signed in to your account.')}</p>
      )}
    </div>
  );
}

export default function AccountSessions({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      {/* Loaded and drawn as the panel nears: its dates start the browser's ICU (WhenNear). */}
      <AccountPanel>
        {() => (
          <WhenNear fallback={<Loading compact />}>
            <DeviceList />
          </WhenNear>
        )}
      </AccountPanel>
    </Island>
  );
}
