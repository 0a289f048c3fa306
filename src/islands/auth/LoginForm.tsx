// /login: e-mail and password, 'Remember me' (no effect, as specified), Google, and the way to a reset;
// passkeys (a button, and the e-mail field's autofill), and the second step when two-factor is on (after the
// password or Google).
import { useEffect, useState, type SubmitEvent } from 'react';
import type { Translate } from '../../i18n/translate.ts';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import type { SignInResponse } from '../../lib/schemas/two-factor.ts';
import { readDeviceToken } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { authSchemas } from './auth-schemas.ts';
import { AuthCard, AuthForm, OrDivider } from './AuthCard.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { Field } from '../ui/Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { passkeysSupported, signInWithPasskey } from './passkey-sign-in.ts';
import { finishSignIn, TwoFactorCard } from './TwoFactorStep.tsx';
import { useForm } from '../ui/useForm.ts';
import { useGuard } from '../ui/useGuard.ts';
import { linkClass, secondaryButton } from '../ui/classes.ts';
import { SubmitButton } from '../ui/FormButtons.tsx';
import { useLanguage } from '../ui/i18n.tsx';

/** A failure told in a toast (in the page's language) and in the form (translated where it is shown). */
function failedWith(fallback: string) {
  return (err: unknown, t: Translate) => {
    const message = errorMessage(err, fallback);
    notify('error', t(message));
    return { message, fields: {} };
  };
}

function Form() {
  const language = useLanguage();
  const { t, path } = language;
  useGuard('guest');
  const form = useForm();
  const { setAlert } = form;
  const [challenge, setChallenge] = useState<string | null>(null);
  const [autofillRound, setAutofillRound] = useState(0);
  // The prebuilt page shows the passkey button (every current browser has passkeys), so that the form
  // does not move when it hydrates; a browser without them loses the button then.
  const [canPasskey, setCanPasskey] = useState(true);
  useEffect(() => setCanPasskey(passkeysSupported()), []);

  // The e-mail field offers the site's passkeys (autocomplete="username webauthn"); a waiting request
  // answers when one is picked there (the form stays usable meanwhile). Armed again after the button's
  // own request, which replaces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: autofillRound re-arms it
  useEffect(() => {
    if (challenge) return;
    let live = true;
    signInWithPasskey(true)
      .then((res) => {
        if (live && res) finishSignIn(res, language);
      })
      .catch((err: unknown) => {
        if (live) setAlert(failedWith('Passkey sign-in failed')(err, language.t).message);
      });
    return () => {
      live = false;
    };
  }, [autofillRound, challenge, setAlert, language]);

  async function passkeyButton() {
    await form.run(
      async () => {
        const res = await signInWithPasskey();
        if (res) finishSignIn(res, language);
      },
      { onError: failedWith('Passkey sign-in failed') },
    );
    setAutofillRound((n) => n + 1);
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const schemas = await form.schemas(authSchemas);
    if (!schemas) return;
    const body = form.check(schemas.signInBody, { email: data.get('email'), password: data.get('password') });
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.post<SignInResponse>('v1/auth/sign-in', { ...body, deviceToken: readDeviceToken() });
        if ('twoFactorRequired' in res) setChallenge(res.challenge);
        else finishSignIn(res, language);
      },
      { leaving: true, onError: failedWith('Invalid credentials') },
    );
  }

  if (challenge) return <TwoFactorCard challenge={challenge} onRestart={() => setChallenge(null)} />;

  return (
    <AuthCard title={t('Sign in')} intro={t('Welcome back. Sign in to reach your dashboard.')}>
      <AuthForm onSubmit={onSubmit} alert={form.alert}>
        <Field
          id="email"
          label={t('Email')}
          type="email"
          autoComplete="username webauthn"
          required
          error={form.errors.email}
        />
        <Field
          id="password"
          label={t('Password')}
          type="password"
          autoComplete="current-password"
          required
          error={form.errors.password}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="inline-flex items-center gap-2 text-slate-700">
            <input type="checkbox" name="remember" className="size-4 rounded border-slate-300 accent-brand-600" />
            {t('Remember me')}
          </label>
          <a href={path('/forgot-password')} className={linkClass}>
            {t('Forgot your password?')}
          </a>
        </div>
        <SubmitButton busy={form.busy} busyLabel={t('Signing in...')}>
          {t('Sign in')}
        </SubmitButton>
      </AuthForm>
      <OrDivider />
      <div className="grid gap-3">
        {canPasskey && (
          <button
            type="button"
            className={`${secondaryButton} w-full`}
            onClick={() => void passkeyButton()}
            disabled={form.busy}
          >
            {t('Sign in with a passkey')}
          </button>
        )}
        <GoogleButton label={t('Sign in with Google')} onTwoFactor={setChallenge} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('No account yet?')}{' '}
        <a href={path('/Signup')} className={linkClass}>
          {t('Create one')}
        </a>
      </p>
    </AuthCard>
  );
}

export default function LoginForm({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Form />
    </Island>
  );
}
