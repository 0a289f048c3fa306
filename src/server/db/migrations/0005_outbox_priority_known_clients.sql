CREATE TABLE "known_clients" (
	"user_id" uuid NOT NULL,
	"client" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_clients_user_id_client_pk" PRIMARY KEY("user_id","client")
);
--> statement-breakpoint
DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "known_clients" ADD CONSTRAINT "known_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_clients_last_idx" ON "known_clients" USING btree ("last_sign_in_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("priority","next_attempt_at") WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_account_idx" ON "outbox" USING btree ("account_id") WHERE account_id IS NOT NULL;