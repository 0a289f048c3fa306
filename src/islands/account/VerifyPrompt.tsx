// Shown on the dashboard until the address is verified: the same request as the avatar menu's
// 'Verify Account' (a code is mailed, then /email-verify asks for it).
import { useState } from 'react';
import { requestVerifyCode } from '../../lib/verify-email.ts';
import { primaryButton } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';

export function VerifyPrompt() {
  const language = useLanguage();
  const { t } = language;
  const [busy, setBusy] = useState(false);
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
          await requestVerifyCode('go', language);
          setBusy(false);
        }}
      >
        {t('Verify Account')}
      </button>
    </section>
  );
}
