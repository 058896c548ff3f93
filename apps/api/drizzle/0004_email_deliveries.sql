CREATE TABLE "email_deliveries" (
	"job_id" text PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"message_id" text NOT NULL,
	"file" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_deliveries_sent_idx" ON "email_deliveries" USING btree ("sent_at" DESC NULLS LAST);