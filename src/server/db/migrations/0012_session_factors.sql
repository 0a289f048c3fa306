ALTER TABLE "sessions" ADD COLUMN "factors" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factors_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "factors" = 2, "two_factors_at" = "created_at" WHERE "method" IN ('two-factor', 'passkey-verified');--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_factors_check" CHECK (("sessions"."factors" = 1 AND "sessions"."two_factors_at" IS NULL) OR ("sessions"."factors" = 2 AND "sessions"."two_factors_at" IS NOT NULL));
