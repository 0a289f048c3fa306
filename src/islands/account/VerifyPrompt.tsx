// Shown on the dashboard until the address is verified: the same request as the avatar menu's
// 'Verify Account' (a code is mailed, then /email-verify asks for it). Made here rather than through
// lib/verify-email.ts, which knows neither the page's language nor its /email-verify.
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { primaryButton } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';

export function VerifyPrompt() {
  const { t, path } = useLanguage();
  const [busy, setBusy] = useState(false);

  /** On success the toast follows to the code page. */
  async function request() {
    try {
      const res = await api.post('v1/auth/verify-otp');
      flashAndGo('success', t(res.message || 'Verification code sent'), path('/email-verify'));
    } catch (err) {
      notify('error', t(errorMessage(err)));
    }
  }

  return (
    <section
      aria-labelledby="verify-prompt"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="verify-prompt" className="text-base font-semibold text-amber-900">
          {t('Your e-mail address is not verified yet')}
        </h2>
        <p className="mt-1 text-sm text-amber-900">
          {t('We will mail you a 6-digit code to confirm that it is yours.')}
        </p>
      </div>
      <button
        type="button"
        className={primaryButton}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await request();
          setBusy(false);
        }}
      >
        {t('Verify Account')}
      </button>
    </section>
  );
}
