// The dashboard's "Download backup": the whole database as one file (GET /api/v1/admin/backup), which
// `npm run db:restore` puts back into an empty database, embedded or PostgreSQL.
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { saveFile } from '../../lib/save-file.ts';
import { notify } from '../../lib/toast.ts';
import { secondaryButton } from '../ui/classes.ts';

export function BackupButton() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await api.download('v1/admin/backup');
      saveFile(blob, fileName ?? 'agency-backup.jsonl.gz');
      notify('success', 'Backup ready');
    } catch (err) {
      notify('error', errorMessage(err, 'Could not make the backup'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="backup-heading" className="grid gap-2">
      <h2 id="backup-heading" className="text-lg font-semibold">
        Backup
      </h2>
      <p className="text-sm text-slate-600">
        The whole database in one file. Keep it somewhere safe; <code>npm run db:restore</code> puts it back into an
        empty database.
      </p>
      <div>
        <button type="button" className={secondaryButton} onClick={() => void download()} disabled={busy}>
          {busy ? 'Preparing the backup…' : 'Download backup'}
        </button>
      </div>
    </section>
  );
}
