CREATE TABLE "analytics_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "analytics_visitors_day_dimension_key_visitor_pk" PRIMARY KEY("day","dimension","key","visitor")
);
--> statement-breakpoint
ALTER TABLE "analytics_period_counts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_periods" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "analytics_period_counts" CASCADE;--> statement-breakpoint
DROP TABLE "analytics_periods" CASCADE;--> statement-breakpoint
DROP INDEX "analytics_views_day_visitor_idx";--> statement-breakpoint
-- Hand-written from here. The report sums the daily rows itself (a GROUP BY over at most 90 cut days), so
-- the running period sums and their trigger go.
DROP TRIGGER "analytics_daily_insert" ON "analytics_daily";
--> statement-breakpoint
DROP TRIGGER "analytics_daily_update" ON "analytics_daily";
--> statement-breakpoint
DROP TRIGGER "analytics_daily_delete" ON "analytics_daily";
--> statement-breakpoint
DROP FUNCTION "analytics_daily_periods"();
--> statement-breakpoint
-- A view adds one visit to its day's row of each dimension it has a key in, and one visitor for each
-- (day, dimension, key, visitor) its batch is the first to insert into analytics_visitors. Two statements:
-- every visitor row is inserted (in key order) before any daily row is touched, so writers that wait on
-- each other's visitor rows never hold a daily row meanwhile.
CREATE OR REPLACE FUNCTION analytics_views_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days_ date[];
  dims text[];
  keys text[];
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  WITH first_seen AS (
    INSERT INTO analytics_visitors (day, dimension, key, visitor)
    SELECT DISTINCT v.day, k.dimension, k.key, v.visitor FROM new_rows v
    CROSS JOIN LATERAL (VALUES ('total', ''), ('page', v.path), ('referrer', v.referrer_host),
      ('utm_source', v.utm_source), ('utm_medium', v.utm_medium), ('utm_campaign', v.utm_campaign),
      ('device', v.device)) AS k(dimension, key)
    WHERE k.key IS NOT NULL
    ORDER BY 1, 2, 3, 4
    ON CONFLICT DO NOTHING
    RETURNING day, dimension, key)
  SELECT array_agg(day), array_agg(dimension), array_agg(key) INTO days_, dims, keys FROM first_seen;
  WITH visits AS (
    SELECT v.day, k.dimension, k.key, count(*)::int AS n FROM new_rows v
    CROSS JOIN LATERAL (VALUES ('total', ''), ('page', v.path), ('referrer', v.referrer_host),
      ('utm_source', v.utm_source), ('utm_medium', v.utm_medium), ('utm_campaign', v.utm_campaign),
      ('device', v.device)) AS k(dimension, key)
    WHERE k.key IS NOT NULL
    GROUP BY 1, 2, 3),
  visitors AS (
    SELECT day, dimension, key, count(*)::int AS n FROM unnest(days_, dims, keys) AS f(day, dimension, key)
    GROUP BY 1, 2, 3)
  INSERT INTO analytics_daily AS d (day, dimension, key, visits, visitors)
  SELECT day, dimension, key, visits.n, coalesce(visitors.n, 0)
  FROM visits LEFT JOIN visitors USING (day, dimension, key)
  ORDER BY 1, 2, 3
  ON CONFLICT (day, dimension, key) DO UPDATE
    SET visits = d.visits + excluded.visits, visitors = d.visitors + excluded.visitors;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The visitors of the days whose raw views are still kept, from those views.
INSERT INTO analytics_visitors (day, dimension, key, visitor)
SELECT DISTINCT v.day, k.dimension, k.key, v.visitor FROM analytics_views v
CROSS JOIN LATERAL (VALUES ('total', ''), ('page', v.path), ('referrer', v.referrer_host),
  ('utm_source', v.utm_source), ('utm_medium', v.utm_medium), ('utm_campaign', v.utm_campaign),
  ('device', v.device)) AS k(dimension, key)
WHERE k.key IS NOT NULL;
