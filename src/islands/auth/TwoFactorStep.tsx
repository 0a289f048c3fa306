// The second step of a sign-in (password or Google) with two-factor on: the 6-digit code of the
// authenticator app in the OTP boxes (a paste fills them), or, behind a link, one of the recovery codes.
import { useState, type SubmitEvent } from 'react';
import { localePath } from '../../i18n/locales.ts';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import type { SessionResponse } from '../../lib/schemas/auth.ts';
import { keepSession, readDeviceToken } from '../../lib/session.ts';
import { flashAndGo } from '../../lib/toast.ts';
import { AuthCard } from './AuthCard.tsx';
import { Field } from '../ui/Field.tsx';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { errorClass, linkClass, primaryButton } from '../ui/classes.ts';
import { useLanguage, useT } from '../ui/i18n.tsx';
import { useForm } from '../ui/useForm.ts';

interface Props {
  challenge: string;
  onSignedIn: (res: SessionResponse) => void;
  onRestart: () => void;
}

export function TwoFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [otp, setOtp] = useState(emptyOtp);
  const form = useForm();
  const error = form.alert;

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    // Checked by the server alone: its words for a short or empty code are the ones shown (the login
    // page loads no schemas before it is idle).
    const code = recovery ? String(new FormData(e.currentTarget).get('recoveryCode') ?? '') : otp.join('');
    await form.run(
      async () =>
        onSignedIn(
          await api.post<SessionResponse>('v1/auth/two-factor', { challenge, code, deviceToken: readDeviceToken() }),
        ),
      {
        leaving: true,
        onError: (err) => {
          setOtp(emptyOtp());
          return { message: errorMessage(err, 'Invalid code'), fields: {} };
        },
      },
    );
  }

  const errorId = 'two-factor-error';
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('Two-factor authentication')}>
      {recovery ? (
        <Field
          id="recoveryCode"
          label={t('Recovery code')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={error || undefined}
        />
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-ink">{t('Code from your authenticator app')}</legend>
          <div className="mt-2">
            <OtpInput
              id="two-factor-code"
              value={otp}
              onChange={setOtp}
              required
              invalid={!!error}
              describedBy={error ? errorId : undefined}
            />
          </div>
          {error && (
            <p id={errorId} className={errorClass}>
              {t(error)}
            </p>
          )}
        </fieldset>
      )}
      <button type="submit" className={primaryButton} disabled={form.busy}>
        {form.busy ? t('Checking...') : t('Verify')}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery(!recovery);
            form.reset();
          }}
        >
          {recovery ? t('Use a code from your app') : t('Use a recovery code')}
        </button>
        <button type="button" className={linkClass} onClick={onRestart}>
          {t('Start over')}
        </button>
      </div>
    </form>
  );
}

/**
 * The end of every sign-in that answered a session: the token is kept, and the dashboard opens in the
 * account's language. The toast is said in the page's (`t` of useLanguage()): a dashboard in another language
 * shows none.
 */
export function finishSignIn(res: SessionResponse, { t }: ReturnType<typeof useLanguage>) {
  keepSession(res.token, res.deviceToken);
  flashAndGo('success', t(res.message || 'Signed in'), localePath('/userdashboard', res.locale), true);
}

/** The second step as a page of its own, after a first step (password or Google) answered a challenge. */
export function TwoFactorCard({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const language = useLanguage();
  const { t } = language;
  return (
    <AuthCard title={t('Two-factor authentication')} intro={t('Enter the 6-digit code from your authenticator app.')}>
      <TwoFactorStep challenge={challenge} onSignedIn={(res) => finishSignIn(res, language)} onRestart={onRestart} />
    </AuthCard>
  );
}
