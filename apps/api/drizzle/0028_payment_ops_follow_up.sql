-- Decision 061: an attempt's calls left unanswered (tips, fees, deposits tried again) and the admin's "resolved" on a reconciliation difference.
ALTER TABLE "payment_attempts" ADD COLUMN "transient_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_discrepancies" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_discrepancies" ADD COLUMN "resolved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_discrepancies" ADD COLUMN "resolution_note" text;