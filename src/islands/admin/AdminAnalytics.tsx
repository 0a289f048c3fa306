// /admin/analytics: the site's own, consent-gated page views over 30 or 90 days: visits and unique
// visitors per day, top pages, referrers and UTM campaigns, devices, and the contact conversion rate.
import { useState, type ReactNode } from 'react';
import { ADMIN_REPORT_DAYS } from '../../lib/constants.ts';
import type { AnalyticsReport } from '../../lib/schemas/analytics.ts';
import { Chart } from './Chart.tsx';
import { Loading } from '../ui/Loading.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { StatCard } from './StatCard.tsx';
import { usePeriodReport } from './usePeriodReport.ts';
import { formatNumber } from '../../lib/intl-format.ts';

type Counted = AnalyticsReport['top']['pages'];

const ONE_DECIMAL: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };
const num = (n: number) => formatNumber(n, 'en-IN');
const percent = (rate: number) => `${formatNumber(rate * 100, 'en-IN', ONE_DECIMAL)} %`;

function TopList({ title, column, rows }: { title: string; column: string; rows: Counted }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-surface p-4 shadow-sm" aria-label={title}>
      <h2 className="font-semibold text-ink">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None in this period.</p>
      ) : (
        <table className="mt-2 w-full table-fixed text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="w-3/5 py-1.5 pr-2 font-semibold text-ink">
                {column}
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-semibold text-ink">
                Visits
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold text-ink">
                Visitors
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-b border-slate-100">
                <td className="truncate py-1 pr-2" title={r.key}>
                  {r.key}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{num(r.visits)}</td>
                <td className="py-1 text-right tabular-nums">{num(r.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 md:grid-cols-2">{children}</div>;
}

export function AdminAnalytics() {
  const [days, setDays] = useState<number>(ADMIN_REPORT_DAYS[0]);
  const { report, error } = usePeriodReport<AnalyticsReport>('v1/admin/analytics', days);

  return (
    <div className="grid gap-6">
      <p className="max-w-3xl text-sm text-slate-700">
        Page views of visitors who chose 'Accept All' and whose browser sends no Global Privacy Control or Do Not Track
        signal; bots and admins are left out. A visitor is counted once a day: nothing links their visits across days.
      </p>
      <PeriodPicker periods={ADMIN_REPORT_DAYS} days={days} onChange={setDays} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          Could not load the analytics: {error}
        </p>
      )}
      {!report && !error && <Loading label="Loading the analytics…" />}
      {report && (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Visits" value={num(report.totals.visits)} />
            <StatCard label="Unique visitors" value={num(report.totals.visitors)} note="Summed over the days" />
            <StatCard label="Enquiries" value={num(report.totals.enquiries)} />
            <StatCard
              label="Contact conversion rate"
              value={percent(report.totals.conversionRate)}
              note="Enquiries per unique visitor"
            />
          </dl>
          <Chart
            title={`Visits and unique visitors per day, ${report.from} to ${report.to} (UTC)`}
            days={report.daily.map((d) => d.day)}
            series={[
              { label: 'Visits', values: report.daily.map((d) => d.visits) },
              { label: 'Unique visitors', values: report.daily.map((d) => d.visitors) },
            ]}
          />
          <Grid>
            <TopList title="Top pages" column="Page" rows={report.top.pages} />
            <TopList title="Top referrers" column="Site" rows={report.top.referrers} />
            <TopList title="UTM campaigns" column="Campaign" rows={report.top.campaigns} />
            <TopList title="UTM sources" column="Source" rows={report.top.sources} />
            <TopList title="UTM mediums" column="Medium" rows={report.top.mediums} />
            <TopList title="Devices" column="Device" rows={report.top.devices} />
          </Grid>
        </>
      )}
    </div>
  );
}
