// /admin/contactdetails: every enquiry (username, email, message, phoneNumber) with its workflow (status,
// note, replies), a status filter, the CSV export and delete (to the trash).
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/intl-format.ts';
import type { AdminEnquiry } from '../../lib/schemas/admin.ts';
import { saveFile } from '../../lib/save-file.ts';
import { notify } from '../../lib/toast.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConfirm } from '../ui/useConfirm.ts';
import { EnquiryCard } from './EnquiryCard.tsx';
import { ListControls } from './ListControls.tsx';
import { ReplyDialog } from './ReplyDialog.tsx';
import { secondaryButton } from '../ui/classes.ts';
import { StatusSelect } from './StatusSelect.tsx';
import { useAdminList } from './useAdminList.ts';

const WHOLE: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

/** `company` and `author` sign the replies (shown in the reply's preview). */
export function AdminEnquiries({ company, author }: { company: string; author: string }) {
  const { list, controls, q, search, filters, filter, reload } = useAdminList<AdminEnquiry>('v1/admin/contact', {
    cursorPaged: true,
  });
  const [replying, setReplying] = useState<AdminEnquiry | null>(null);
  /** The export in progress: its bytes so far and how to stop it. */
  const [exporting, setExporting] = useState<{ bytes: number; stop: AbortController } | null>(null);
  const status = filters.status ?? '';

  const remove = useConfirm(async (enquiry: AdminEnquiry) => {
    try {
      await api.delete(`v1/admin/contact/delete/${encodeURIComponent(enquiry._id)}`);
      notify('success', 'deleted successfully');
      await reload();
    } catch {
      notify('error', 'Not Deleted ');
    }
  });

  async function exportCsv() {
    const stop = new AbortController();
    setExporting({ bytes: 0, stop });
    try {
      const { blob, fileName } = await api.download(
        'v1/admin/contact/export',
        { ...(status ? { status } : {}), ...(q ? { q } : {}) },
        { signal: stop.signal, onProgress: (bytes) => setExporting({ bytes, stop }) },
      );
      saveFile(blob, fileName ?? 'enquiries.csv');
      notify('success', 'Export ready');
    } catch (err) {
      if (stop.signal.aborted) notify('info', 'Export cancelled');
      else notify('error', errorMessage(err, 'Could not export the enquiries'));
    } finally {
      setExporting(null);
    }
  }

  const tools = (
    <div className="flex flex-wrap items-end gap-2">
      <StatusSelect
        id="enquiries-status"
        label="Filter by status"
        value={status}
        onChange={(s) => filter('status', s)}
        anyLabel="All"
      />
      {exporting ? (
        <>
          <button type="button" className={secondaryButton} onClick={() => exporting.stop.abort()}>
            Cancel export
          </button>
          <p className="text-sm text-slate-600" role="status">
            Exporting… {formatNumber(exporting.bytes / 1024, 'en', WHOLE)} KB so far
          </p>
        </>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => void exportCsv()}>
          Export CSV
        </button>
      )}
    </div>
  );

  return (
    <ListControls id="enquiries" noun="enquiries" one="enquiry" {...controls} search={search} tools={tools}>
      <ul className="grid gap-4">
        {list?.data.map((e) => (
          <EnquiryCard
            key={e._id}
            enquiry={e}
            onChanged={() => void reload()}
            onReply={() => setReplying(e)}
            onDelete={() => remove.ask(e)}
          />
        ))}
      </ul>
      <ReplyDialog
        enquiry={replying}
        company={company}
        author={author}
        onClose={() => setReplying(null)}
        onSent={() => {
          setReplying(null);
          void reload();
        }}
      />
      <ConfirmDialog
        {...remove.dialog(
          (e) => `Delete the enquiry from ${e.username} (${e.email})? It stays in the Trash for 30 days.`,
        )}
        confirmLabel="Delete enquiry"
      />
    </ListControls>
  );
}
