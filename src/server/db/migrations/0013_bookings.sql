CREATE TABLE "booking_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_blocks_end_after_start" CHECK ("booking_blocks"."end" > "booking_blocks"."start")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"time_zone" text,
	"user_id" uuid,
	"token_hash" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"remind_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_locale_check" CHECK ("bookings"."locale" IN ('en', 'hi')),
	CONSTRAINT "bookings_end_after_start" CHECK ("bookings"."end" > "bookings"."start")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar_method" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_blocks_end_idx" ON "booking_blocks" USING btree ("end");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_slot_idx" ON "bookings" USING btree ("start") WHERE status = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_token_idx" ON "bookings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start","id");--> statement-breakpoint
CREATE INDEX "bookings_remind_idx" ON "bookings" USING btree ("remind_at") WHERE remind_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");