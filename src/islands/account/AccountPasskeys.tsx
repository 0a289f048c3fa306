// /account, Passkeys: the account's passkeys (name, added, last used), adding one with this device's
// authenticator (after the step-up the API asks for: a code mailed to the account, StepUp.tsx, or, where
// the account has an authenticator app, a code of it), renaming and removing (with a code of the app
// when the API asks for one). Google-only accounts can add them too.
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { PASSKEY_NAME_MAX } from '../../lib/sign-in-methods.ts';
import type { Passkey } from '../../lib/schemas/passkeys.ts';
import { accountSchemas } from './account-schemas.ts';
import { notify } from '../../lib/toast.ts';
import { Field } from '../ui/Field.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { Loading } from '../ui/Loading.tsx';
import { WhenNear } from '../ui/WhenNear.tsx';
import { emptyOtp } from '../ui/OtpInput.tsx';
import { dangerButton, primaryButton, secondaryButton } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';
import { toastProblem, useForm } from '../ui/useForm.ts';
import { AccountPanel, formatTime, problemOf } from './AccountPanel.tsx';
import { needsCode, needsStepUp, StepUpForm, useStepUp } from './StepUp.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

/** The browser's own refusal (the user closed its prompt) says nothing worth an error. */
function cancelled(err: unknown) {
  return err instanceof WebAuthnError && err.code === 'ERROR_CEREMONY_ABORTED';
}

function PasskeyList() {
  const { t, locale } = useLanguage();
  const [keys, setKeys] = useState<Passkey[] | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // The API asked for a code of the authenticator app: to add a passkey, or to remove one.
  const [addCode, setAddCode] = useState(false);
  const [removeCode, setRemoveCode] = useState(false);
  // The mailed code's boxes, shown while the API asks for the step-up.
  const stepUp = useStepUp();
  const addButton = useRef<HTMLButtonElement>(null);
  // When the code's form closes, the focus goes back to the button (once it is enabled again), not to <body>.
  const [refocus, setRefocus] = useState(false);
  const form = useForm();
  const { alert, busy, setAlert } = form;
  useEffect(() => {
    if (!refocus || busy || stepUp.open) return;
    addButton.current?.focus();
    setRefocus(false);
  }, [refocus, busy, stepUp.open]);

  const load = useCallback(async () => {
    try {
      setKeys((await api.get<{ data: Passkey[] }>('v1/account/passkeys')).data);
    } catch (err) {
      setAlert(problemOf(err).message);
    }
  }, [setAlert]);
  useEffect(() => void load(), [load]);

  /**
   * Options (with the mailed code, or the app's code, when there is one), the browser's ceremony, and the
   * new passkey.
   */
  async function register(proof: { otp?: string; code?: string } = {}) {
    const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
      'v1/account/passkeys/options',
      proof,
    );
    // The code is used up: another passkey asks for a new one.
    if (proof.otp) stepUp.used();
    if (proof.otp || proof.code) {
      setAddCode(false);
      setRefocus(true);
    }
    const response = await startRegistration({ optionsJSON });
    const res = await api.post('v1/account/passkeys', { response });
    notify('success', t(res.message));
    await load();
  }

  const onError = (err: unknown) => {
    // The browser's own failures (no authenticator, a refusal) are WebAuthnErrors with a message, in the
    // library's English: the catalog has no words for them.
    if (cancelled(err)) return { message: 'No passkey was added.', fields: {} };
    if (err instanceof WebAuthnError) return { message: err.message, fields: {} };
    if (needsStepUp(err)) stepUp.setOtp(emptyOtp());
    return problemOf(err);
  };

  const add = () =>
    form.run(
      async () => {
        try {
          await register();
        } catch (err) {
          if (needsCode(err)) return setAddCode(true);
          if (!needsStepUp(err)) throw err;
          await stepUp.ask();
        }
      },
      { onError },
    );

  const cancelStepUp = () => {
    form.reset();
    stepUp.close();
    setRefocus(true);
  };

  async function rename(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!renaming) return;
    const name = new FormData(e.currentTarget).get('passkeyName');
    const schemas = await form.schemas(accountSchemas);
    if (!schemas) return;
    const body = form.check(schemas.renamePasskeyBody, { name });
    if (!body) return;
    await form.run(async () => {
      const res = await api.patch(`v1/account/passkeys/${renaming._id}`, body);
      notify('success', t(res.message));
      setRenaming(null);
      await load();
    });
  }

  async function remove(code: string) {
    if (!removing) return;
    await form.run(
      async () => {
        try {
          const res = await api.delete(`v1/account/passkeys/${removing._id}`, code ? { code } : undefined);
          notify('success', t(res.message));
          setRemoving(null);
          setRemoveCode(false);
          await load();
        } catch (err) {
          // The dialog shows the code's box, with the API's words above it.
          if (needsCode(err) && !code) return setRemoveCode(true);
          throw err;
        }
      },
      { onError: toastProblem((err) => problemOf(err).message) },
    );
  }

  const closeRemove = () => {
    setRemoving(null);
    setRemoveCode(false);
  };

  if (!keys) return alert ? <FormAlert message={alert} /> : <Loading compact />;
  return (
    <div className="grid gap-4">
      {alert && <FormAlert message={alert} />}
      {keys.length === 0 ? (
        <p className="text-sm text-slate-700">{t('No passkeys yet.')}</p>
      ) : (
        // Drawn as the panel nears: its dates start the browser's ICU (WhenNear).
        <WhenNear fallback={<Loading compact />}>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={t('Passkeys')}>
            {keys.map((k) => (
              <li key={k._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold text-ink">{k.name}</p>
                  <p className="text-sm text-slate-700">
                    {t('Added {date}', { date: formatTime(k.createdAt, locale) })} ·{' '}
                    {k.lastUsedAt
                      ? t('Last used {date}', { date: formatTime(k.lastUsedAt, locale) })
                      : t('Not used yet')}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={busy}
                    aria-label={t('Rename passkey {name}', { name: k.name })}
                    onClick={() => {
                      form.reset();
                      setRenaming(k);
                    }}
                  >
                    {t('Rename')}
                  </button>
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={busy}
                    aria-label={t('Remove passkey {name}', { name: k.name })}
                    onClick={() => setRemoving(k)}
                  >
                    {t('Remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </WhenNear>
      )}
      {!browserSupportsWebAuthn() ? (
        <p className="text-sm text-slate-700">{t('This browser cannot make passkeys.')}</p>
      ) : addCode ? (
        <form
          noValidate
          className="grid max-w-md gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const code = String(new FormData(e.currentTarget).get('passkeyAddCode') ?? '').trim();
            void form.run(() => register({ code }), { onError });
          }}
        >
          <p className="text-sm text-slate-700">
            {t('Confirm with a code from your authenticator app or a recovery code')}
          </p>
          <Field
            id="passkeyAddCode"
            label={t('Code from your app (or a recovery code)')}
            autoComplete="one-time-code"
            autoFocus
            required
            error={form.errors.code}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? t('Waiting for your device...') : t('Add a passkey')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => {
                form.reset();
                setAddCode(false);
                setRefocus(true);
              }}
            >
              {t('Cancel')}
            </button>
          </div>
        </form>
      ) : stepUp.open ? (
        <StepUpForm
          id="passkey-step-up"
          action="add a passkey"
          otp={stepUp.otp}
          onOtp={stepUp.setOtp}
          busy={busy}
          error={form.errors.otp}
          onConfirm={(otp) => void form.run(() => register({ otp }), { onError })}
          onResend={() => void form.run(() => stepUp.ask(true), { onError })}
          onCancel={cancelStepUp}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          className={`${primaryButton} sm:w-auto sm:justify-self-start`}
          disabled={busy}
          onClick={() => void add()}
        >
          {busy ? t('Waiting for your device...') : t('Add a passkey')}
        </button>
      )}
      <FormDialog open={renaming !== null} title={t('Rename passkey')} onClose={() => setRenaming(null)}>
        {renaming && (
          <form onSubmit={rename} noValidate className="grid gap-4">
            <Field
              id="passkeyName"
              label={t('Name')}
              defaultValue={renaming.name}
              maxLength={PASSKEY_NAME_MAX}
              required
              autoComplete="off"
              error={form.errors.name}
            />
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setRenaming(null)}>
                {t('Cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={busy}>
                {t('Save')}
              </button>
            </div>
          </form>
        )}
      </FormDialog>
      {/* A FormDialog (its ids are its own): the account page has another panel's ConfirmDialog. */}
      <FormDialog open={removing !== null} title={t('Remove passkey')} onClose={closeRemove}>
        {removing && (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void remove(String(new FormData(e.currentTarget).get('passkeyRemoveCode') ?? '').trim());
            }}
          >
            <p className="text-slate-700">
              {t('Remove the passkey “{name}”? It will no longer sign in to your account.', { name: removing.name })}
            </p>
            {removeCode && (
              <>
                <p className="text-sm text-slate-700">
                  {t('Confirm with a code from your authenticator app or a recovery code')}
                </p>
                <Field
                  id="passkeyRemoveCode"
                  label={t('Code from your app (or a recovery code)')}
                  autoComplete="one-time-code"
                  autoFocus
                  required
                  error={form.errors.code}
                />
              </>
            )}
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={closeRemove} disabled={busy}>
                {t('Cancel')}
              </button>
              <button type="submit" className={dangerButton} disabled={busy}>
                {busy ? t('Removing...') : t('Remove')}
              </button>
            </div>
          </form>
        )}
      </FormDialog>
    </div>
  );
}

export default function AccountPasskeys({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <AccountPanel>{() => <PasskeyList />}</AccountPanel>
    </Island>
  );
}
