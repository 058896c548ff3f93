CREATE TYPE "public"."fee_kind" AS ENUM('late_cancellation', 'lockout');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('payment', 'tip', 'fee', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash', 'cheque', 'interac', 'card');--> statement-breakpoint
CREATE TYPE "public"."receipt_kind" AS ENUM('receipt', 'credit_note');--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"cents" integer NOT NULL,
	"method" "payment_method",
	"fee_kind" "fee_kind",
	"reference" text,
	"note" text,
	"recorded_by_user_id" uuid,
	"idempotency_key" text NOT NULL,
	"provider" text,
	"provider_payment_id" text,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_cents_positive" CHECK ("payment_ledger"."cents" > 0),
	CONSTRAINT "payment_ledger_method_unless_fee" CHECK (("payment_ledger"."kind" = 'fee') = ("payment_ledger"."method" is null)),
	CONSTRAINT "payment_ledger_fee_kind_of_fee" CHECK (("payment_ledger"."kind" = 'fee') = ("payment_ledger"."fee_kind" is not null))
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"business" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_positive" CHECK ("receipt_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"kind" "receipt_kind" NOT NULL,
	"ledger_entry_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locale" text NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"gst_hst_number" text DEFAULT '' NOT NULL,
	"qst_number" text DEFAULT '' NOT NULL,
	"home_province" text NOT NULL,
	"rate_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_one_row" CHECK ("tax_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_ledger_entry_id_payment_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."payment_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_idempotency_uq" ON "payment_ledger" USING btree ("appointment_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_ledger_appointment_idx" ON "payment_ledger" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_ledger_created_idx" ON "payment_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_uq" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_ledger_entry_uq" ON "receipts" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "receipts_appointment_idx" ON "receipts" USING btree ("appointment_id");--> statement-breakpoint
-- Issue 29 (decision 048): the ledger is append-only. A correction is a new row (a refund, a fee), never
-- an edit: UPDATE and DELETE are refused here, whoever asks (a restore's TRUNCATE,
-- which replaces the whole database, is not).
CREATE FUNCTION "append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation', HINT = 'Record a new row (a refund, a fee) instead.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_ledger_no_update_or_delete" BEFORE UPDATE OR DELETE ON "payment_ledger"
  FOR EACH ROW EXECUTE FUNCTION "append_only"();--> statement-breakpoint
-- A receipt says what it said when it was issued: its row is never changed or removed either.
CREATE TRIGGER "receipts_no_update_or_delete" BEFORE UPDATE OR DELETE ON "receipts"
  FOR EACH ROW EXECUTE FUNCTION "append_only"();
