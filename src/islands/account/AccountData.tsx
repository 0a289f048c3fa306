// /account, Your data: everything the service holds about the account, downloaded as one JSON file.
import { api } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { notify } from '../../lib/toast.ts';
import { AccountPanel, problemOf } from './AccountPanel.tsx';
import { secondaryButton } from '../ui/classes.ts';
import { useT } from '../ui/i18n.tsx';
import { toastProblem, useForm } from '../ui/useForm.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

function Download() {
  const t = useT();
  const { busy, run } = useForm();

  async function onClick() {
    await run(
      async () => {
        const { blob, fileName } = await api.download('v1/account/export');
        saveFile(blob, fileName ?? 'account-data.json');
        notify('success', t('Your data has been downloaded'));
      },
      { onError: toastProblem((err) => problemOf(err).message) },
    );
  }

  return (
    <div className="grid max-w-xl gap-4">
      <p className="text-sm text-slate-700">
        {t(
          'A JSON file with your profile, your sign-in methods, the devices signed in to your account and the enquiries you sent us while signed in.',
        )}
      </p>
      <button
        type="button"
        className={`${secondaryButton} justify-self-start`}
        onClick={() => void onClick()}
        disabled={busy}
      >
        {busy ? t('Preparing...') : t('Download your data')}
      </button>
    </div>
  );
}

export default function AccountData({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <AccountPanel>{() => <Download />}</AccountPanel>
    </Island>
  );
}
