import { z } from '../zod.ts';
import {
  AREA_UNITS,
  HOME_LIMITS,
  PRICE_LINE_KINDS,
  type Home,
  type PriceLine,
  type PricingModel,
} from '../pricing.ts';

/**
 * The schemas of instant prices (decision 025): a service's pricing model and extras (admin input and
 * catalogue output), the home and extras of a booking, and the breakdown stored with a visit. Money in
 * integer cents. Messages are translation keys.
 */

/** Cents up to $100,000, the spec's largest price. */
const cents = z
  .number({ error: 'validation.number' })
  .int('validation.wholeNumber')
  .min(0, 'validation.tooSmall')
  .max(10_000_000, 'validation.tooLarge');
const minutes = (min: number) =>
  z
    .number({ error: 'validation.number' })
    .int('validation.wholeNumber')
    .min(min, 'validation.tooSmall')
    .max(24 * 60, 'validation.tooLarge');

export const areaBandSchema = z.object({
  upTo: z
    .number({ error: 'validation.number' })
    .int('validation.wholeNumber')
    .min(1, 'validation.tooSmall')
    .max(HOME_LIMITS.area.max, 'validation.tooLarge'),
  priceCents: cents,
  minutes: minutes(1),
});

export const pricingModelSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('flat') }),
      z.object({
        kind: z.literal('rooms'),
        baseCents: cents,
        baseMinutes: minutes(1),
        perBedroomCents: cents,
        perBedroomMinutes: minutes(0),
        perBathroomCents: cents,
        perBathroomMinutes: minutes(0),
      }),
      z.object({
        kind: z.literal('area'),
        unit: z.enum(AREA_UNITS, { error: 'validation.invalid' }),
        bands: z
          .array(areaBandSchema)
          .min(1, 'pricing.errors.bandsRequired')
          .max(20, 'pricing.errors.tooManyBands')
          .refine(
            (bands) => bands.every((band, index) => index === 0 || band.upTo > (bands[index - 1]?.upTo ?? 0)),
            {
              error: 'pricing.errors.bandsOrder',
            },
          ),
      }),
      z.object({
        kind: z.literal('hourly'),
        rateCents: cents.min(1, 'services.errors.pricePositive'),
        minutes: minutes(1),
      }),
      z.object({ kind: z.literal('quote') }),
    ],
    { error: 'validation.invalid' },
  )
  .meta({
    id: 'PricingModel',
    description:
      'How a service is priced: flat (pricing and durationMinutes), rooms (base + per bedroom + per bathroom), area (bands of sqft or sqm), hourly (rate times the estimated minutes) or quote (Contact for pricing). Cents.',
  }) satisfies z.ZodType<PricingModel>;

const localizedTitle = z.object({
  en: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(80, 'validation.tooLong'),
  fr: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(80, 'validation.tooLong'),
});

export const serviceExtraSchema = z
  .object({
    extraId: z.uuid(),
    title: z.object({ en: z.string(), fr: z.string() }),
    priceCents: z.number().int(),
    minutes: z.number().int(),
  })
  .meta({ id: 'ServiceExtra' });

/** An extra in the admin's service form: `extraId` keeps an existing one (absent: a new one). */
export const serviceExtraInputSchema = z.object({
  extraId: z.uuid().optional(),
  title: localizedTitle,
  priceCents: cents,
  minutes: z
    .number({ error: 'validation.number' })
    .int('validation.wholeNumber')
    .min(0, 'validation.tooSmall')
    .max(8 * 60, 'validation.tooLarge'),
});
export type ServiceExtraInput = z.input<typeof serviceExtraInputSchema>;

export const MAX_EXTRAS_PER_SERVICE = 20;
export const serviceExtrasInputSchema = z
  .array(serviceExtraInputSchema)
  .max(MAX_EXTRAS_PER_SERVICE, 'pricing.errors.tooManyExtras');

const count = (limits: { min: number; max: number }, key: string) =>
  z.number({ error: key }).int(key).min(limits.min, key).max(limits.max, key);

/** The home of a booking: what the chosen services need (`pricingIssues` says what is missing). */
export const homeSchema = z
  .object({
    bedrooms: count(HOME_LIMITS.bedrooms, 'pricing.errors.bedrooms').optional(),
    bathrooms: count(HOME_LIMITS.bathrooms, 'pricing.errors.bathrooms').optional(),
    area: count(HOME_LIMITS.area, 'pricing.errors.area').optional(),
    areaUnit: z.enum(AREA_UNITS, { error: 'validation.invalid' }).optional(),
  })
  .meta({ id: 'Home' }) satisfies z.ZodType<Home>;

/** The extras chosen (ids of the chosen services' extras). */
export const extraIdsSchema = z
  .array(z.uuid('pricing.errors.extra'), { error: 'pricing.errors.extra' })
  .max(40, 'pricing.errors.extra');

/**
 * A home as a visit or a series stored it (a breakdown's home, a line's basis): whole numbers and a unit,
 * without the limits of `homeSchema`. A read says what is stored (issue 27, decision 034): a home written
 * before a limit, or beyond it by another route, is shown rather than failing the whole list.
 */
export const storedHomeSchema = z
  .object({
    bedrooms: z.number().int().optional(),
    bathrooms: z.number().int().optional(),
    area: z.number().int().optional(),
    areaUnit: z.enum(AREA_UNITS).optional(),
  })
  .meta({ id: 'StoredHome' }) satisfies z.ZodType<Home>;

export const priceLineSchema = z.object({
  kind: z.enum(PRICE_LINE_KINDS),
  label: z.object({ en: z.string(), fr: z.string() }),
  refId: z.string().nullable(),
  cents: z.number().int(),
  minutes: z.number().int(),
  basis: storedHomeSchema.optional(),
  percent: z.number().int().optional(),
}) satisfies z.ZodType<PriceLine>;

/** What a visit was priced on and how: stored with it when booked (decision 025). */
export const priceBreakdownSchema = z
  .object({
    home: storedHomeSchema,
    extraIds: z.array(z.string()),
    /** The postal code it was priced at (issue 16, decision 026): absent when unknown or booked before. */
    postalCode: z.string().nullable().optional(),
    lines: z.array(priceLineSchema),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
    minutes: z.number().int(),
  })
  .meta({ id: 'PriceBreakdown' });
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/** The home and extras in a query (`/slots`, `/slots/days`): `bedrooms=3&bathrooms=2&extraIds=a,b`. */
const queryCount = z
  .string()
  .regex(/^\d{1,7}$/, 'validation.wholeNumber')
  .transform(Number)
  .optional();
export const homeQuerySchema = z.object({
  bedrooms: queryCount,
  bathrooms: queryCount,
  area: queryCount,
  areaUnit: z.enum(AREA_UNITS, { error: 'validation.invalid' }).optional(),
  extraIds: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.uuid('pricing.errors.extra')).max(40, 'pricing.errors.extra')),
});
