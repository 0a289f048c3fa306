// /login: e-mail and password, 'Remember me' (no effect, as specified), Google, and the way to a reset.
import type { SubmitEvent } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';
import type { SessionResponse } from '../../lib/schemas/auth.ts';
import { readDeviceToken, startSession } from '../../lib/session.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { authSchemas, usePreloadedAuthSchemas } from './auth-schemas.ts';
import { AuthCard, OrDivider } from './AuthCard.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Field } from '../ui/Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useForm } from '../ui/useForm.ts';
import { useGuard } from '../ui/useGuard.ts';
import { linkClass, primaryButton } from '../ui/classes.ts';

function signInFailed(err: unknown) {
  const message = errorMessage(err, 'Invalid credentials');
  notify('error', message);
  return { message, fields: {} };
}

function Form() {
  useGuard('guest');
  usePreloadedAuthSchemas();
  const form = useForm();

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const schemas = await authSchemas();
    if (!schemas) return;
    const body = form.check(schemas.signInBody, { email: data.get('email'), password: data.get('password') });
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.post<SessionResponse>('v1/auth/sign-in', { ...body, deviceToken: readDeviceToken() });
        startSession(res.token, res.user, res.deviceToken);
        flashAndGo('success', res.message || 'Signed in', '/userdashboard', true);
      },
      { leaving: true, onError: signInFailed },
    );
  }

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to reach your dashboard.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {form.alert && <FormAlert message={form.alert} />}
        <Field id="email" label="Email" type="email" autoComplete="email" required error={form.errors.email} />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={form.errors.password}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="inline-flex items-center gap-2 text-slate-700">
            <input type="checkbox" name="remember" className="size-4 rounded border-slate-300 accent-brand-600" />
            Remember me
          </label>
          <a href="/forgot-password" className={linkClass}>
            Forgot your password?
          </a>
        </div>
        <button type="submit" className={primaryButton} disabled={form.busy}>
          {form.busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
      <OrDivider />
      <GoogleButton label="Sign in with Google" />
      <p className="mt-6 text-center text-sm text-slate-600">
        No account yet?{' '}
        <a href="/Signup" className={linkClass}>
          Create one
        </a>
      </p>
    </AuthCard>
  );
}

export default function LoginForm() {
  return (
    <ErrorBoundary>
      <Form />
    </ErrorBoundary>
  );
}
