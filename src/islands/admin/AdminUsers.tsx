// /admin/adminusers: the users table (Name, Email, Update, Delete). Update opens the user's edit dialog;
// Delete moves the user to the trash. Delete failures are only logged, as the product asks
// (docs/decisions/022-islands-spec-readings.md).
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { User } from '../../lib/schemas/auth.ts';
import { notify } from '../../lib/toast.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConfirm } from '../ui/useConfirm.ts';
import { AdminTable, cellClass as cell } from './AdminTable.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { ListControls } from './ListControls.tsx';
import { useAdminList } from './useAdminList.ts';
const badge = 'ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700';

export function AdminUsers({ me }: { me: User }) {
  const { list, controls, search, reload } = useAdminList<User>('v1/admin/user', { cursorPaged: true });
  const [editing, setEditing] = useState<User | null>(null);
  const remove = useConfirm(async (user: User) => {
    try {
      await api.delete(`v1/admin/user/delete/${encodeURIComponent(user._id)}`);
      notify('success', 'deleted successfully');
      await reload();
    } catch (err) {
      console.error('Could not delete the user', err);
    }
  });

  return (
    <ListControls id="users" noun="users" one="user" {...controls} search={search}>
      <AdminTable label="Users table" caption="Users" headers={['Name', 'Email', 'Update', 'Delete']}>
        {list?.data.map((u) => (
          <tr key={u._id}>
            <td className={cell}>
              {u.name}
              {u.isAdmin && <span className={badge}>Admin</span>}
              {!u.isAccountVerified && <span className={badge}>Unverified</span>}
            </td>
            <td className={cell}>{u.email}</td>
            <td className={cell}>
              <button
                type="button"
                onClick={() => setEditing(u)}
                aria-label={`Update ${u.email}`}
                className="rounded-lg border border-slate-300 px-3 py-1 font-semibold text-ink hover:border-brand-500 hover:text-brand-700"
              >
                Update
              </button>
            </td>
            <td className={cell}>
              <button
                type="button"
                onClick={() => remove.ask(u)}
                aria-label={`Delete ${u.email}`}
                className="rounded-lg bg-danger px-3 py-1 font-semibold text-white hover:bg-danger-hover"
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <EditUserDialog user={editing} me={me} onClose={() => setEditing(null)} onSaved={() => void reload()} />
      <ConfirmDialog
        {...remove.dialog(
          (u) =>
            `Delete the user ${u.name} (${u.email})? They are signed out, and the account stays in the Trash for 30 days.`,
        )}
        confirmLabel="Delete user"
      />
    </ListControls>
  );
}
