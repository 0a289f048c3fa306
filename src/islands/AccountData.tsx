// /account, Your data: everything the service holds about the account, downloaded as one JSON file.
import { useState } from 'react';
import { api } from '../lib/api-client.ts';
import { notify } from '../lib/toast.ts';
import { AccountPanel, problemOf } from './_parts/AccountPanel.tsx';
import { secondaryButton } from './_parts/ui.ts';

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Download() {
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setBusy(true);
    try {
      const { blob, fileName } = await api.download('v1/account/export');
      save(blob, fileName ?? 'account-data.json');
      notify('success', 'Your data has been downloaded');
    } catch (err) {
      notify('error', problemOf(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid max-w-xl gap-4">
      <p className="text-sm text-slate-700">
        A JSON file with your profile, your sign-in methods, the devices signed in to your account and the enquiries you
        sent us while signed in.
      </p>
      <button
        type="button"
        className={`${secondaryButton} justify-self-start`}
        onClick={() => void onClick()}
        disabled={busy}
      >
        {busy ? 'Preparing...' : 'Download your data'}
      </button>
    </div>
  );
}

export default function AccountData() {
  return <AccountPanel>{() => <Download />}</AccountPanel>;
}
