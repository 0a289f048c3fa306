// /admin/contactdetails: every enquiry with username, email, message and phoneNumber, and its delete.
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { Enquiry } from '../../lib/schemas/contact.ts';
import { notify } from '../../lib/toast.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ListControls } from './ListControls.tsx';
import { useAdminList } from './useAdminList.ts';

export function AdminEnquiries() {
  const { list, error, page, setPage, search, reload } = useAdminList<Enquiry>('v1/admin/contact');
  const [target, setTarget] = useState<Enquiry | null>(null);

  async function remove(enquiry: Enquiry) {
    setTarget(null);
    try {
      await api.delete(`v1/admin/contact/delete/${encodeURIComponent(enquiry._id)}`);
      notify('success', 'deleted successfully');
      await reload();
    } catch {
      notify('error', 'Not Deleted ');
    }
  }

  return (
    <ListControls
      id="enquiries"
      noun="enquiries"
      total={list?.total}
      page={page}
      setPage={setPage}
      search={search}
      error={error}
    >
      <ul className="grid gap-4">
        {list?.data.map((e) => (
          <li key={e._id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold text-ink">username</dt>
              <dd>{e.username}</dd>
              <dt className="font-semibold text-ink">email</dt>
              <dd>{e.email}</dd>
              <dt className="font-semibold text-ink">phoneNumber</dt>
              <dd>{e.phoneNumber}</dd>
              <dt className="font-semibold text-ink">message</dt>
              <dd className="whitespace-pre-line">{e.message}</dd>
            </dl>
            <button
              type="button"
              onClick={() => setTarget(e)}
              aria-label={`Delete the enquiry from ${e.email}`}
              className="mt-4 rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700"
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        message={target ? `Delete the enquiry from ${target.username} (${target.email})? This cannot be undone.` : null}
        confirmLabel="Delete enquiry"
        onConfirm={() => target && void remove(target)}
        onCancel={() => setTarget(null)}
      />
    </ListControls>
  );
}
