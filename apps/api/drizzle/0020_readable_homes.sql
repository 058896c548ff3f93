-- Stored means readable (issue 27, decision 034): a visit booked from a quote asked before the quote's
-- counts took the limits of a home kept 50 bedrooms or 0 bathrooms in its breakdown, and every list that
-- showed it failed. Each home a visit or a series stored is brought within the limits of a home as they
-- are now (HOME_LIMITS in packages/shared/src/pricing.ts: bedrooms 0-20, bathrooms 1-20, area 1-1,000,000),
-- each count to its nearest bound, as `homeWithinLimits` does. Prices, lines and totals are not touched:
-- the visit keeps the price the customer agreed to. Running it again changes nothing.
CREATE FUNCTION pg_temp.eclat_home_within_limits(home jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT home
    || CASE WHEN jsonb_typeof(home -> 'bedrooms') = 'number'
         THEN jsonb_build_object('bedrooms', least(20, greatest(0, round((home ->> 'bedrooms')::numeric)))::int)
         ELSE '{}'::jsonb END
    || CASE WHEN jsonb_typeof(home -> 'bathrooms') = 'number'
         THEN jsonb_build_object('bathrooms', least(20, greatest(1, round((home ->> 'bathrooms')::numeric)))::int)
         ELSE '{}'::jsonb END
    || CASE WHEN jsonb_typeof(home -> 'area') = 'number'
         THEN jsonb_build_object('area', least(1000000, greatest(1, round((home ->> 'area')::numeric)))::int)
         ELSE '{}'::jsonb END
$$;
--> statement-breakpoint
UPDATE "appointments"
SET "price_breakdown" = jsonb_set("price_breakdown", '{home}', pg_temp.eclat_home_within_limits("price_breakdown" -> 'home'))
WHERE jsonb_typeof("price_breakdown" -> 'home') = 'object'
  AND pg_temp.eclat_home_within_limits("price_breakdown" -> 'home') <> "price_breakdown" -> 'home';
--> statement-breakpoint
UPDATE "appointments"
SET "price_breakdown" = jsonb_set(
  "price_breakdown",
  '{lines}',
  (
    SELECT jsonb_agg(
      CASE WHEN jsonb_typeof(line -> 'basis') = 'object'
        THEN jsonb_set(line, '{basis}', pg_temp.eclat_home_within_limits(line -> 'basis'))
        ELSE line END
      ORDER BY position
    )
    FROM jsonb_array_elements("price_breakdown" -> 'lines') WITH ORDINALITY AS lines(line, position)
  )
)
WHERE jsonb_typeof("price_breakdown" -> 'lines') = 'array'
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements("price_breakdown" -> 'lines') AS lines(line)
    WHERE jsonb_typeof(line -> 'basis') = 'object'
      AND pg_temp.eclat_home_within_limits(line -> 'basis') <> line -> 'basis'
  );
--> statement-breakpoint
UPDATE "appointment_series"
SET "home" = pg_temp.eclat_home_within_limits("home")
WHERE jsonb_typeof("home") = 'object' AND pg_temp.eclat_home_within_limits("home") <> "home";
--> statement-breakpoint
DROP FUNCTION pg_temp.eclat_home_within_limits(jsonb);
