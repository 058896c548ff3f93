CREATE TABLE "appointment_reminders" (
	"appointment_id" uuid NOT NULL,
	"hours_before" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_appointment_id_hours_before_starts_at_pk" PRIMARY KEY("appointment_id","hours_before","starts_at")
);
--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;