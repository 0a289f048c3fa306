ALTER TABLE "users" ADD COLUMN "admin_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "factors_cleared_at" timestamp with time zone;--> statement-breakpoint
-- Demotions made before the column existed, from the audit log: a listed account an admin demoted stays so.
UPDATE "users" SET "admin_revoked_at" = (
	SELECT max("at") FROM "audit_log" WHERE "action" = 'user.revoke-admin' AND "target_id" = "users"."id"
) WHERE "is_admin" = false AND EXISTS (
	SELECT 1 FROM "audit_log" WHERE "action" = 'user.revoke-admin' AND "target_id" = "users"."id"
);
