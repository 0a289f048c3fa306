// /admin/trash: users and enquiries deleted in the last 30 days, each restored as it was or deleted for
// good (which also frees a user's e-mail address for a new account).
import { api } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-error.ts';
import type { TrashItem } from '../../lib/schemas/admin.ts';
import { notify } from '../../lib/toast.ts';
import { when } from './admin-labels.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConfirm } from '../ui/useConfirm.ts';
import { AdminTable, cellClass as cell } from './AdminTable.tsx';
import { ListControls } from './ListControls.tsx';
import { dangerButton, labelClass, secondaryButton, selectClass } from '../ui/classes.ts';
import { useAdminList } from './useAdminList.ts';

const label = (item: TrashItem) =>
  item.kind === 'user'
    ? { kind: 'User', name: item.user.name, email: item.user.email }
    : { kind: 'Enquiry', name: item.enquiry.username, email: item.enquiry.email };

const itemPath = (item: TrashItem) => `v1/admin/trash/${item.kind}/${encodeURIComponent(item._id)}`;

export function AdminTrash() {
  const { list, controls, filters, filter, reload } = useAdminList<TrashItem>('v1/admin/trash');

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      notify('success', done);
      await reload();
    } catch (err) {
      notify('error', errorMessage(err, 'Something went wrong. Please try again.'));
    }
  }

  const restore = (item: TrashItem) => act(() => api.post(`${itemPath(item)}/restore`), 'restored successfully');
  const purge = useConfirm((item: TrashItem) => act(() => api.delete(itemPath(item)), 'deleted for good'));

  const tools = (
    <div>
      <label htmlFor="trash-kind" className={labelClass}>
        Show
      </label>
      <select
        id="trash-kind"
        value={filters.kind ?? ''}
        onChange={(e) => filter('kind', e.target.value)}
        className={`mt-1 ${selectClass}`}
      >
        <option value="">Users and enquiries</option>
        <option value="user">Users</option>
        <option value="contact">Enquiries</option>
      </select>
    </div>
  );

  return (
    <ListControls id="trash" noun="deleted items" one="deleted item" {...controls} tools={tools}>
      <p className="text-sm text-slate-700">
        Deleted users and enquiries stay here for 30 days, then they are removed for good. A restored user signs in
        again with their password; their old sessions stay ended.
      </p>
      <AdminTable
        label="Trash table"
        caption="Trash"
        headers={['Kind', 'Name', 'Email', 'Deleted', 'Removed for good on', 'Restore', 'Delete for good']}
      >
        {list?.data.map((item) => {
          const l = label(item);
          return (
            <tr key={`${item.kind}-${item._id}`}>
              <td className={cell}>{l.kind}</td>
              <td className={cell}>{l.name}</td>
              <td className={cell}>{l.email}</td>
              <td className={cell}>
                {when(item.deletedAt)}
                {item.deletedBy && <span className="block text-slate-600">by {item.deletedBy}</span>}
              </td>
              <td className={cell}>{when(item.purgeAt)}</td>
              <td className={cell}>
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`Restore ${l.kind.toLowerCase()} ${l.email}`}
                  onClick={() => void restore(item)}
                >
                  Restore
                </button>
              </td>
              <td className={cell}>
                <button
                  type="button"
                  className={dangerButton}
                  aria-label={`Delete for good: ${l.kind.toLowerCase()} ${l.email}`}
                  onClick={() => purge.ask(item)}
                >
                  Delete for good
                </button>
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <ConfirmDialog
        {...purge.dialog(
          (item) => `Delete ${label(item).kind.toLowerCase()} ${label(item).email} for good? This cannot be undone.`,
        )}
        confirmLabel="Delete for good"
      />
    </ListControls>
  );
}
