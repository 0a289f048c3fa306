// /account, Language: the language the account's e-mails are written in (codes, notices, replies to its
// enquiries), saved through PATCH /api/v1/account. Each language has its own pages, so a choice other
// than the page's moves the visitor to this page in that language, with the toast in it.
import { type SubmitEvent, useEffect, useState } from 'react';
import { isLocale, LANGUAGES, LOCALES, type Locale, localePath } from '../../i18n/locales.ts';
import { byLanguage, type Catalog, translator } from '../../i18n/translate.ts';
import { api } from '../../lib/api-client.ts';
import type { AccountResponse, ProfileResponse } from '../../lib/schemas/account.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import { AccountPanel, problemOf } from './AccountPanel.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { labelClass, primaryButton, selectClass } from '../ui/classes.ts';
import { loadCatalogs, useLanguage } from '../ui/i18n.tsx';
import { useForm } from '../ui/useForm.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';

/** The shared components' texts (the panel's frame) and the panel's own, in the page's language. */
const CATALOGS = await loadCatalogs(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/account-language.ts', { import: 'ACCOUNT_LANGUAGE' }),
);
/** The panel's own texts in every language: 'Language saved' is said in the language chosen. */
const EVERY_LANGUAGE = byLanguage(
  import.meta.glob<Catalog>('../../i18n/*/account-language.ts', { eager: true, import: 'ACCOUNT_LANGUAGE' }),
);

/** Where the panel sits on /account, for the move to another language to land on it. */
const SECTION = '#language';

function LanguageForm() {
  const { locale: pageLocale, t } = useLanguage();
  const form = useForm();
  // The account's saved language: read from the profile (the session store's user has none).
  const [loaded, setLoaded] = useState(false);
  const [choice, setChoice] = useState<Locale>(pageLocale);
  const { setAlert } = form;

  useEffect(() => {
    let live = true;
    api.get<AccountResponse>('v1/account').then(
      (res) => {
        if (!live) return;
        setChoice(res.user.locale);
        setLoaded(true);
      },
      (err: unknown) => {
        if (!live) return;
        // The page's language stays chosen; saving still works.
        setAlert(problemOf(err).message);
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [setAlert]);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const locale = choice;
    const moving = locale !== pageLocale;
    await form.run(
      async () => {
        await api.patch<ProfileResponse>('v1/account', { locale });
        // Said in the language chosen: the reader may have picked the one they read.
        const message = translator(locale, EVERY_LANGUAGE)('Language saved');
        if (moving) flashAndGo('success', message, `${localePath('/account', locale)}${SECTION}`, false, locale);
        else notify('success', message);
      },
      { onError: problemOf, leaving: moving },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <div>
        <label htmlFor="account-language" className={labelClass}>
          {t('Language')}
        </label>
        <select
          id="account-language"
          name="locale"
          className={`mt-1 w-full sm:w-auto ${selectClass}`}
          value={choice}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isLocale(value)) setChoice(value);
          }}
          disabled={!loaded || form.busy}
          aria-describedby="account-language-help"
          aria-invalid={form.errors.locale ? true : undefined}
        >
          {LOCALES.map((l) => (
            // Each language in its own name and its own language, for a screen reader to say it rightly.
            <option key={l} value={l} lang={l}>
              {LANGUAGES[l].name}
            </option>
          ))}
        </select>
        <p id="account-language-help" className="mt-1 text-xs text-slate-600">
          {t(
            'The e-mails we send you (codes, notices about your account and our replies to your enquiries) are written in this language.',
          )}
        </p>
      </div>
      {(form.errors.locale || form.alert) && <FormAlert message={form.errors.locale ?? form.alert} />}
      <button
        type="submit"
        className={`${primaryButton} sm:w-auto sm:justify-self-start`}
        disabled={!loaded || form.busy}
      >
        {form.busy ? t('Saving...') : t('Save language')}
      </button>
    </form>
  );
}

export default function AccountLanguage({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={CATALOGS}>
      <AccountPanel>{() => <LanguageForm />}</AccountPanel>
    </Island>
  );
}
