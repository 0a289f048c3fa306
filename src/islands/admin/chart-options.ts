// uPlot options for the admin charts: daily figures on a UTC day axis, as lines or bars, in the site's
// colours. The legend and the value readout are drawn by Chart.tsx in HTML, so uPlot's own are off.
import type uPlot from 'uplot';
import { formatDateTime, formatNumber } from '../../lib/intl-format.ts';

/** Series colours, in order: brand blue, teal, amber, violet (each ≥ 3:1 against white). */
export const SERIES_COLORS = ['#2552e0', '#0f766e', '#b45309', '#7e22ce'];

// Axis labels take the chart box's text colour (it follows the colour scheme; read at each draw), grid and
// ticks a translucent slate that shows on either background.
const AXIS = {
  stroke: (u: uPlot) => getComputedStyle(u.root).color,
  grid: { stroke: 'rgba(100, 116, 139, 0.3)', width: 1 },
  ticks: { stroke: 'rgba(100, 116, 139, 0.5)', width: 1 },
};

const DAY = 86_400;
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY];
const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
const shortDay = (seconds: number) => formatDateTime(seconds * 1000, 'en-GB', SHORT_DAY);

/** 'YYYY-MM-DD' to uPlot's x value: seconds since the epoch at that day's UTC midnight. */
export const dayToSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export function chartOptions(
  UPlot: typeof uPlot,
  opts: {
    kind: 'line' | 'bars';
    width: number;
    height: number;
    labels: string[];
    onCursor: (idx: number | null) => void;
  },
): uPlot.Options {
  // Several bar series overlap, the later in front (e.g. unique visitors within visits).
  const bars = opts.kind === 'bars' ? UPlot.paths.bars!({ size: [0.7, 40], gap: 2 }) : undefined;
  return {
    width: opts.width,
    height: opts.height,
    // The figures are per UTC day: show them so in any time zone.
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { y: false, points: { size: 8 }, drag: { x: false, y: false } },
    // Bars are centred on their day: half a day of room at each end keeps the first and last whole.
    scales: {
      x: {
        time: true,
        ...(bars
          ? { range: (_u: uPlot, min: number, max: number) => [min - DAY / 2, max + DAY / 2] as uPlot.Range.MinMax }
          : {}),
      },
      y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
    },
    axes: [
      { ...AXIS, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map(shortDay) },
      {
        ...AXIS,
        size: 48,
        values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? formatNumber(t, 'en-IN') : '')),
      },
    ],
    series: [
      {},
      ...opts.labels.map((label, i) => ({
        label,
        stroke: SERIES_COLORS[i % SERIES_COLORS.length],
        width: 2,
        ...(opts.kind === 'bars'
          ? { fill: `${SERIES_COLORS[i % SERIES_COLORS.length]}cc`, paths: bars, points: { show: false } }
          : { points: { show: true, size: 4 } }),
      })),
    ],
    hooks: { setCursor: [(u) => opts.onCursor(u.cursor.idx ?? null)] },
  };
}
