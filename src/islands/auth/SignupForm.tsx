// /Signup: name, e-mail and password; Google and (inactive) GitHub buttons.
import { useState, type SubmitEvent } from 'react';
import type { Translate } from '../../i18n/translate.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import type { SessionResponse } from '../../lib/schemas/auth.ts';
import { startSession } from '../../lib/session.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { authSchemas } from './auth-schemas.ts';
import { AuthCard, AuthForm, OrDivider } from './AuthCard.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { Field } from '../ui/Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { TwoFactorCard } from './TwoFactorStep.tsx';
import { useForm } from '../ui/useForm.ts';
import { useGuard } from '../ui/useGuard.ts';
import { linkClass, secondaryButton } from '../ui/classes.ts';
import { SubmitButton } from '../ui/FormButtons.tsx';
import { useLanguage } from '../ui/i18n.tsx';

function signupFailed(err: unknown, t: Translate) {
  notify('error', t('Enter a Vaild Email'));
  return { message: errorMessage(err, ''), fields: {} };
}

function Form() {
  const { t, path } = useLanguage();
  useGuard('guest');
  const form = useForm();
  // Google's answer for an existing account with two-factor on: its second step.
  const [challenge, setChallenge] = useState<string | null>(null);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const fields = Object.fromEntries(new FormData(e.currentTarget));
    const schemas = await form.schemas(authSchemas);
    if (!schemas) return;
    const body = form.check(schemas.signupBody, fields);
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.post<Partial<SessionResponse>>('v1/auth/signup', body);
        // The token is kept before the success check, as the product asks: an answer carrying a token has
        // created the account even if it reports a problem.
        if (res.token) startSession(res.token, res.user, res.deviceToken);
        if (!res.success) throw new ApiError(200, res.message ?? 'Signup failed');
        flashAndGo('success', t('Account created successfully!'), path('/login'));
      },
      { leaving: true, onError: signupFailed },
    );
  }

  if (challenge) return <TwoFactorCard challenge={challenge} onRestart={() => setChallenge(null)} />;

  return (
    <AuthCard title={t('Create your account')} intro={t('Join us to follow your projects and claim featured sites.')}>
      <AuthForm onSubmit={onSubmit} alert={form.alert}>
        <Field id="name" label={t('Full name')} autoComplete="name" required error={form.errors.name} />
        <Field id="email" label={t('Email')} type="email" autoComplete="email" required error={form.errors.email} />
        <Field
          id="password"
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          required
          error={form.errors.password}
        />
        <SubmitButton busy={form.busy} busyLabel={t('Creating account...')}>
          {t('Create account')}
        </SubmitButton>
      </AuthForm>
      <OrDivider />
      <div className="grid gap-3">
        <GoogleButton label={t('Sign up with Google')} onTwoFactor={setChallenge} />
        <button
          type="button"
          className={`${secondaryButton} w-full`}
          disabled
          title={t('GitHub sign-up is not available yet')}
        >
          {t('Sign up with GitHub (coming soon)')}
        </button>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('Already have an account?')}{' '}
        <a href={path('/login')} className={linkClass}>
          {t('Sign in')}
        </a>
      </p>
      <p className="mt-2 text-center text-sm">
        <a href={path('/')} className={linkClass}>
          {t('Back to home')}
        </a>
      </p>
    </AuthCard>
  );
}

export default function SignupForm({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Form />
    </Island>
  );
}
