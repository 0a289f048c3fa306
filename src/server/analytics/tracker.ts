// Whether a beacon counts, and what of it is stored. Dropped without a trace: requests that carry a
// Global Privacy Control or Do Not Track signal, bots, paths that are not pages of the build (site-pages.ts),
// addresses over their minute's limit (RULES.viewsPerIp, counted in the database so that it holds across
// servers) and our own admins. The rest is queued for the next batch write.
import type { Db } from '../db/client.ts';
import { ViewCollector, type CollectorOptions } from './collector.ts';
import { deviceClass, isBot, pageFields, referrerHost } from './fields.ts';
import { utcDay } from '../db/days.ts';
import { DailySalt, visitorHash } from './salt.ts';
import type { SitePages } from './site-pages.ts';
import { networkKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';

export interface Beacon {
  path: string;
  referrer?: string | undefined;
  ip: string;
  userAgent: string;
  /** The host the request was sent to: a referrer from it is an internal one. */
  host: string;
  /** Sec-GPC: 1 or DNT: 1 came with the request. */
  optedOut: boolean;
  /** Resolves true when the request's bearer token is an admin's (checked only when one was sent). */
  isAdmin: () => Promise<boolean>;
}

export interface TrackerOptions {
  db: Db;
  now: () => Date;
  siteUrl: string;
  /** The pages whose views count. */
  pages: SitePages;
  limiter: RateLimiter;
  collector: CollectorOptions;
}

export class Tracker {
  private readonly collector: ViewCollector;
  private readonly salt: DailySalt;
  private readonly site: string;

  constructor(private readonly options: TrackerOptions) {
    this.collector = new ViewCollector(options.db, options.collector);
    this.salt = new DailySalt(options.db);
    this.site = new URL(options.siteUrl).host;
  }

  /** True when the view was queued for storage. */
  async track(beacon: Beacon): Promise<boolean> {
    if (beacon.optedOut || isBot(beacon.userAgent)) return false;
    const page = pageFields(beacon.path);
    const path = page && this.options.pages.canonical(page.path);
    if (!path || (await beacon.isAdmin())) return false;
    if (!(await this.options.limiter.take([RULES.viewsPerIp, networkKey(beacon.ip)]))) return false;
    const at = this.options.now();
    const day = utcDay(at);
    const salt = await this.salt.forDay(day);
    await this.collector.add({
      at,
      day,
      ...page,
      path,
      referrerHost: referrerHost(beacon.referrer, [new URL(this.options.siteUrl).hostname, beacon.host]),
      device: deviceClass(beacon.userAgent),
      visitor: visitorHash(salt, beacon.ip, beacon.userAgent, this.site),
    });
    return true;
  }

  /** Writes the queued views now (tests; the batch timer does it otherwise). */
  flush(): Promise<void> {
    return this.collector.flush();
  }

  close(): Promise<void> {
    return this.collector.close();
  }
}
