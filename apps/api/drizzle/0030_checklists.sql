CREATE TABLE "service_checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text_en" text NOT NULL,
	"text_fr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_checklist_items" (
	"appointment_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_title" text NOT NULL,
	"text_en" text NOT NULL,
	"text_fr" text NOT NULL,
	"ticked" boolean DEFAULT false NOT NULL,
	"note" text,
	"answered_at" timestamp with time zone,
	"answered_by_user_id" uuid,
	"answered_by_first_name" text,
	"answered_by_office" boolean DEFAULT false NOT NULL,
	CONSTRAINT "visit_checklist_items_appointment_id_item_id_pk" PRIMARY KEY("appointment_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "visit_checklists" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_checklist_items" ADD CONSTRAINT "service_checklist_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checklist_items" ADD CONSTRAINT "visit_checklist_items_appointment_id_visit_checklists_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."visit_checklists"("appointment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checklist_items" ADD CONSTRAINT "visit_checklist_items_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checklists" ADD CONSTRAINT "visit_checklists_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_checklist_items_service_idx" ON "service_checklist_items" USING btree ("service_id","position");