CREATE TYPE "public"."series_frequency" AS ENUM('weekly', 'every2Weeks', 'every4Weeks');--> statement-breakpoint
CREATE TYPE "public"."series_status" AS ENUM('active', 'paused', 'cancelled');--> statement-breakpoint
CREATE TABLE "appointment_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"frequency" "series_frequency" NOT NULL,
	"anchor_date" date NOT NULL,
	"start_hour" smallint NOT NULL,
	"comments" text,
	"address" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"first_visit_discounted" boolean DEFAULT true NOT NULL,
	"preferred_employee_id" uuid,
	"status" "series_status" DEFAULT 'active' NOT NULL,
	"planned_until" date NOT NULL,
	"confirmed_at" timestamp with time zone,
	"idempotency_key" text,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_series_hour" CHECK ("appointment_series"."start_hour" between 0 and 23),
	CONSTRAINT "appointment_series_discount" CHECK ("appointment_series"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "series_services" (
	"series_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "series_services_series_id_position_pk" PRIMARY KEY("series_id","position")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_date" date;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "needs_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "discount_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_preferred_employee_id_employees_id_fk" FOREIGN KEY ("preferred_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_services" ADD CONSTRAINT "series_services_series_id_appointment_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."appointment_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_services" ADD CONSTRAINT "series_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_series_customer_idx" ON "appointment_series" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointment_series_status_idx" ON "appointment_series" USING btree ("status","planned_until");--> statement-breakpoint
CREATE INDEX "appointment_series_created_idx" ON "appointment_series" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_series_idempotency_uq" ON "appointment_series" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "series_services_service_idx" ON "series_services" USING btree ("service_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_id_appointment_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."appointment_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_series_date_uq" ON "appointments" USING btree ("series_id","series_date");--> statement-breakpoint
CREATE INDEX "appointments_needs_time_idx" ON "appointments" USING btree ("appointment_date") WHERE "appointments"."needs_time";