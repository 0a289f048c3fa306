// /account, Password: change it with the current one. An account made through Google that has none
// sets its first one with a code mailed to it. Either way every other device is signed out. Where the
// account has an authenticator app and this session proved one factor only, the API asks for a code of
// the app as well: the form then shows its box.
import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import type { AccountUser } from '../../lib/schemas/account.ts';
import { accountSchemas } from './account-schemas.ts';
import { devicesChanged } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { AccountPanel, problemOf } from './AccountPanel.tsx';
import { Field } from '../ui/Field.tsx';
import { Loading } from '../ui/Loading.tsx';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { errorClass, primaryButton, secondaryButton } from '../ui/classes.ts';
import { useT } from '../ui/i18n.tsx';
import { useForm } from '../ui/useForm.ts';
import { needsCode } from './StepUp.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

function PasswordForm() {
  const t = useT();
  const [account, setAccount] = useState<AccountUser | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [otp, setOtp] = useState(emptyOtp);
  const [askCode, setAskCode] = useState(false);
  const form = useForm();
  const { errors, alert, busy, setAlert } = form;

  useEffect(() => {
    api
      .get<{ user: AccountUser }>('v1/account')
      .then((res) => setAccount(res.user))
      .catch((err: unknown) => setAlert(problemOf(err).message));
  }, [setAlert]);

  async function sendCode() {
    await form.run(
      async () => {
        const res = await api.post('v1/account/code', { purpose: 'set-password' });
        notify('success', t(res.message ?? 'Code sent'));
        setCodeSent(true);
      },
      { onError: (err) => ({ message: problemOf(err).message, fields: {} }) },
    );
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!account) return;
    const element = e.currentTarget;
    const data = new FormData(element);
    const schemas = await form.schemas(accountSchemas);
    if (!schemas) return;
    const missing: Record<string, string> =
      account.hasPassword && !data.get('currentPassword') ? { currentPassword: 'Enter your current password' } : {};
    const body = form.check(
      schemas.passwordBody,
      {
        newPassword: data.get('newPassword'),
        ...(account.hasPassword
          ? { currentPassword: data.get('currentPassword') || undefined }
          : { otp: otp.join('') }),
        ...(askCode ? { code: String(data.get('passwordTwoFactorCode') ?? '').trim() } : {}),
      },
      missing,
    );
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.post('v1/account/password', body);
        notify('success', t(res.message ?? 'Password changed'));
        element.reset();
        setOtp(emptyOtp());
        setCodeSent(false);
        setAskCode(false);
        setAccount({ ...account, hasPassword: true });
        devicesChanged();
      },
      {
        onError: (err) => {
          if (needsCode(err)) setAskCode(true);
          return problemOf(err);
        },
      },
    );
  }

  if (!account) return alert ? <FormAlert message={alert} /> : <Loading compact />;

  if (!account.hasPassword && !codeSent) {
    return (
      <div className="grid max-w-md gap-4">
        {alert && <FormAlert message={alert} />}
        <p className="text-sm text-slate-700">
          {t(
            'You sign in with Google. To also sign in with your e-mail address and a password, set one: we will e-mail you a 6-digit code to confirm it is you.',
          )}
        </p>
        <button
          type="button"
          className={`${secondaryButton} justify-self-start`}
          onClick={() => void sendCode()}
          disabled={busy}
        >
          {busy ? t('Sending...') : t('Email me a code')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      {alert && <FormAlert message={alert} />}
      {/* For password managers: which account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
      {account.hasPassword ? (
        <Field
          id="currentPassword"
          label={t('Current password')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-ink">{t('Code from your e-mail')}</legend>
          <div className="mt-2">
            <OtpInput
              id="password-otp"
              value={otp}
              onChange={setOtp}
              required
              invalid={!!errors.otp}
              describedBy={errors.otp ? 'password-otp-error' : undefined}
            />
          </div>
          {errors.otp && (
            <p id="password-otp-error" className={errorClass}>
              {t(errors.otp)}
            </p>
          )}
        </fieldset>
      )}
      <Field
        id="newPassword"
        label={t('New password')}
        type="password"
        autoComplete="new-password"
        required
        minLength={6}
        maxLength={128}
        error={errors.newPassword}
      />
      <p className="text-xs text-slate-600">{t('At least 6 characters. Every other device will be signed out.')}</p>
      {askCode && (
        <Field
          id="passwordTwoFactorCode"
          label={t('Code from your app (or a recovery code)')}
          autoComplete="one-time-code"
          autoFocus
          required
          error={errors.code}
        />
      )}
      <button type="submit" className={`${primaryButton} sm:w-auto sm:justify-self-start`} disabled={busy}>
        {busy ? t('Saving...') : account.hasPassword ? t('Change password') : t('Set password')}
      </button>
    </form>
  );
}

export default function AccountPassword({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <AccountPanel>{() => <PasswordForm />}</AccountPanel>
    </Island>
  );
}
