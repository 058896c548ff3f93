-- Decision 024: people searched on the server. unaccent and pg_trgm ship with PostgreSQL (contrib, both
-- trusted extensions: a database owner may create them); eclat_fold is immutable so indexes can hold it
-- (unaccent itself is only stable, as it reads its dictionary through the search path).
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.eclat_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));--> statement-breakpoint
DROP INDEX "customers_last_name_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (eclat_fold(coalesce("email", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (eclat_fold(coalesce("email", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (eclat_fold(coalesce("last_name", '') || ' ' || coalesce("first_name", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (eclat_fold(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company_name", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_sort_idx" ON "users" USING btree ("sort_key","id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_sort_idx" ON "customers" USING btree ("sort_key","id");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);
