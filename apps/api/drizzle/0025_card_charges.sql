ALTER TYPE "public"."payment_attempt_purpose" ADD VALUE 'tip';--> statement-breakpoint
ALTER TYPE "public"."payment_attempt_purpose" ADD VALUE 'fee';--> statement-breakpoint
ALTER TYPE "public"."payment_attempt_purpose" ADD VALUE 'deposit';--> statement-breakpoint
CREATE TABLE "tip_shares" (
	"ledger_entry_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_shares_ledger_entry_id_employee_id_pk" PRIMARY KEY("ledger_entry_id","employee_id"),
	CONSTRAINT "tip_shares_cents_positive" CHECK ("tip_shares"."cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_rule" jsonb;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "tip_shares" ADD CONSTRAINT "tip_shares_ledger_entry_id_payment_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."payment_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tip_shares_employee_idx" ON "tip_shares" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_request_uq" ON "payment_attempts" USING btree ("appointment_id","request_key");