ALTER TABLE "appointment_series" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD COLUMN "surcharge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_surcharge" CHECK ("appointment_series"."surcharge_cents" >= 0);