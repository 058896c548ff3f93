import { z } from '../zod.ts';
import { SERVICE_ID_LENGTH } from '../constants.ts';

/** Limits of a service's picture (spec §9: JPEG or PNG). */
export const SERVICE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SERVICE_IMAGE_DATA_URL = /^data:image\/(png|jpeg|jpg);base64,[A-Za-z0-9+/]+={0,2}$/;

export const serviceIdSchema = z.uuid().length(SERVICE_ID_LENGTH);
export const serviceIdParamsSchema = z.object({ serviceId: serviceIdSchema });

export const serviceSchema = z
  .object({
    /** The spec's 36-character id. */
    serviceId: serviceIdSchema,
    title: z.string(),
    description: z.string(),
    /** Dollars; 0 means "Contact for pricing". */
    pricing: z.number(),
    isAvailable: z.boolean(),
    /** URL of the picture (cacheable, versioned), or null for the default picture. */
    image: z.string().nullable(),
    category: z.string(),
    durationMinutes: z.number().int(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;

const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong');

/**
 * Body of `POST /services` and `PUT /services/{id}` (admin). Messages are translation keys.
 * `image`: a data URL of a JPEG or PNG (`data:image/png;base64,...`) to set it, `null` to remove it, absent
 * to keep it (update only). The server checks the real content, not the declared type.
 */
export const serviceInputSchema = z
  .object({
    title: text(120),
    description: text(2000),
    pricing: z
      .number({ error: 'validation.number' })
      .min(0, 'services.errors.negativePrice')
      .max(100_000, 'validation.tooLarge')
      .multipleOf(0.01, 'validation.cents'),
    category: text(60),
    durationMinutes: z
      .number({ error: 'validation.number' })
      .int('validation.wholeNumber')
      .min(1, 'services.errors.durationPositive')
      .max(24 * 60, 'validation.tooLarge'),
    isAvailable: z.boolean().default(true),
    image: z.string().regex(SERVICE_IMAGE_DATA_URL, 'services.errors.imageType').nullable().optional(),
  })
  // No component id: trimming and defaults make its input and output shapes differ in OpenAPI.
  .describe('ServiceInput');
export type ServiceInput = z.input<typeof serviceInputSchema>;

export const serviceSearchQuerySchema = z.object({
  title: z.string().trim().min(1, 'services.errors.emptySearch').max(120),
});
