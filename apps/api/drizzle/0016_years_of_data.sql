DROP INDEX "appointments_date_idx";--> statement-breakpoint
CREATE INDEX "appointments_date_id_idx" ON "appointments" USING btree ("appointment_date","id");--> statement-breakpoint
CREATE INDEX "appointments_status_date_id_idx" ON "appointments" USING btree ("status","appointment_date","id");