// /admin/activity: the audit log, newest first, paged: who did what to which user or enquiry, and when.
import type { AuditEntry } from '../../lib/schemas/admin.ts';
import { actionLabel, when } from './admin-labels.ts';
import { AdminTable, cellClass as cell } from './AdminTable.tsx';
import { ListControls } from './ListControls.tsx';
import { useAdminList } from './useAdminList.ts';

/** The detail worth a glance: a status or name before and after, how many rows or sessions. */
function summary(detail: AuditEntry['detail']): string {
  if (!detail) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      parts.push(`${key}: ${String(value.from)} → ${String(value.to)}`);
    } else if (key === 'note') parts.push('note changed');
    else if (key !== 'reply' && value !== null) parts.push(`${key}: ${String(value)}`);
  }
  return parts.join('; ');
}

export function AdminActivity() {
  const { list, controls } = useAdminList<AuditEntry>('v1/admin/audit');
  return (
    <ListControls id="activity" noun="actions" one="action" {...controls}>
      <AdminTable label="Activity table" caption="Activity" headers={['When', 'Who', 'Action', 'Target', 'Details']}>
        {list?.data.map((a) => (
          <tr key={a._id}>
            <td className={`${cell} whitespace-nowrap`}>{when(a.at)}</td>
            <td className={cell}>{a.actor ? (a.actor.email ?? 'a deleted admin') : 'System'}</td>
            <td className={cell}>{actionLabel(a.action)}</td>
            <td className={cell}>{a.target.label}</td>
            <td className={cell}>{summary(a.detail)}</td>
          </tr>
        ))}
      </AdminTable>
    </ListControls>
  );
}
