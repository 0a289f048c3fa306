// One enquiry in the admin's list: the spec's fields, where it stands (status), the internal note, the
// thread of e-mailed replies, and its Reply and Delete buttons.
import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { type EnquiryStatus, LIMITS } from '../../lib/constants.ts';
import type { AdminEnquiry } from '../../lib/schemas/admin.ts';
import { notify } from '../../lib/toast.ts';
import { STATUS_LABELS, when } from './admin-labels.ts';
import { dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from '../ui/classes.ts';
import { toastProblem, useForm } from '../ui/useForm.ts';
import { StatusSelect } from './StatusSelect.tsx';

const DELIVERY: Record<AdminEnquiry['replies'][number]['delivery'], string> = {
  queued: 'Sending…',
  sent: 'Sent',
  failed: 'Could not be delivered',
};

interface Props {
  enquiry: AdminEnquiry;
  onChanged: () => void;
  onReply: () => void;
  onDelete: () => void;
}

export function EnquiryCard({ enquiry: e, onChanged, onReply, onDelete }: Props) {
  const [note, setNote] = useState(e.note);
  const { busy: saving, run } = useForm();
  const id = e._id;
  // The server's copy (trimmed, or changed by another admin) replaces the field once saved.
  useEffect(() => setNote(e.note), [e.note]);

  async function update(body: { status?: EnquiryStatus; note?: string }, done: string) {
    await run(
      async () => {
        await api.patch(`v1/admin/contact/${encodeURIComponent(id)}`, body);
        notify('success', done);
        onChanged();
      },
      { onError: toastProblem((err) => errorMessage(err, 'Could not save the change')) },
    );
  }

  const saveNote = (ev: SubmitEvent) => {
    ev.preventDefault();
    void update({ note }, 'Note saved');
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-surface p-5 shadow-sm">
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-ink">
          {STATUS_LABELS[e.status]}
        </span>
        <span>Received {when(e.createdAt)}</span>
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-ink">Name</dt>
        <dd>{e.username}</dd>
        <dt className="font-semibold text-ink">Email</dt>
        <dd>{e.email}</dd>
        <dt className="font-semibold text-ink">Phone</dt>
        <dd>{e.phoneNumber}</dd>
        <dt className="font-semibold text-ink">Message</dt>
        <dd className="whitespace-pre-line">{e.message}</dd>
      </dl>

      {e.replies.length > 0 && (
        // A heading under the page's h1, not a landmark: one "Replies" region per card would repeat its name.
        <div className="mt-4 border-t border-slate-200 pt-4">
          <h2 className="text-sm font-semibold text-ink">Replies</h2>
          <ol className="mt-2 grid gap-3">
            {e.replies.map((r) => (
              <li key={r._id} className="rounded-lg bg-slate-50 p-3 text-sm">
                <p className="text-slate-600">
                  {r.author}, {when(r.createdAt)} · <span className="font-medium">{DELIVERY[r.delivery]}</span>
                </p>
                <p className="mt-1 whitespace-pre-line text-ink">{r.message}</p>
              </li>
            ))}
          </ol>
        </div>
      )}

      <div className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-[12rem_1fr]">
        <StatusSelect
          id={`status-${id}`}
          label="Status"
          value={e.status}
          onChange={(status) => void update({ status: status as EnquiryStatus }, 'Status updated')}
          width="w-full"
        />
        <form onSubmit={saveNote} className="grid gap-2">
          <label htmlFor={`note-${id}`} className={labelClass}>
            Internal note
          </label>
          <textarea
            id={`note-${id}`}
            rows={2}
            value={note}
            maxLength={LIMITS.adminNoteMax}
            onChange={(ev) => setNote(ev.target.value)}
            className={inputClass}
          />
          <button
            type="submit"
            className={`${secondaryButton} justify-self-start`}
            disabled={saving || note === e.note}
          >
            Save note
          </button>
        </form>
      </div>

      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onReply}
          aria-label={`Reply by e-mail to ${e.email}`}
          className={`${primaryButton} w-auto px-3 py-1.5`}
        >
          Reply by e-mail
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete the enquiry from ${e.email}`}
          className={dangerButton}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
