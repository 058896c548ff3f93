DROP INDEX "password_reset_tokens_user_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tokens_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'password-reset' NOT NULL;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
-- Accounts made before verification existed keep what they already had: those that own a linked customer or
-- employee record, or hold a staff role, count as verified. Every other one verifies through a link.
UPDATE "users" SET "email_verified_at" = now()
WHERE "id" IN (
  SELECT "user_id" FROM "customers" WHERE "user_id" IS NOT NULL
  UNION SELECT "user_id" FROM "employees" WHERE "user_id" IS NOT NULL
  UNION SELECT "user_id" FROM "user_roles" ur JOIN "roles" r ON r."id" = ur."role_id" WHERE r."name" IN ('admin', 'employee')
);
