// /forgot-password: e-mail, then the mailed code (checked by the server only with the last step),
// then the new password; success goes to /login.
import { useState, type SubmitEvent, type ReactNode } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';
import { LIMITS } from '../../lib/constants.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { authSchemas, usePreloadedAuthSchemas } from './auth-schemas.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Field, fieldErrors } from '../ui/Field.tsx';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { errorClass, linkClass, primaryButton } from '../ui/classes.ts';

type Step = 'email' | 'otp' | 'password';

const titles: Record<Step, [string, string]> = {
  email: [
    'Forgot your password?',
    `Enter the e-mail address of your account and we will send you a ${LIMITS.otpLength}-digit code.`,
  ],
  otp: ['Enter the code', `Type the ${LIMITS.otpLength}-digit code we sent to your e-mail.`],
  password: ['Choose a new password', `Use at least ${LIMITS.passwordMin} characters.`],
};

function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm">
      <a href="/login" className={linkClass}>
        Back to login
      </a>
    </p>
  );
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={primaryButton} disabled={busy}>
      {busy ? 'Processing...' : children}
    </button>
  );
}

function Wizard() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState(emptyOtp);
  const [error, setError] = useState('');
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  usePreloadedAuthSchemas();

  async function sendCode(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = new FormData(e.currentTarget).get('email');
    const schemas = await authSchemas();
    if (!schemas) return;
    const parsed = schemas.resetOtpBody.safeParse({ email: typed });
    setError(parsed.success ? '' : (fieldErrors(parsed.error.issues).email ?? ''));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const res = await api.post('v1/auth/reset-otp', parsed.data);
      if (res.message) notify('success', res.message);
      if (res.message !== 'OTP sent to your email') notify('success', 'OTP sent to your email');
      setEmail(parsed.data.email);
      setStep('otp');
    } catch (err) {
      notify('error', errorMessage(err, 'Failed to send OTP'));
    } finally {
      setBusy(false);
    }
  }

  async function checkCode(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const schemas = await authSchemas();
    if (!schemas) return;
    const parsed = schemas.otpField.safeParse(otp.join(''));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid OTP');
      notify('error', 'Invalid OTP');
      return;
    }
    setError('');
    notify('success', 'OTP verified');
    setStep('password');
  }

  async function reset(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { email, otp: otp.join(''), NewPassword: new FormData(e.currentTarget).get('password') };
    const schemas = await authSchemas();
    if (!schemas) return;
    const parsed = schemas.resetPasswordBody.safeParse(body);
    setError(parsed.success ? '' : (fieldErrors(parsed.error.issues).NewPassword ?? ''));
    setServerError('');
    if (!parsed.success) return;
    setBusy(true);
    try {
      await api.post('v1/auth/reset-password', parsed.data);
      flashAndGo('success', 'Password reset successfully', '/login');
    } catch (err) {
      notify('error', 'Failed to reset password');
      setServerError(errorMessage(err, ''));
      setBusy(false);
    }
  }

  const [title, intro] = titles[step];
  return (
    <AuthCard title={title} intro={intro}>
      {step === 'email' && (
        <form onSubmit={sendCode} noValidate className="grid gap-4">
          <Field id="email" label="Email" type="email" autoComplete="email" required error={error} />
          <Submit busy={busy}>Send code</Submit>
        </form>
      )}
      {step === 'otp' && (
        <form onSubmit={checkCode} noValidate className="grid gap-4">
          <fieldset>
            <legend className="mb-3 text-sm font-medium text-ink">Code sent to {email}</legend>
            <OtpInput
              id="otp"
              value={otp}
              onChange={setOtp}
              invalid={!!error}
              describedBy={error ? 'otp-error' : undefined}
            />
          </fieldset>
          {error && (
            <p id="otp-error" className={errorClass}>
              {error}
            </p>
          )}
          <Submit busy={false}>Continue</Submit>
        </form>
      )}
      {step === 'password' && (
        <form onSubmit={reset} noValidate className="grid gap-4">
          {serverError && <FormAlert message={serverError} />}
          <Field
            id="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            error={error}
          />
          <Submit busy={busy}>Reset password</Submit>
          {serverError && (
            <button type="button" className={linkClass} onClick={() => setStep('otp')}>
              Enter the code again
            </button>
          )}
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}

export default function ForgotPassword() {
  return (
    <ErrorBoundary>
      <Wizard />
    </ErrorBoundary>
  );
}
