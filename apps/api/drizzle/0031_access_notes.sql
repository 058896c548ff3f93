CREATE TABLE "access_note_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"appointment_id" uuid,
	"visit_starts_at" timestamp with time zone,
	"reader_user_id" uuid,
	"reader_first_name" text,
	"by_office" boolean NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_notes" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"iv" "bytea" NOT NULL,
	"sealed" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "access_note_reads" ADD CONSTRAINT "access_note_reads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_note_reads" ADD CONSTRAINT "access_note_reads_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_note_reads" ADD CONSTRAINT "access_note_reads_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_notes" ADD CONSTRAINT "access_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_notes" ADD CONSTRAINT "access_notes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_note_reads_customer_idx" ON "access_note_reads" USING btree ("customer_id","read_at" DESC NULLS LAST);