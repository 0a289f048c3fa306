// First-party analytics: the beacon a consenting visitor's browser sends, and the report admins read.
import { z } from './zod.ts';
import { ADMIN_REPORT_DAYS, ANALYTICS } from '../constants.ts';

export const viewBody = z.object({
  /** location.pathname + location.search: only utm_* parameters of the query are kept. */
  path: z.string().min(1).max(ANALYTICS.inputMax),
  /** document.referrer: only its host is kept, and none for the site's own pages. */
  referrer: z.string().max(ANALYTICS.inputMax).optional(),
});

/** The period as the query spells it: one of the offered day counts, an `enum` in the OpenAPI document. */
const reportDays = ADMIN_REPORT_DAYS.map(String) as [string, ...string[]];

export const reportQuery = z.object({
  days: z
    .enum(reportDays, { message: `days must be one of ${reportDays.join(', ')}` })
    .prefault(reportDays[0])
    .transform(Number),
});

const counted = z.object({ key: z.string(), visits: z.number().int(), visitors: z.number().int() });

export const reportSchema = z.object({
  success: z.literal(true),
  /** First and last UTC day of the period (YYYY-MM-DD), today included. */
  from: z.string(),
  to: z.string(),
  daily: z.array(z.object({ day: z.string(), visits: z.number().int(), visitors: z.number().int() })),
  totals: z.object({
    visits: z.number().int(),
    /** Visitors are counted per day (the hash changes daily), so this is the sum of the daily figures. */
    visitors: z.number().int(),
    enquiries: z.number().int(),
    /** enquiries / visitors, 0 without visitors. */
    conversionRate: z.number(),
  }),
  /** The ANALYTICS.top largest values of each dimension by visits. */
  top: z.object({
    pages: z.array(counted),
    referrers: z.array(counted),
    sources: z.array(counted),
    mediums: z.array(counted),
    campaigns: z.array(counted),
    devices: z.array(counted),
  }),
});

export type AnalyticsReport = z.infer<typeof reportSchema>;
