// /admin: under the spec's welcome, the cards (open enquiries, enquiries and new users this week, share
// of verified users), the charts of enquiries and signups per day over 30 or 90 days, and the backup.
import { useState } from 'react';
import { ADMIN_REPORT_DAYS } from '../../lib/constants.ts';
import type { Stats } from '../../lib/schemas/admin.ts';
import { BackupButton } from './BackupButton.tsx';
import { Chart } from './Chart.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { StatCard } from './StatCard.tsx';
import { usePeriodReport } from './usePeriodReport.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function AdminDashboard() {
  const [days, setDays] = useState<number>(ADMIN_REPORT_DAYS[0]);
  const { report: stats, error } = usePeriodReport<Stats>('v1/admin/stats', days);

  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load the figures: {error}
      </p>
    );
  }
  if (!stats) return <p className="text-sm text-slate-600">Loading the figures…</p>;
  const t = stats.totals;
  const dayList = stats.enquiries.map((d) => d.day);

  return (
    <div className="grid gap-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Open enquiries" value={String(t.openEnquiries)} note="New or in progress" />
        <StatCard label="Enquiries this week" value={String(t.enquiriesThisWeek)} note="Last 7 days" />
        <StatCard label="New users this week" value={String(t.newUsersThisWeek)} note="Last 7 days" />
        <StatCard label="Verified users" value={percent(t.verifiedShare)} note={`${t.verifiedUsers} of ${t.users}`} />
      </dl>
      <PeriodPicker periods={ADMIN_REPORT_DAYS} days={days} onChange={setDays} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Chart
          title={`Enquiries per day, last ${days} days`}
          days={dayList}
          series={[{ label: 'Enquiries', values: stats.enquiries.map((d) => d.count) }]}
          kind="bars"
        />
        <Chart
          title={`Signups per day, last ${days} days`}
          days={stats.signups.map((d) => d.day)}
          series={[{ label: 'Signups', values: stats.signups.map((d) => d.count) }]}
        />
      </div>
      <BackupButton />
    </div>
  );
}
