CREATE TABLE "analytics_period_counts" (
	"days" smallint NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_period_counts_days_dimension_key_pk" PRIMARY KEY("days","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_periods" (
	"days" smallint PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_daily_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
DROP INDEX "analytics_views_day_idx";--> statement-breakpoint
CREATE INDEX "analytics_period_counts_rank_idx" ON "analytics_period_counts" USING btree ("days","dimension","visits" DESC NULLS LAST,"key");--> statement-breakpoint
CREATE INDEX "analytics_daily_rank_idx" ON "analytics_daily" USING btree ("day","dimension","visits" DESC NULLS LAST,"key");--> statement-breakpoint
CREATE INDEX "analytics_views_day_visitor_idx" ON "analytics_views" USING btree ("day","visitor");--> statement-breakpoint
-- Hand-written from here: the triggers that keep the roll-ups current on every write, and the backfill
-- from the rows already there. Each trigger runs once per statement over its transition tables (a bulk
-- insert costs one grouped statement) and writes its rows in key order (concurrent writers lock them in
-- the same order). A backup restore sets app.restoring: the roll-up tables come back from the backup.
CREATE FUNCTION stats_apply(all_metric text, flag_metric text, times timestamptz[], flags boolean[], signs int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_daily AS s (day, metric, n)
  SELECT (c.at AT TIME ZONE 'UTC')::date, m.metric, sum(c.sign)::int
  FROM unnest(times, flags, signs) AS c(at, flag, sign)
  CROSS JOIN LATERAL (VALUES (all_metric, true), (flag_metric, c.flag)) AS m(metric, counted)
  WHERE m.counted
  GROUP BY 1, 2 HAVING sum(c.sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, metric) DO UPDATE SET n = s.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION stats_enquiries_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  times timestamptz[];
  flags boolean[];
  signs int[];
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(created_at), array_agg(status IN ('new', 'in-progress')), array_agg(1)
      INTO times, flags, signs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(created_at), array_agg(status IN ('new', 'in-progress')), array_agg(-1)
      INTO times, flags, signs FROM old_rows;
  ELSE
    SELECT array_agg(c.at), array_agg(c.flag), array_agg(c.sign) INTO times, flags, signs FROM (
      SELECT created_at, status IN ('new', 'in-progress'), 1 FROM new_rows
      UNION ALL SELECT created_at, status IN ('new', 'in-progress'), -1 FROM old_rows) AS c(at, flag, sign);
  END IF;
  PERFORM stats_apply('enquiries', 'open_enquiries', times, flags, signs);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_users_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  times timestamptz[];
  flags boolean[];
  signs int[];
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(created_at), array_agg(is_account_verified), array_agg(1) INTO times, flags, signs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(created_at), array_agg(is_account_verified), array_agg(-1) INTO times, flags, signs FROM old_rows;
  ELSE
    SELECT array_agg(c.at), array_agg(c.flag), array_agg(c.sign) INTO times, flags, signs FROM (
      SELECT created_at, is_account_verified, 1 FROM new_rows
      UNION ALL SELECT created_at, is_account_verified, -1 FROM old_rows) AS c(at, flag, sign);
  END IF;
  PERFORM stats_apply('signups', 'verified_signups', times, flags, signs);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A view adds one visit to its day's row of each dimension it has a key in, and one visitor when no
-- earlier view of that day by the same visitor had the same key (read through the (day, visitor) index).
CREATE FUNCTION analytics_views_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO analytics_daily AS d (day, dimension, key, visits, visitors)
  SELECT v.day, k.dimension, k.key, count(*)::int,
    (count(*) FILTER (WHERE NOT EXISTS (
      SELECT 1 FROM analytics_views o
      WHERE o.day = v.day AND o.visitor = v.visitor AND o.id < v.id
        AND CASE k.dimension
          WHEN 'total' THEN true
          WHEN 'page' THEN o.path = k.key
          WHEN 'referrer' THEN o.referrer_host = k.key
          WHEN 'utm_source' THEN o.utm_source = k.key
          WHEN 'utm_medium' THEN o.utm_medium = k.key
          WHEN 'utm_campaign' THEN o.utm_campaign = k.key
          ELSE o.device = k.key END)))::int
  FROM new_rows v
  CROSS JOIN LATERAL (VALUES ('total', ''), ('page', v.path), ('referrer', v.referrer_host),
    ('utm_source', v.utm_source), ('utm_medium', v.utm_medium), ('utm_campaign', v.utm_campaign),
    ('device', v.device)) AS k(dimension, key)
  WHERE k.key IS NOT NULL
  GROUP BY v.day, k.dimension, k.key
  ORDER BY 1, 2, 3
  ON CONFLICT (day, dimension, key) DO UPDATE
    SET visits = d.visits + excluded.visits, visitors = d.visitors + excluded.visitors;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every change to a daily row moves the sums of the periods that hold its day; rows emptied go.
CREATE FUNCTION analytics_daily_periods() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days_ date[];
  dims text[];
  keys text[];
  visits_ int[];
  visitors_ int[];
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(day), array_agg(dimension), array_agg(key), array_agg(visits), array_agg(visitors)
      INTO days_, dims, keys, visits_, visitors_ FROM new_rows WHERE dimension <> 'total';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(day), array_agg(dimension), array_agg(key), array_agg(-visits), array_agg(-visitors)
      INTO days_, dims, keys, visits_, visitors_ FROM old_rows WHERE dimension <> 'total';
  ELSE
    SELECT array_agg(c.day), array_agg(c.dimension), array_agg(c.key), array_agg(c.visits), array_agg(c.visitors)
      INTO days_, dims, keys, visits_, visitors_ FROM (
        SELECT day, dimension, key, visits, visitors FROM new_rows WHERE dimension <> 'total'
        UNION ALL SELECT day, dimension, key, -visits, -visitors FROM old_rows WHERE dimension <> 'total') AS c;
  END IF;
  IF days_ IS NULL THEN RETURN NULL; END IF;
  INSERT INTO analytics_period_counts AS p (days, dimension, key, visits, visitors)
  SELECT w.days, c.dimension, c.key, sum(c.visits)::int, sum(c.visitors)::int
  FROM unnest(days_, dims, keys, visits_, visitors_) AS c(day, dimension, key, visits, visitors)
  JOIN analytics_periods w ON c.day >= w.first_day
  GROUP BY 1, 2, 3 HAVING sum(c.visits) <> 0 OR sum(c.visitors) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (days, dimension, key) DO UPDATE
    SET visits = p.visits + excluded.visits, visitors = p.visitors + excluded.visitors;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM analytics_period_counts p USING analytics_periods w, unnest(dims, keys) AS c(dimension, key)
    WHERE p.days = w.days AND p.dimension = c.dimension AND p.key = c.key AND p.visits <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT stats_apply('enquiries', 'open_enquiries', array_agg(created_at), array_agg(status IN ('new', 'in-progress')), array_agg(1))
FROM enquiries;
--> statement-breakpoint
SELECT stats_apply('signups', 'verified_signups', array_agg(created_at), array_agg(is_account_verified), array_agg(1))
FROM users;
--> statement-breakpoint
-- Days that still have raw views are counted again from them, whole: the daily cut keeps finished ones short.
DELETE FROM analytics_daily WHERE day IN (SELECT DISTINCT day FROM analytics_views);
--> statement-breakpoint
INSERT INTO analytics_daily (day, dimension, key, visits, visitors)
SELECT v.day, k.dimension, k.key, count(*)::int, count(DISTINCT v.visitor)::int
FROM analytics_views v
CROSS JOIN LATERAL (VALUES ('total', ''), ('page', v.path), ('referrer', v.referrer_host),
  ('utm_source', v.utm_source), ('utm_medium', v.utm_medium), ('utm_campaign', v.utm_campaign),
  ('device', v.device)) AS k(dimension, key)
WHERE k.key IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER stats_enquiries_insert AFTER INSERT ON enquiries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_enquiries_count();
--> statement-breakpoint
CREATE TRIGGER stats_enquiries_update AFTER UPDATE ON enquiries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_enquiries_count();
--> statement-breakpoint
CREATE TRIGGER stats_enquiries_delete AFTER DELETE ON enquiries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_enquiries_count();
--> statement-breakpoint
CREATE TRIGGER stats_users_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_users_count();
--> statement-breakpoint
CREATE TRIGGER stats_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_users_count();
--> statement-breakpoint
CREATE TRIGGER stats_users_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_users_count();
--> statement-breakpoint
CREATE TRIGGER analytics_views_insert AFTER INSERT ON analytics_views
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_views_count();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_insert AFTER INSERT ON analytics_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_periods();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_update AFTER UPDATE ON analytics_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_periods();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_delete AFTER DELETE ON analytics_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_periods();
