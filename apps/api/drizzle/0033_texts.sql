CREATE TABLE "text_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"employee_id" uuid,
	"mobile" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consent_wording" text NOT NULL,
	"consent_locale" text NOT NULL,
	"stopped_at" timestamp with time zone,
	"reminder_by" text DEFAULT 'both' NOT NULL,
	"confirmation_by" text DEFAULT 'both' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_contacts_one_owner" CHECK (("text_contacts"."customer_id" is null) <> ("text_contacts"."employee_id" is null)),
	CONSTRAINT "text_contacts_reminder_by" CHECK ("text_contacts"."reminder_by" in ('email', 'text', 'both')),
	CONSTRAINT "text_contacts_confirmation_by" CHECK ("text_contacts"."confirmation_by" in ('email', 'text', 'both'))
);
--> statement-breakpoint
CREATE TABLE "text_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"locale" text NOT NULL,
	"data" jsonb NOT NULL,
	"body" text,
	"segments" smallint,
	"appointment_id" uuid,
	"customer_id" uuid,
	"job_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_contacts" ADD CONSTRAINT "text_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_contacts" ADD CONSTRAINT "text_contacts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_deliveries" ADD CONSTRAINT "text_deliveries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_deliveries" ADD CONSTRAINT "text_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_contacts_customer_uq" ON "text_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "text_contacts_employee_uq" ON "text_contacts" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "text_contacts_mobile_idx" ON "text_contacts" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "text_deliveries_provider_uq" ON "text_deliveries" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "text_deliveries_status_idx" ON "text_deliveries" USING btree ("status","created_at" DESC NULLS LAST);