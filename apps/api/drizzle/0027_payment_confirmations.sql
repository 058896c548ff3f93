ALTER TYPE "public"."payment_attempt_status" ADD VALUE 'confirming';--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "checkout_session_id" text;