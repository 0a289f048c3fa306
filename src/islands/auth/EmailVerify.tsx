// /email-verify: the six-box code form. Whatever the answer, the user goes on to /userdashboard
// with the server's message.
import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { flashAndGo } from '../../lib/toast.ts';
import { AuthCard } from './AuthCard.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { Protected } from '../ui/Protected.tsx';
import { requestVerifyCode } from '../../lib/verify-email.ts';
import { linkClass, primaryButton } from '../ui/classes.ts';
import { useForm } from '../ui/useForm.ts';
import { useLanguage } from '../ui/i18n.tsx';

function VerifyForm({ email }: { email: string }) {
  const language = useLanguage();
  const { t, path } = language;
  const [otp, setOtp] = useState(emptyOtp);
  const { busy, run } = useForm();
  const resending = useForm();

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    // Either answer leaves for the dashboard with its message.
    await run(
      async () => {
        try {
          const res = await api.post('v1/auth/verify-account', { otp: otp.join('') });
          flashAndGo('success', t(res.message || 'Email verified'), path('/userdashboard'));
        } catch (err) {
          flashAndGo('error', t(errorMessage(err)), path('/userdashboard'));
        }
      },
      { leaving: true },
    );
  }

  return (
    <AuthCard title={t('Verify Your Email')} intro={t('Signed in as {email}.', { email })}>
      <form onSubmit={onSubmit} className="grid gap-5">
        <fieldset>
          <legend className="mb-3 w-full text-center text-sm font-medium text-ink">
            {t('Enter 6 Digit Code sent to your Mail')}
          </legend>
          <OtpInput id="code" value={otp} onChange={setOtp} required />
        </fieldset>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('Processing...') : t('verify Email')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('No code?')}{' '}
        <button
          type="button"
          className={linkClass}
          onClick={() => void resending.run(() => requestVerifyCode('stay', language))}
          disabled={resending.busy}
        >
          {t('Send a new code')}
        </button>
      </p>
    </AuthCard>
  );
}

export default function EmailVerify({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Protected rule="unverified">{(user) => <VerifyForm email={user.email} />}</Protected>
    </Island>
  );
}
