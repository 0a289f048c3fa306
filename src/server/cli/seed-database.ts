// Generated data for benchmarks and demos (`npm run db:seed`, scripts/bench-scale.ts, the scale tests):
// users with sessions, enquiries in every status with notes and reply threads, and page views spread
// over the last 90 days. Each table is filled by INSERT … SELECT over generate_series, in chunks, so the
// rows are made inside the database (100k enquiries and 1M views in well under a minute on PGlite).
// Keys follow a long tail, as real traffic does: a few pages, referrers and campaigns take most views,
// thousands more take a few each.
import { sql } from 'drizzle-orm';
import { cutAndPurge, cutDays } from '../analytics/rollup.ts';
import { addDays, utcDay } from '../db/days.ts';
import type { Db } from '../db/client.ts';
import { viewColumnList } from '../db/schema.ts';

export interface SeedCounts {
  users: number;
  enquiries: number;
  views: number;
  /**
   * Views of yesterday on top, each with a referrer, a source and a campaign of its own: what a stranger
   * flooding the beacon makes, left for the next housekeeping to cut (the report's worst case).
   */
  uniqueKeys?: number;
}

export const SEED_DAYS = 90;
/** Rows per statement: short enough for the API's query timeout on a busy PostgreSQL. */
const CHUNK = 20_000;

const FIRST = ['Ada', 'Ben', 'Chloé', 'Dmitri', 'Elif', 'Farah', 'Gustav', 'Hana', 'Ivan', 'Jonas', 'Kemal', 'Lena'];
const LAST = ['Okafor', 'Schmidt', 'Tanaka', 'Novak', 'García', 'Smith', 'Kowalski', 'Haddad', 'Rossi', 'Lindqvist'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'acme.example', 'studio.example'];
const MESSAGES = [
  'We need a new website for our bakery, with online orders.',
  'Could you give us a quote for a mobile app for our gym members?',
  'Our shop is slow on phones. Can you help with performance?',
  'Looking for help with SEO and analytics for a product launch.',
  'We want to automate our invoices and connect them to accounting.',
];
const NOTES = ['Called back, waiting for budget', 'Sent proposal', 'Follow up next week', 'Asked for the brief'];
const BIG_REFERRERS = ['google.com', 'bing.com', 'duckduckgo.com', 'linkedin.com', 't.co', 'github.com'];
const SOURCES = ['newsletter', 'linkedin', 'google', 'twitter', 'partner'];
const MEDIUMS = ['email', 'social', 'cpc', 'referral'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];

const list = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);
/** One element of a SQL array, chosen per row; `bias` > 1 favours the first ones (a long tail). */
const pick = (values: readonly string[], bias = 1) =>
  sql`(${list(values)})[1 + floor(${values.length} * power(random(), ${bias}))::int]`;

/** Appends generated rows; returns how many of each were written. */
export async function seedDatabase(
  db: Db,
  counts: SeedCounts,
  now: Date,
  pages: readonly string[],
  progress: (line: string) => void = () => {},
): Promise<SeedCounts & { sessions: number; replies: number }> {
  // Addresses of this run carry a tag of their own, so seeding twice appends instead of colliding.
  const tag = `s${now.getTime().toString(36)}`;
  const since = sql`${now.toISOString()}::timestamptz - interval '${sql.raw(String(SEED_DAYS))} days'`;
  // Milliseconds, as the app's clock writes them (the lists' cursors carry milliseconds).
  const spread = sql`date_trunc('milliseconds', ${since} + random() * interval '${sql.raw(String(SEED_DAYS))} days')`;

  for (let done = 0; done < counts.users; done += CHUNK) {
    const n = Math.min(CHUNK, counts.users - done);
    await db.execute(sql`
      INSERT INTO users (id, name, email, password_hash, is_account_verified, is_admin, created_at)
      SELECT gen_random_uuid(), f || ' ' || l, lower(f || '.' || l || '.' || g || '.' || ${tag}) || '@' || d,
        NULL, random() < 0.8, false, ${spread}
      FROM generate_series(${done + 1}::int, ${done + n}::int) g,
        LATERAL (SELECT ${pick(FIRST)} f, ${pick(LAST)} l, ${pick(DOMAINS)} d, g AS row) names`);
    progress(`users ${done + n}`);
  }
  const mine = sql`email LIKE ${`%.${tag}@%`}`;
  const sessions = await db.execute(sql`
    INSERT INTO sessions (id, token_hash, user_id, created_at, last_used_at, user_agent, expires_at)
    SELECT gen_random_uuid(), encode(sha256(gen_random_uuid()::text::bytea), 'hex'), id, created_at,
      created_at + random() * (${now.toISOString()}::timestamptz - created_at), ${pick(AGENTS)},
      ${now.toISOString()}::timestamptz + interval '30 days'
    FROM users WHERE ${mine} AND random() < 0.4`);

  for (let done = 0; done < counts.enquiries; done += CHUNK) {
    const n = Math.min(CHUNK, counts.enquiries - done);
    await db.execute(sql`
      WITH accounts AS (SELECT coalesce(array_agg(id), '{}') ids FROM users WHERE ${mine})
      INSERT INTO enquiries (id, name, email, phone_number, message, user_id, created_at, status, note)
      SELECT gen_random_uuid(), f || ' ' || l, lower(f || '.' || l || g) || '@' || d,
        '+44 7' || lpad((floor(random() * 1e9))::bigint::text, 9, '0'), m,
        CASE WHEN random() < 0.3 AND cardinality(ids) > 0 THEN ids[1 + floor(random() * cardinality(ids))::int] END,
        ${spread},
        CASE WHEN s < 0.25 THEN 'new' WHEN s < 0.4 THEN 'in-progress' WHEN s < 0.8 THEN 'answered' ELSE 'closed' END,
        CASE WHEN random() < 0.3 THEN ${pick(NOTES)} ELSE '' END
      FROM accounts, generate_series(${done + 1}::int, ${done + n}::int) g,
        LATERAL (SELECT ${pick(FIRST)} f, ${pick(LAST)} l, ${pick(DOMAINS)} d, ${pick(MESSAGES)} m, random() s, g AS row) r`);
    progress(`enquiries ${done + n}`);
  }
  const replies = await db.execute(sql`
    INSERT INTO enquiry_replies (id, enquiry_id, author_id, author_name, message, outbox_id, created_at)
    SELECT gen_random_uuid(), e.id, NULL, 'Seed Admin', 'Thank you for your enquiry. We will call you this week.', NULL,
      least(${now.toISOString()}::timestamptz, e.created_at + k * random() * interval '1 day')
    FROM enquiries e, generate_series(1, 2) k
    WHERE e.status IN ('answered', 'closed') AND (k = 1 OR random() < 0.3)
      AND NOT EXISTS (SELECT 1 FROM enquiry_replies r WHERE r.enquiry_id = e.id)`);

  // About 2.5 views per visitor and day; referrers and campaigns in the thousands.
  const perDay = Math.max(1, Math.round(counts.views / SEED_DAYS / 2.5));
  for (let done = 0; done < counts.views; done += CHUNK) {
    const n = Math.min(CHUNK, counts.views - done);
    await db.execute(sql`
      INSERT INTO analytics_views (${viewColumnList()})
      SELECT at, (at AT TIME ZONE 'UTC')::date, path,
        CASE WHEN r < 0.55 THEN NULL WHEN r < 0.8 THEN ${pick(BIG_REFERRERS, 2)}
          ELSE 'blog' || floor(3000 * power(random(), 2))::int || '.example.net' END,
        CASE WHEN u < 0.15 THEN ${pick(SOURCES, 2)} END,
        CASE WHEN u < 0.15 THEN ${pick(MEDIUMS)} END,
        CASE WHEN u < 0.15 THEN 'campaign-' || floor(2000 * power(random(), 3))::int END,
        NULL, NULL,
        CASE WHEN dv < 0.55 THEN 'desktop' WHEN dv < 0.93 THEN 'mobile' WHEN dv < 0.98 THEN 'tablet' ELSE 'other' END,
        md5((at AT TIME ZONE 'UTC')::date::text || floor(random() * ${perDay})::int)
      FROM generate_series(${done + 1}::int, ${done + n}::int) g,
        LATERAL (SELECT ${spread} AS at, ${pick(pages, 2)} AS path, random() r, random() u, random() dv, g AS row) v`);
    progress(`views ${done + n}`);
  }
  // The triggers counted every view as it went in; finished days are cut to their top keys as the hourly
  // housekeeping would have done day by day, then the planner learns the tables' new sizes (PGlite has
  // no autovacuum to do it).
  const today = utcDay(now);
  await cutDays(db, addDays(today, -SEED_DAYS - 1), addDays(today, -1));
  await cutAndPurge(db, now);
  // The flood comes after the cut: it waits for the next housekeeping, as a flood of yesterday would.
  const yesterday = sql`(${now.toISOString()}::timestamptz - interval '1 day')`;
  const flood = counts.uniqueKeys ?? 0;
  for (let done = 0; done < flood; done += CHUNK) {
    const n = Math.min(CHUNK, flood - done);
    await db.execute(sql`
      INSERT INTO analytics_views (${viewColumnList()})
      SELECT ${yesterday}, (${yesterday} AT TIME ZONE 'UTC')::date, ${pick(pages, 2)},
        'r' || g || '.' || ${tag} || '.example', 's' || g || ${tag}, 'email', 'c' || g || ${tag}, NULL, NULL,
        'desktop', md5(${tag} || g)
      FROM generate_series(${done + 1}::int, ${done + n}::int) g`);
    progress(`views with unique keys ${done + n}`);
  }
  await db.execute(sql`ANALYZE`);
  return {
    ...counts,
    sessions: affected(sessions),
    replies: affected(replies),
  };
}

/** Rows an INSERT wrote: node-postgres says rowCount, PGlite affectedRows. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
