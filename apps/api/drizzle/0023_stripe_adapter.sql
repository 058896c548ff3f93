CREATE TYPE "public"."payment_attempt_purpose" AS ENUM('hold', 'charge');--> statement-breakpoint
CREATE TYPE "public"."payment_attempt_status" AS ENUM('pending', 'held', 'failed', 'canceled', 'captured');--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"purpose" "payment_attempt_purpose" NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"cents" integer NOT NULL,
	"status" "payment_attempt_status" DEFAULT 'pending' NOT NULL,
	"provider_payment_id" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_cents_positive" CHECK ("payment_attempts"."cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_exp_month" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_exp_year" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_needed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_key_uq" ON "payment_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_attempt_uq" ON "payment_attempts" USING btree ("appointment_id","purpose","attempt");--> statement-breakpoint
CREATE INDEX "payment_attempts_provider_idx" ON "payment_attempts" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_stripe_customer_uq" ON "customers" USING btree ("stripe_customer_id");