CREATE TYPE "public"."quote_status" AS ENUM('requested', 'answered', 'accepted', 'declined', 'expired');--> statement-breakpoint
CREATE TABLE "quote_request_photos" (
	"quote_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"mime_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "quote_request_photos_quote_id_position_pk" PRIMARY KEY("quote_id","position")
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"services" jsonb NOT NULL,
	"description" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"bedrooms" smallint,
	"bathrooms" smallint,
	"area_sqft" integer,
	"preferred_dates" jsonb NOT NULL,
	"status" "quote_status" DEFAULT 'requested' NOT NULL,
	"price_cents" integer,
	"duration_minutes" integer,
	"message" text,
	"answered_at" timestamp with time zone,
	"answered_by_user_id" uuid,
	"expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"appointment_id" uuid,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_price_positive" CHECK ("quote_requests"."price_cents" is null or "quote_requests"."price_cents" > 0),
	CONSTRAINT "quote_requests_duration_positive" CHECK ("quote_requests"."duration_minutes" is null or "quote_requests"."duration_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "quote_request_photos" ADD CONSTRAINT "quote_request_photos_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_customer_idx" ON "quote_requests" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_requests_status_idx" ON "quote_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quote_requests_appointment_uq" ON "quote_requests" USING btree ("appointment_id");