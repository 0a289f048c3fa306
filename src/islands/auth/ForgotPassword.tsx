// /forgot-password: e-mail, then the mailed code (checked by the server only with the last step),
// then the new password; success goes to /login.
import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { LIMITS } from '../../lib/constants.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { authSchemas, usePreloadedAuthSchemas } from './auth-schemas.ts';
import { AuthCard, AuthForm } from './AuthCard.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Field } from '../ui/Field.tsx';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { errorClass, linkClass } from '../ui/classes.ts';
import { SubmitButton } from '../ui/FormButtons.tsx';
import { toastProblem, useForm } from '../ui/useForm.ts';

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

function resetFailed(err: unknown) {
  notify('error', 'Failed to reset password');
  return { message: errorMessage(err, ''), fields: {} };
}

function Wizard() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState(emptyOtp);
  const form = useForm();
  usePreloadedAuthSchemas();

  async function sendCode(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = new FormData(e.currentTarget).get('email');
    const schemas = await authSchemas();
    if (!schemas) return;
    const body = form.check(schemas.resetOtpBody, { email: typed });
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.post('v1/auth/reset-otp', body);
        if (res.message) notify('success', res.message);
        if (res.message !== 'OTP sent to your email') notify('success', 'OTP sent to your email');
        setEmail(body.email);
        setStep('otp');
      },
      { onError: toastProblem((err) => errorMessage(err, 'Failed to send OTP')) },
    );
  }

  async function checkCode(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const schemas = await authSchemas();
    if (!schemas) return;
    const parsed = schemas.otpField.safeParse(otp.join(''));
    if (!parsed.success) {
      form.setErrors({ otp: parsed.error.issues[0]?.message ?? 'Invalid OTP' });
      notify('error', 'Invalid OTP');
      return;
    }
    form.setErrors({});
    notify('success', 'OTP verified');
    setStep('password');
  }

  async function reset(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { email, otp: otp.join(''), NewPassword: new FormData(e.currentTarget).get('password') };
    const schemas = await authSchemas();
    if (!schemas) return;
    const checked = form.check(schemas.resetPasswordBody, body);
    if (!checked) return;
    await form.run(
      async () => {
        await api.post('v1/auth/reset-password', checked);
        flashAndGo('success', 'Password reset successfully', '/login');
      },
      { leaving: true, onError: resetFailed },
    );
  }

  const [title, intro] = titles[step];
  return (
    <AuthCard title={title} intro={intro}>
      {step === 'email' && (
        <AuthForm onSubmit={sendCode}>
          <Field id="email" label="Email" type="email" autoComplete="email" required error={form.errors.email} />
          <SubmitButton busy={form.busy} busyLabel="Processing...">
            Send code
          </SubmitButton>
        </AuthForm>
      )}
      {step === 'otp' && (
        <AuthForm onSubmit={checkCode}>
          <fieldset>
            <legend className="mb-3 text-sm font-medium text-ink">Code sent to {email}</legend>
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
              {form.errors.otp}
            </p>
          )}
          <SubmitButton busy={false} busyLabel="Processing...">
            Continue
          </SubmitButton>
        </AuthForm>
      )}
      {step === 'password' && (
        <AuthForm onSubmit={reset} alert={form.alert}>
          <Field
            id="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            error={form.errors.NewPassword}
          />
          <SubmitButton busy={form.busy} busyLabel="Processing...">
            Reset password
          </SubmitButton>
          {form.alert && (
            <button type="button" className={linkClass} onClick={() => setStep('otp')}>
              Enter the code again
            </button>
          )}
        </AuthForm>
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
