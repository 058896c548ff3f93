ALTER TABLE "appointment_series" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "postal_code" text;--> statement-breakpoint
-- Issue 27: every visit keeps the place it happens at. Existing visits: the postal code they were priced at
-- (their breakdown's), else their customer's at the time of this migration; a series' visits their series'.
UPDATE "appointments" AS a SET "postal_code" = coalesce(
  a."price_breakdown"->>'postalCode',
  (SELECT s."postal_code" FROM "appointment_series" AS s WHERE s."id" = a."series_id"),
  c."postal_code"
)
FROM "customers" AS c WHERE c."id" = a."customer_id";--> statement-breakpoint
-- A quoted visit kept "street, postal code" in its address: the quote's street and postal code apart.
UPDATE "appointments" AS a SET "address" = q."address", "postal_code" = q."postal_code"
FROM "quote_requests" AS q WHERE q."appointment_id" = a."id";
