// The users table's Update: edit the name, grant or revoke admin, mark verified; resend the verification
// code; end the user's sessions. Removing one's own admin role needs an extra, explicit confirmation
// (the API refuses it without), and the last admin cannot lose the role at all (the API says so).
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import type { UserPatch } from '../../lib/schemas/admin.ts';
import type { User } from '../../lib/schemas/auth.ts';
import { loadUser } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { Field } from '../ui/Field.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { errorClass, secondaryButton } from '../ui/classes.ts';
import { DialogButtons } from '../ui/FormButtons.tsx';
import { useForm } from '../ui/useForm.ts';

interface Props {
  user: User | null;
  me: User;
  onClose: () => void;
  onSaved: () => void;
}

const checkbox =
  'size-4 rounded border-slate-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600';

/** One of the account's switches, its words beside it. */
function Checkbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className={checkbox} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

export function EditUserDialog({ user, me, onClose, onSaved }: Props) {
  return (
    <FormDialog open={user !== null} title={user ? `Update ${user.email}` : ''} onClose={onClose}>
      {user && <EditUserForm user={user} me={me} onClose={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}

/** Mounted each time the dialog opens, so its fields start from the user as listed. */
function EditUserForm({ user, me, onClose, onSaved }: Props & { user: User }) {
  const [name, setName] = useState(user.name);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [verified, setVerified] = useState(user.isAccountVerified);
  const [confirmSelf, setConfirmSelf] = useState(false);
  const form = useForm();
  const { busy } = form;
  const self = user._id === me._id;
  const demotingSelf = self && user.isAdmin && !isAdmin;
  const path = `v1/admin/user/${encodeURIComponent(user._id)}`;

  /** One of the dialog's calls; what it answers is the toast. */
  function run(action: () => Promise<string>) {
    return form.run(
      async () => {
        notify('success', await action());
        onSaved();
      },
      { onError: (err) => ({ message: errorMessage(err, 'Something went wrong. Please try again.'), fields: {} }) },
    );
  }

  async function save(e: SubmitEvent) {
    e.preventDefault();
    const body: UserPatch = {};
    if (name.trim() !== user.name) body.name = name;
    if (isAdmin !== user.isAdmin) body.isAdmin = isAdmin;
    if (verified !== user.isAccountVerified) body.isAccountVerified = verified;
    if (Object.keys(body).length === 0) return onClose();
    if (demotingSelf) {
      if (!confirmSelf) return form.setAlert('Tick the box to confirm that you are removing your own admin role.');
      body.confirmSelfDemotion = true;
    }
    const done = await run(async () => (await api.patch(path, body)).message);
    if (!done) return;
    onClose();
    // Without the role, this page is no longer for you: the session store learns it and the guard moves on.
    if (demotingSelf) await loadUser();
  }

  return (
    <>
      <form onSubmit={save} noValidate className="grid gap-4">
        <Field
          id="edit-user-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
        />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-ink">Account</legend>
          <Checkbox checked={isAdmin} onChange={setIsAdmin}>
            Admin
          </Checkbox>
          <Checkbox checked={verified} onChange={setVerified}>
            E-mail verified
          </Checkbox>
        </fieldset>
        {demotingSelf && (
          <label className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-ink">
            <input
              type="checkbox"
              className={`mt-0.5 ${checkbox}`}
              checked={confirmSelf}
              onChange={(e) => setConfirmSelf(e.target.checked)}
            />
            Yes, remove my own admin role. I will lose access to the admin area at once.
          </label>
        )}
        <p role="alert" className={errorClass}>
          {form.alert}
        </p>
        <DialogButtons onCancel={onClose} busy={busy}>
          Save changes
        </DialogButtons>
      </form>
      <section aria-labelledby="edit-user-actions" className="mt-6 border-t border-slate-200 pt-4">
        <h3 id="edit-user-actions" className="text-sm font-semibold text-ink">
          Other actions
        </h3>
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            className={secondaryButton}
            disabled={busy || user.isAccountVerified}
            onClick={() => void run(async () => (await api.post(`${path}/verification-code`)).message)}
          >
            Resend verification code
          </button>
          {!self && (
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => void run(async () => (await api.delete(`${path}/sessions`)).message)}
            >
              End all sessions
            </button>
          )}
        </div>
      </section>
    </>
  );
}
