ALTER TABLE "customers" ADD COLUMN "optional_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_token_uq" ON "customers" USING btree ("email_token");