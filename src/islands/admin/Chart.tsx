// A chart of daily figures for the admin area (uPlot, fetched with the first chart drawn), with what a
// canvas alone lacks: a caption and legend, a focusable plot whose days are read with the arrow keys
// (announced in a live region), and the same figures as a table behind a toggle.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartOptions, dayToSeconds } from './chart-options.ts';
import { secondaryButton } from '../ui/classes.ts';
import { formatDateTime, formatNumber } from '../../lib/intl-format.ts';

export interface ChartSeries {
  label: string;
  /** One value per day of `days`. */
  values: number[];
}

export interface ChartProps {
  title: string;
  /** UTC days as YYYY-MM-DD, oldest first. */
  days: string[];
  series: ChartSeries[];
  kind?: 'line' | 'bars';
  height?: number;
}

// The legend's swatches: SERIES_COLORS of chart-options.ts, in the same order, spelt out for Tailwind.
const SWATCH = ['bg-[#2552e0]', 'bg-[#0f766e]', 'bg-[#b45309]', 'bg-[#7e22ce]'];
const STEP: Record<string, (i: number, last: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  PageUp: (i) => i - 7,
  PageDown: (i) => i + 7,
  Home: () => 0,
  End: (_i, last) => last,
};

const LONG_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};
const longDay = (day: string) => formatDateTime(new Date(`${day}T00:00:00Z`), 'en-GB', LONG_DAY);
const num = (n: number | undefined) => formatNumber(n ?? 0, 'en-IN');

export function Chart({ title, days, series, kind = 'line', height = 240 }: ChartProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [idx, setIdx] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);
  const [failed, setFailed] = useState(false);
  // Rebuilt only when the figures change, not on every render of the parent.
  const spec = JSON.stringify({ days, series, kind, height });

  useEffect(() => {
    const el = box.current;
    const s = JSON.parse(spec) as Required<Pick<ChartProps, 'days' | 'series' | 'kind' | 'height'>>;
    if (!el || s.days.length === 0) return;
    let gone = false;
    let resize: ResizeObserver | undefined;
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const repaint = () => plot.current?.redraw(false, false);
    import('uplot')
      // Each chart is drawn in a task of its own: the dashboard's two, drawn in the one task that the
      // library's arrival starts, held the main thread for about 90 ms on a mid-range phone.
      .then(async ({ default: UPlot }) => {
        await new Promise((resolve) => setTimeout(resolve));
        if (gone) return;
        const options = chartOptions(UPlot, {
          kind: s.kind,
          width: el.clientWidth || 600,
          height: s.height,
          labels: s.series.map((x) => x.label),
          onCursor: setIdx,
        });
        plot.current = new UPlot(options, [s.days.map(dayToSeconds), ...s.series.map((x) => x.values)], el);
        resize = new ResizeObserver(() => plot.current?.setSize({ width: el.clientWidth, height: s.height }));
        resize.observe(el);
        // The axes' colours are read at each draw: redraw when the colour scheme changes.
        window.addEventListener('theme-changed', repaint);
        scheme.addEventListener('change', repaint);
      })
      .catch((err: unknown) => {
        console.error('Could not load the chart library', err);
        setFailed(true);
        setShowTable(true);
      });
    return () => {
      gone = true;
      resize?.disconnect();
      window.removeEventListener('theme-changed', repaint);
      scheme.removeEventListener('change', repaint);
      plot.current?.destroy();
      plot.current = null;
      setIdx(null);
    };
  }, [spec]);

  /** Moves uPlot's cursor to a day, which reports back through onCursor. */
  const point = (i: number) => {
    const u = plot.current;
    if (!u) return setIdx(i);
    const y = Math.max(...series.map((x) => x.values[i] ?? 0));
    u.setCursor({ left: u.valToPos(u.data[0][i]!, 'x'), top: u.valToPos(y, 'y') });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const step = STEP[e.key];
    const last = days.length - 1;
    if (!step || last < 0) return;
    e.preventDefault();
    point(Math.min(last, Math.max(0, step(idx ?? last, last))));
  };

  const readout =
    idx !== null && days[idx]
      ? `${longDay(days[idx])}: ${series.map((x) => `${x.label} ${num(x.values[idx])}`).join(', ')}`
      : 'Point at a day, or focus the chart and use the arrow keys, to read its figures.';

  return (
    <figure
      className="grid gap-3 rounded-xl border border-slate-200 bg-surface p-4 shadow-sm"
      aria-labelledby={`${id}-title`}
    >
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-title`} className="font-semibold text-ink">
          {title}
        </span>
        <ul className="flex flex-wrap gap-4 text-sm text-slate-700" aria-label="Legend">
          {series.map((x, i) => (
            <li key={x.label} className="flex items-center gap-1.5">
              <span className={`inline-block size-3 rounded-sm ${SWATCH[i % SWATCH.length]}`} aria-hidden="true" />
              {x.label}
            </li>
          ))}
        </ul>
      </figcaption>
      {days.length === 0 ? (
        <p className="text-sm text-slate-600">No figures for this period yet.</p>
      ) : failed ? (
        <p className="text-sm text-slate-600">The chart could not be drawn; the table below holds the same figures.</p>
      ) : (
        <>
          <div
            ref={box}
            role="img"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is read with the arrow keys, so it takes focus.
            tabIndex={0}
            aria-label={`${title}, ${days.length} days. Arrow keys move from day to day, Home and End go to the first and last.`}
            aria-describedby={`${id}-readout`}
            onKeyDown={onKeyDown}
            onFocus={() => idx === null && point(days.length - 1)}
            className="min-h-40 w-full rounded-lg text-slate-600"
          />
          <p id={`${id}-readout`} aria-live="polite" className="min-h-5 text-sm text-slate-700">
            {readout}
          </p>
        </>
      )}
      {days.length > 0 && (
        <div>
          <button
            type="button"
            className={secondaryButton}
            aria-expanded={showTable}
            aria-controls={`${id}-table`}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Hide table' : 'Show table'}
          </button>
          <table id={`${id}-table`} hidden={!showTable} className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1.5 pr-4 font-semibold text-ink">
                  Day
                </th>
                {series.map((x) => (
                  <th key={x.label} scope="col" className="py-1.5 pr-4 text-right font-semibold text-ink">
                    {x.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {longDay(day)}
                  </th>
                  {series.map((x) => (
                    <td key={x.label} className="py-1 pr-4 text-right tabular-nums">
                      {num(x.values[i])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
