// Writing a reply to an enquiry: sent by e-mail to the enquirer, kept in the enquiry's thread.
import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { LIMITS } from '../../lib/constants.ts';
import { type AdminEnquiry, replyBody } from '../../lib/schemas/admin.ts';
import { replyText } from '../../lib/reply-mail.ts';
import { notify } from '../../lib/toast.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { errorClass, inputClass, labelClass } from '../ui/classes.ts';
import { DialogButtons } from '../ui/FormButtons.tsx';
import { useForm } from '../ui/useForm.ts';

interface Props {
  enquiry: AdminEnquiry | null;
  company: string;
  author: string;
  onClose: () => void;
  onSent: () => void;
}

export function ReplyDialog({ enquiry, company, author, onClose, onSent }: Props) {
  const [text, setText] = useState('');
  const form = useForm();
  const { busy } = form;
  // The one field: a check's message and the server's answer are shown in the same place.
  const error = form.errors.message ?? form.alert;

  const close = () => {
    setText('');
    form.reset();
    onClose();
  };

  async function send(e: SubmitEvent) {
    e.preventDefault();
    if (!enquiry) return;
    const body = form.check(replyBody, { message: text });
    if (!body) return;
    await form.run(
      async () => {
        await api.post(`v1/admin/contact/${encodeURIComponent(enquiry._id)}/reply`, body);
        notify('success', 'Reply sent');
        setText('');
        onSent();
      },
      { onError: (err) => ({ message: errorMessage(err, 'Could not send the reply'), fields: {} }) },
    );
  }

  return (
    <FormDialog open={enquiry !== null} title={`Reply to ${enquiry?.username ?? ''}`} onClose={close}>
      <form onSubmit={send} noValidate className="grid gap-4">
        <p className="text-sm text-slate-700">
          The reply is e-mailed to <strong>{enquiry?.email}</strong> in the company's name, kept with the enquiry, and
          marks it answered.
        </p>
        <div>
          <label htmlFor="reply-message" className={labelClass}>
            Your reply
          </label>
          <textarea
            id="reply-message"
            rows={8}
            value={text}
            maxLength={LIMITS.adminReplyMax}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="reply-help reply-error"
            className={`mt-1 ${inputClass}`}
            // biome-ignore lint/a11y/noAutofocus: the dialog opens to write a reply; the field is where the admin starts.
            autoFocus
          />
          <p id="reply-help" className="mt-1 text-xs text-slate-600">
            {text.length} / {LIMITS.adminReplyMax} characters
          </p>
          <p id="reply-error" role="alert" className={errorClass}>
            {error}
          </p>
        </div>
        {enquiry && (
          // The whole mail as the enquirer will read it (the greeting is added only when the reply has none).
          <details className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
            <summary className="cursor-pointer font-semibold text-ink">Preview of the e-mail</summary>
            <pre data-reply-preview className="mt-2 whitespace-pre-wrap break-words font-sans text-slate-800">
              {replyText({
                name: enquiry.username,
                original: enquiry.message,
                sentAt: new Date(enquiry.createdAt),
                reply: text,
                author,
                company,
              })}
            </pre>
          </details>
        )}
        <DialogButtons onCancel={close} busy={busy} busyLabel="Sending…">
          Send reply
        </DialogButtons>
      </form>
    </FormDialog>
  );
}
