// /account, Two-factor authentication: set up an authenticator app (after the step-up the API asks for: a
// code mailed to the account, StepUp.tsx; then the QR code drawn here, the secret for typing in), confirm
// with a first code, see the 10 recovery codes once (and download them); when on, make new recovery codes
// or turn it off with a code of the app or a recovery code (never the password alone; a session that
// proved two factors in the last 10 minutes needs none).
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { RECOVERY_CODE_COUNT } from '../../lib/sign-in-methods.ts';
import type {
  RecoveryCodesResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '../../lib/schemas/two-factor.ts';
import { accountSchemas } from './account-schemas.ts';
import { notify } from '../../lib/toast.ts';
import { Field } from '../ui/Field.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Loading } from '../ui/Loading.tsx';
import { OtpInput, emptyOtp } from '../ui/OtpInput.tsx';
import { dangerButton, errorClass, primaryButton, secondaryButton } from '../ui/classes.ts';
import { useT } from '../ui/i18n.tsx';
import { useForm } from '../ui/useForm.ts';
import { AccountPanel, problemOf } from './AccountPanel.tsx';
import { QrCode } from './QrCode.tsx';
import { needsStepUp, StepUpForm, useStepUp } from './StepUp.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        {t(
          'Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator app. They are shown only now.',
        )}
      </p>
      <ul
        aria-label={t('Recovery codes')}
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 p-4 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => saveFile(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }), 'recovery-codes.txt')}
        >
          {t('Download codes')}
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          {t('I have saved them')}
        </button>
      </div>
    </div>
  );
}

function TwoFactorSettings() {
  const t = useT();
  const [status, setStatus] = useState<TwoFactorStatusResponse | null>(null);
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [otp, setOtp] = useState(emptyOtp);
  // The mailed code's boxes, shown while the API asks for the step-up.
  const stepUp = useStepUp();
  const beginButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const form = useForm();
  const { errors, alert, busy, setAlert } = form;
  // An ended session (a 401 naming no field) sends the page to /login.
  const run = (work: () => Promise<unknown>) => form.run(work, { onError: problemOf });

  const load = useCallback(async () => {
    try {
      setStatus(await api.get<TwoFactorStatusResponse>('v1/account/two-factor'));
    } catch (err) {
      setAlert(problemOf(err).message);
    }
  }, [setAlert]);
  useEffect(() => void load(), [load]);
  // The control that led to a new view is gone: the focus moves to the new view's first box, or back to
  // the set-up button when the code's form is cancelled, never to <body>.
  useEffect(() => {
    if (setup) document.getElementById('two-factor-setup-code-0')?.focus();
  }, [setup]);
  useEffect(() => {
    if (!refocus || stepUp.open) return;
    beginButton.current?.focus();
    setRefocus(false);
  }, [refocus, stepUp.open]);

  /** A new secret (with the mailed code when there is one). */
  async function startSetup(code?: string) {
    const res = await api.post<TwoFactorSetupResponse>('v1/account/two-factor/setup', code ? { otp: code } : {});
    if (code) stepUp.used();
    setSetup(res);
    setOtp(emptyOtp());
    form.reset();
  }

  const onStepUpError = (err: unknown) => {
    if (needsStepUp(err)) stepUp.setOtp(emptyOtp());
    return problemOf(err);
  };

  const begin = () =>
    run(async () => {
      try {
        await startSetup();
      } catch (err) {
        if (!needsStepUp(err)) throw err;
        await stepUp.ask();
      }
    });

  async function enable(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = otp.join('');
    const schemas = await form.schemas(accountSchemas);
    if (!schemas) return;
    const body = form.check(schemas.enableTwoFactorBody, { code });
    if (!body) return;
    void run(async () => {
      const res = await api.post<RecoveryCodesResponse>('v1/account/two-factor/enable', body);
      notify('success', t(res.message));
      setSetup(null);
      setCodes(res.recoveryCodes);
      await load();
    });
  }

  async function prove(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('twoFactorCode') ?? '').trim();
    const turnOff = (e.nativeEvent as SubmitEvent['nativeEvent']).submitter?.getAttribute('value') === 'off';
    const schemas = await form.schemas(accountSchemas);
    if (!schemas) return;
    const body = form.check(schemas.withCodeBody, code ? { code } : {});
    if (!body) return;
    void run(async () => {
      if (turnOff) {
        const res = await api.post('v1/account/two-factor/disable', body);
        notify('success', t(res.message));
      } else {
        const res = await api.post<RecoveryCodesResponse>('v1/account/two-factor/recovery-codes', body);
        notify('success', t(res.message));
        setCodes(res.recoveryCodes);
      }
      form.reset();
      await load();
    });
  }

  if (!status) return alert ? <FormAlert message={alert} /> : <Loading compact />;
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  if (setup) {
    return (
      <form onSubmit={enable} noValidate className="grid max-w-md gap-4">
        {alert && <FormAlert message={alert} />}
        <p className="text-sm text-slate-700">
          {t(
            'Scan this QR code with your authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows.',
          )}
        </p>
        <QrCode text={setup.otpauthUrl} label={t('QR code for your authenticator app')} />
        <div>
          <p className="text-sm text-slate-700">{t('Or type this key into the app:')}</p>
          <p className="mt-1 font-mono text-sm font-semibold break-all text-ink" data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </p>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-ink">{t('Code from your app')}</legend>
          <div className="mt-2">
            <OtpInput
              id="two-factor-setup-code"
              value={otp}
              onChange={setOtp}
              required
              invalid={!!errors.code}
              describedBy={errors.code ? 'two-factor-setup-code-error' : undefined}
            />
          </div>
          {errors.code && (
            <p id="two-factor-setup-code-error" className={errorClass}>
              {t(errors.code)}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? t('Checking...') : t('Turn on two-factor')}
          </button>
          <button type="button" className={secondaryButton} onClick={() => setSetup(null)} disabled={busy}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    );
  }

  if (stepUp.open) {
    return (
      <div className="grid gap-4">
        {alert && <FormAlert message={alert} />}
        <StepUpForm
          id="two-factor-step-up"
          action="set up an authenticator app"
          otp={stepUp.otp}
          onOtp={stepUp.setOtp}
          busy={busy}
          error={errors.otp}
          onConfirm={(code) => void form.run(() => startSetup(code), { onError: onStepUpError })}
          onResend={() => void form.run(() => stepUp.ask(true), { onError: onStepUpError })}
          onCancel={() => {
            form.reset();
            stepUp.close();
            setRefocus(true);
          }}
        />
      </div>
    );
  }

  if (!status.enabled) {
    return (
      <div className="grid gap-4">
        {alert && <FormAlert message={alert} />}
        <p className="text-sm text-slate-700">
          {t(
            'Two-factor authentication is off. With it on, signing in with your password also asks for a code from an authenticator app on your phone.',
          )}
        </p>
        <button
          ref={beginButton}
          type="button"
          className={`${primaryButton} sm:w-auto sm:justify-self-start`}
          onClick={() => void begin()}
          disabled={busy}
        >
          {busy ? t('Please wait...') : t('Set up two-factor authentication')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={prove} noValidate className="grid max-w-md gap-4">
      {alert && <FormAlert message={alert} />}
      <p className="text-sm text-slate-700">
        {t(
          'Two-factor authentication is on. {left} of {total} recovery codes left. To make new recovery codes or turn it off, confirm with a code from your app or a recovery code.',
          { left: status.recoveryCodesLeft, total: RECOVERY_CODE_COUNT },
        )}
      </p>
      <Field
        id="twoFactorCode"
        label={t('Code from your app (or a recovery code)')}
        autoComplete="one-time-code"
        error={errors.code}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="action" value="codes" className={secondaryButton} disabled={busy}>
          {t('New recovery codes')}
        </button>
        <button type="submit" name="action" value="off" className={dangerButton} disabled={busy}>
          {t('Turn off two-factor')}
        </button>
      </div>
    </form>
  );
}

export default function AccountTwoFactor({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <AccountPanel>{() => <TwoFactorSettings />}</AccountPanel>
    </Island>
  );
}
