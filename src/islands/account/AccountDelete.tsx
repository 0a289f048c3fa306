// /account, Delete account: a confirm dialog asks for the password (or, for an account without one, a
// code mailed on opening it), and a code of the authenticator app when the API asks for one (an account
// with the app, from a session that proved one factor); then every session has ended, and the user
// leaves for '/' with a toast.
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { AccountResponse, AccountUser } from '../../lib/schemas/account.ts';
import { accountSchemas } from './account-schemas.ts';
import { leaveEndedSession } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { AccountPanel, problemOf } from './AccountPanel.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { errorClass } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';
import { toastProblem, useForm } from '../ui/useForm.ts';
import { needsCode } from './StepUp.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

const WARNING =
  'This cannot be undone. Your profile, devices and sign-in methods are deleted and you are signed out everywhere.';

function DeleteAccount() {
  const { t, path } = useLanguage();
  const [account, setAccount] = useState<AccountUser | null>(null);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState(emptyOtp);
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const form = useForm();
  const { errors, alert, busy } = form;

  async function open() {
    await form.run(
      async () => {
        // Asked afresh: a password may have been set since the page loaded.
        const { user } = await api.get<AccountResponse>('v1/account');
        if (!user.hasPassword) {
          const sent = await api.post('v1/account/code', { purpose: 'delete-account' });
          notify('success', t(sent.message ?? 'Code sent'));
        }
        setAccount(user);
      },
      { onError: toastProblem((err) => problemOf(err).message) },
    );
  }

  function close() {
    setAccount(null);
    setPassword('');
    setOtp(emptyOtp());
    setAskCode(false);
    setCode('');
    form.reset();
  }

  async function confirm() {
    if (!account) return;
    const schemas = await form.schemas(accountSchemas);
    if (!schemas) return;
    const missing: Record<string, string> =
      account.hasPassword && !password ? { password: 'Enter your current password' } : {};
    const proof = account.hasPassword ? { password } : { otp: otp.join('') };
    const body = form.check(schemas.deleteBody, askCode ? { ...proof, code: code.trim() } : proof, missing);
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.post('v1/account/delete', body);
        leaveEndedSession(t(res.message ?? 'Your account has been deleted'), path('/'));
      },
      {
        leaving: true,
        onError: (err) => {
          if (needsCode(err)) setAskCode(true);
          return problemOf(err);
        },
      },
    );
  }

  return (
    <div className="grid max-w-xl gap-4">
      <p className="text-sm text-slate-700">
        {t(
          'Deleting your account signs you out everywhere and removes your profile, devices and sign-in methods. Enquiries you sent us stay with us, no longer linked to an account, so that we can still answer them.',
        )}
      </p>
      <button
        type="button"
        className="inline-flex items-center justify-center justify-self-start rounded-lg bg-danger px-4 py-2 text-sm font-semibold text-white hover:bg-danger-hover disabled:opacity-70"
        onClick={() => void open()}
        disabled={busy && !account}
      >
        {busy && !account ? t('Please wait...') : t('Delete account…')}
      </button>
      <ConfirmDialog
        title={t('Delete your account?')}
        message={account ? t(WARNING) : null}
        confirmLabel={t('Delete my account')}
        onConfirm={() => void confirm()}
        onCancel={close}
        busy={busy}
      >
        {alert && <FormAlert message={alert} />}
        {account?.hasPassword && (
          <Field
            id="delete-password"
            name="password"
            label={t('Your password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
        )}
        {account && !account.hasPassword && (
          <fieldset>
            <legend className="text-sm font-medium text-ink">
              {t('Code we sent to {email}', { email: account.email })}
            </legend>
            <div className="mt-2">
              <OtpInput
                id="delete-otp"
                value={otp}
                onChange={setOtp}
                required
                invalid={!!errors.otp}
                describedBy={errors.otp ? 'delete-otp-error' : undefined}
              />
            </div>
            {errors.otp && (
              <p id="delete-otp-error" className={errorClass}>
                {t(errors.otp)}
              </p>
            )}
          </fieldset>
        )}
        {askCode && (
          <Field
            id="delete-two-factor-code"
            label={t('Code from your app (or a recovery code)')}
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}

export default function AccountDelete({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <AccountPanel>{() => <DeleteAccount />}</AccountPanel>
    </Island>
  );
}
