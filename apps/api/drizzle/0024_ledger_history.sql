ALTER TABLE "appointments" ADD COLUMN "tax_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD COLUMN "refund_overpayment_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD COLUMN "refund_credit_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD COLUMN "refund_tips_cents" integer;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_refund_parts" CHECK (("payment_ledger"."refund_overpayment_cents" is null and "payment_ledger"."refund_credit_cents" is null and "payment_ledger"."refund_tips_cents" is null)
        or ("payment_ledger"."kind" = 'refund' and "payment_ledger"."refund_overpayment_cents" >= 0 and "payment_ledger"."refund_credit_cents" >= 0
          and "payment_ledger"."refund_tips_cents" >= 0
          and "payment_ledger"."refund_overpayment_cents" + "payment_ledger"."refund_credit_cents" + "payment_ledger"."refund_tips_cents" = "payment_ledger"."cents"));