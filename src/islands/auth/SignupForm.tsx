// /Signup: name, e-mail and password; Google and (inactive) GitHub buttons.
import { useState, type SubmitEvent } from 'react';
import { api, ApiError, errorMessage } from '../../lib/api-client.ts';
import type { SessionResponse } from '../../lib/schemas/auth.ts';
import { startSession } from '../../lib/session.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { authSchemas, usePreloadedAuthSchemas } from './auth-schemas.ts';
import { AuthCard, OrDivider } from './AuthCard.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Field, fieldErrors } from '../ui/Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useGuard } from '../ui/useGuard.ts';
import { linkClass, primaryButton, secondaryButton } from '../ui/classes.ts';

function Form() {
  useGuard('guest');
  usePreloadedAuthSchemas();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const fields = Object.fromEntries(new FormData(e.currentTarget));
    const schemas = await authSchemas();
    if (!schemas) return;
    const parsed = schemas.signupBody.safeParse(fields);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    setServerError('');
    if (!parsed.success) return;
    setBusy(true);
    try {
      const res = await api.post<Partial<SessionResponse>>('v1/auth/signup', parsed.data);
      // The token is kept before the success check, as the product asks: an answer carrying a token has
      // created the account even if it reports a problem.
      if (res.token) startSession(res.token, res.user);
      if (!res.success) throw new ApiError(200, res.message ?? 'Signup failed');
      flashAndGo('success', 'Account created successfully!', '/login');
    } catch (err) {
      notify('error', 'Enter a Vaild Email');
      setServerError(errorMessage(err, ''));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Create your account" intro="Join us to follow your projects and claim featured sites.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <FormAlert message={serverError} />}
        <Field id="name" label="Full name" autoComplete="name" required error={errors.name} />
        <Field id="email" label="Email" type="email" autoComplete="email" required error={errors.email} />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </button>
      </form>
      <OrDivider />
      <div className="grid gap-3">
        <GoogleButton label="Sign up with Google" />
        <button
          type="button"
          className={`${secondaryButton} w-full`}
          disabled
          title="GitHub sign-up is not available yet"
        >
          Sign up with GitHub (coming soon)
        </button>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <a href="/login" className={linkClass}>
          Sign in
        </a>
      </p>
      <p className="mt-2 text-center text-sm">
        <a href="/" className={linkClass}>
          Back to home
        </a>
      </p>
    </AuthCard>
  );
}

export default function SignupForm() {
  return (
    <ErrorBoundary>
      <Form />
    </ErrorBoundary>
  );
}
