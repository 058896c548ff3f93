CREATE TYPE "public"."visit_step" AS ENUM('planned', 'onTheWay', 'arrived', 'completed', 'noAccess', 'cancelledAtDoor');--> statement-breakpoint
CREATE TABLE "visit_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"step" "visit_step" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid,
	"by_first_name" text,
	"by_office" boolean NOT NULL,
	"correction" boolean DEFAULT false NOT NULL,
	"note" text,
	"eta_minutes" smallint,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" real,
	"idempotency_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "step" "visit_step" DEFAULT 'planned' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "step_by_first_name" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "step_eta_minutes" smallint;--> statement-breakpoint
ALTER TABLE "visit_steps" ADD CONSTRAINT "visit_steps_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_steps" ADD CONSTRAINT "visit_steps_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_steps_key_uq" ON "visit_steps" USING btree ("appointment_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "visit_steps_visit_at_idx" ON "visit_steps" USING btree ("appointment_id","at");