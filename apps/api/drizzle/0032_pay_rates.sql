CREATE TYPE "public"."pay_kind" AS ENUM('hourly', 'percent');--> statement-breakpoint
CREATE TABLE "employee_pay_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"kind" "pay_kind" NOT NULL,
	"hourly_cents" integer,
	"percent_basis_points" integer,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_pay_rates_amount" CHECK (("employee_pay_rates"."kind" = 'hourly' and "employee_pay_rates"."hourly_cents" > 0 and "employee_pay_rates"."percent_basis_points" is null)
        or ("employee_pay_rates"."kind" = 'percent' and "employee_pay_rates"."percent_basis_points" between 1 and 10000 and "employee_pay_rates"."hourly_cents" is null))
);
--> statement-breakpoint
ALTER TABLE "employee_pay_rates" ADD CONSTRAINT "employee_pay_rates_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_pay_rates" ADD CONSTRAINT "employee_pay_rates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_pay_rates_employee_day_uq" ON "employee_pay_rates" USING btree ("employee_id","effective_from");