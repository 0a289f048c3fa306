// /forgot-password: e-mail, then the mailed code (checked by the server only with the last step),
// then the new password; success goes to /login.
import { useState, type SubmitEvent } from 'react';
import type { Translate } from '../../i18n/translate.ts';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { LIMITS } from '../../lib/constants.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { authSchemas } from './auth-schemas.ts';
import { AuthCard, AuthForm } from './AuthCard.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { Field } from '../ui/Field.tsx';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { errorClass, linkClass } from '../ui/classes.ts';
import { SubmitButton } from '../ui/FormButtons.tsx';
import { toastProblem, useForm } from '../ui/useForm.ts';
import { useLanguage } from '../ui/i18n.tsx';

type Step = 'email' | 'otp' | 'password';

/** Each step's heading and intro, in English (the catalog's keys), with the number that fills the intro. */
const titles: Record<Step, [string, string, number]> = {
  email: [
    'Forgot your password?',
    'Enter the e-mail address of your account and we will send you a {count}-digit code.',
    LIMITS.otpLength,
  ],
  otp: ['Enter the code', 'Type the {count}-digit code we sent to your e-mail.', LIMITS.otpLength],
  password: ['Choose a new password', 'Use at least {count} characters.', LIMITS.passwordMin],
};

function BackToLogin() {
  const { t, path } = useLanguage();
  return (
    <p className="mt-6 text-center text-sm">
      <a href={path('/login')} className={linkClass}>
        {t('Back to login')}
      </a>
    </p>
  );
}

function resetFailed(err: unknown, t: Translate) {
  notify('error', t('Failed to reset password'));
  return { message: errorMessage(err, ''), fields: {} };
}

function Wizard() {
  const { t, path } = useLanguage();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState(emptyOtp);
  const form = useForm();

  async function sendCode(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = new FormData(e.currentTarget).get('email');
    const schemas = await form.schemas(authSchemas);
    if (!schemas) return;
    const body = form.check(schemas.resetOtpBody, { email: typed });
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.post('v1/auth/reset-otp', body);
        if (res.message) notify('success', t(res.message));
        if (res.message !== 'OTP sent to your email') notify('success', t('OTP sent to your email'));
        setEmail(body.email);
        setStep('otp');
      },
      { onError: toastProblem((err) => errorMessage(err, 'Failed to send OTP')) },
    );
  }

  async function checkCode(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const schemas = await form.schemas(authSchemas);
    if (!schemas) return;
    const parsed = schemas.otpField.safeParse(otp.join(''));
    if (!parsed.success) {
      form.setErrors({ otp: parsed.error.issues[0]?.message ?? 'Invalid OTP' });
      notify('error', t('Invalid OTP'));
      return;
    }
    form.setErrors({});
    notify('success', t('OTP verified'));
    setStep('password');
  }

  async function reset(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { email, otp: otp.join(''), NewPassword: new FormData(e.currentTarget).get('password') };
    const schemas = await form.schemas(authSchemas);
    if (!schemas) return;
    const checked = form.check(schemas.resetPasswordBody, body);
    if (!checked) return;
    await form.run(
      async () => {
        await api.post('v1/auth/reset-password', checked);
        flashAndGo('success', t('Password reset successfully'), path('/login'));
      },
      { leaving: true, onError: resetFailed },
    );
  }

  const [title, intro, count] = titles[step];
  return (
    <AuthCard title={t(title)} intro={t(intro, { count })}>
      {step === 'email' && (
        <AuthForm onSubmit={sendCode}>
          <Field id="email" label={t('Email')} type="email" autoComplete="email" required error={form.errors.email} />
          <SubmitButton busy={form.busy} busyLabel={t('Processing...')}>
            {t('Send code')}
          </SubmitButton>
        </AuthForm>
      )}
      {step === 'otp' && (
        <AuthForm onSubmit={checkCode}>
          <fieldset>
            <legend className="mb-3 text-sm font-medium text-ink">{t('Code sent to {email}', { email })}</legend>
            <OtpInput
              id="otp"
              value={otp}
              onChange={setOtp}
              invalid={!!form.errors.otp}
              describedBy={form.errors.otp ? 'otp-error' : undefined}
            />
          </fieldset>
          {form.errors.otp && (
            <p id="otp-error" className={errorClass}>
              {t(form.errors.otp)}
            </p>
          )}
          <SubmitButton busy={false} busyLabel={t('Processing...')}>
            {t('Continue')}
          </SubmitButton>
        </AuthForm>
      )}
      {step === 'password' && (
        <AuthForm onSubmit={reset} alert={form.alert}>
          <Field
            id="password"
            label={t('New password')}
            type="password"
            autoComplete="new-password"
            required
            error={form.errors.NewPassword}
          />
          <SubmitButton busy={form.busy} busyLabel={t('Processing...')}>
            {t('Reset password')}
          </SubmitButton>
          {form.alert && (
            <button type="button" className={linkClass} onClick={() => setStep('otp')}>
              {t('Enter the code again')}
            </button>
          )}
        </AuthForm>
      )}
      <BackToLogin />
    </AuthCard>
  );
}

export default function ForgotPassword({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Wizard />
    </Island>
  );
}
