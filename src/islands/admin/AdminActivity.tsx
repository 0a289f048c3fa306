// /admin/activity: the audit log, newest first, paged: who did what to which user or enquiry, and when.
import type { AuditEntry } from '../../lib/schemas/admin.ts';
import { actionLabel, when } from './admin-labels.ts';
import { ListControls } from './ListControls.tsx';
import { useAdminList } from './useAdminList.ts';
import { TableScroll } from './TableScroll.tsx';

const cell = 'border-b border-slate-200 px-4 py-3 text-left align-top';

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
  const { list, error, page, setPage } = useAdminList<AuditEntry>('v1/admin/audit');
  return (
    <ListControls
      id="activity"
      noun="actions"
      one="action"
      total={list?.total}
      page={page}
      setPage={setPage}
      error={error}
    >
      <TableScroll label="Activity table">
        <table className="w-full text-sm">
          <caption className="sr-only">Activity</caption>
          <thead className="bg-slate-50 text-ink">
            <tr>
              {['When', 'Who', 'Action', 'Target', 'Details'].map((h) => (
                <th key={h} scope="col" className={cell}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list?.data.map((a) => (
              <tr key={a._id}>
                <td className={`${cell} whitespace-nowrap`}>{when(a.at)}</td>
                <td className={cell}>{a.actor ? (a.actor.email ?? 'a deleted admin') : 'System'}</td>
                <td className={cell}>{actionLabel(a.action)}</td>
                <td className={cell}>{a.target.label}</td>
                <td className={cell}>{summary(a.detail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </ListControls>
  );
}
