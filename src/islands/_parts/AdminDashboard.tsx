// /admin: under the spec's welcome, the cards (open enquiries, enquiries and new users this week, share
// of verified users) and the charts of enquiries and signups per day over 30 or 90 days.
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';
import type { Stats } from '../../lib/schemas/admin.ts';
import { Chart } from './Chart.tsx';
import { secondaryButton } from './ui.ts';

const PERIODS = [30, 90] as const;
const percent = (share: number) => `${Math.round(share * 100)}%`;

function Card({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums text-ink">{value}</dd>
      {note && <dd className="text-sm text-slate-600">{note}</dd>}
    </div>
  );
}

export function AdminDashboard() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [stats, setStats] = useState<Stats | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    api
      .get<Stats>('v1/admin/stats', { days })
      .then((body) => {
        if (!current) return;
        setStats(body);
        setError('');
      })
      .catch((err: unknown) => {
        if (current) setError(errorMessage(err));
      });
    return () => {
      current = false;
    };
  }, [days]);

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
        <Card label="Open enquiries" value={String(t.openEnquiries)} note="New or in progress" />
        <Card label="Enquiries this week" value={String(t.enquiriesThisWeek)} note="Last 7 days" />
        <Card label="New users this week" value={String(t.newUsersThisWeek)} note="Last 7 days" />
        <Card label="Verified users" value={percent(t.verifiedShare)} note={`${t.verifiedUsers} of ${t.users}`} />
      </dl>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Period of the charts</legend>
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={days === p}
            onClick={() => setDays(p)}
            className={`${secondaryButton} aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700`}
          >
            Last {p} days
          </button>
        ))}
      </fieldset>
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
    </div>
  );
}
