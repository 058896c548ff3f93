import { z } from '../zod.ts';
import {
  MAX_AREA_PREFIXES,
  MAX_SURCHARGE_CENTS,
  normalizeAreaPrefix,
  normalizePostalCode,
  type ServiceArea,
} from '../service-area.ts';

/**
 * A Canadian postal code (`A1A 1A1`), in any case and with or without its space; the output is the stored
 * form, upper case with one space (`normalizePostalCode`).
 */
export const postalCodeSchema = z
  .string({ error: 'validation.postalCode' })
  .trim()
  // A code too long is said once (not again by the refinement).
  .max(20, { message: 'validation.postalCode', abort: true })
  .refine((value) => normalizePostalCode(value) !== null, 'validation.postalCode')
  .transform((value) => normalizePostalCode(value) ?? value);

/**
 * An optional postal code of a form: absent leaves it as it is, null or empty clears it, anything else
 * must be a postal code.
 */
export const optionalPostalCodeSchema = z
  .string({ error: 'validation.postalCode' })
  .trim()
  // A code too long is said once (not again by the refinement).
  .max(20, { message: 'validation.postalCode', abort: true })
  .refine((value) => value === '' || normalizePostalCode(value) !== null, 'validation.postalCode')
  .transform((value) => (value === '' ? null : (normalizePostalCode(value) ?? value)))
  .nullish();

const areaEntrySchema = z.object({
  prefix: z
    .string({ error: 'serviceArea.errors.prefix' })
    .trim()
    .max(10, 'serviceArea.errors.prefix')
    .refine((value) => normalizeAreaPrefix(value) !== null, 'serviceArea.errors.prefix')
    .transform((value) => normalizeAreaPrefix(value) ?? value),
  surchargeCents: z
    .number({ error: 'serviceArea.errors.surcharge' })
    .int('serviceArea.errors.surcharge')
    .min(0, 'serviceArea.errors.surcharge')
    .max(MAX_SURCHARGE_CENTS, 'serviceArea.errors.surcharge'),
});

/**
 * `PUT /settings/service-area` (admin): the prefixes served, each once, with their travel surcharge.
 * Empty: everywhere is served.
 */
export const serviceAreaInputSchema = z.object({
  prefixes: z
    .array(areaEntrySchema, { error: 'validation.required' })
    .max(MAX_AREA_PREFIXES, 'serviceArea.errors.tooMany')
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.prefix)) {
          ctx.addIssue({ code: 'custom', path: [index, 'prefix'], message: 'serviceArea.errors.duplicate' });
        }
        seen.add(entry.prefix);
      });
    }),
});
export type ServiceAreaInput = z.input<typeof serviceAreaInputSchema>;

/** `GET` (anyone: the booking flow checks a postal code early) `/settings/service-area`, as stored. */
export const serviceAreaSchema = z
  .object({
    prefixes: z.array(z.object({ prefix: z.string(), surchargeCents: z.number().int() })),
  })
  .meta({ id: 'ServiceArea' }) satisfies z.ZodType<{ prefixes: ServiceArea }>;
export type ServiceAreaSettings = z.infer<typeof serviceAreaSchema>;
