CREATE TABLE "service_extras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"price_cents" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "service_extras_price_not_negative" CHECK ("service_extras"."price_cents" >= 0),
	CONSTRAINT "service_extras_minutes_not_negative" CHECK ("service_extras"."minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "pricing_model" jsonb DEFAULT '{"kind":"flat"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD COLUMN "home" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD COLUMN "extra_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "service_extras" ADD CONSTRAINT "service_extras_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_extras_service_idx" ON "service_extras" USING btree ("service_id","position");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_pricing_model_kind" CHECK ("services"."pricing_model"->>'kind' in ('flat', 'rooms', 'area', 'hourly', 'quote'));