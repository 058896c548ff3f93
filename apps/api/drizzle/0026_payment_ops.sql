CREATE TABLE "payment_discrepancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"provider_object_id" text NOT NULL,
	"appointment_id" uuid,
	"cents" integer,
	"detail" text NOT NULL,
	"repaired" boolean NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_discrepancies_kind_object_uq" ON "payment_discrepancies" USING btree ("kind","provider_object_id");--> statement-breakpoint
CREATE INDEX "payment_discrepancies_found_idx" ON "payment_discrepancies" USING btree ("found_at");--> statement-breakpoint
CREATE INDEX "appointments_payment_needed_idx" ON "appointments" USING btree ("appointment_date","id") WHERE "appointments"."payment_needed";