import { z } from '../zod.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { SERVICE_ID_LENGTH } from '../constants.ts';
import { pricingModelSchema, serviceExtraSchema, serviceExtrasInputSchema } from './pricing.ts';

export {
  SERVICE_IMAGE_DATA_URL,
  SERVICE_IMAGE_FORMATS,
  SERVICE_IMAGE_MAX_BYTES,
  SERVICE_IMAGE_MAX_REQUEST_WIDTH,
  SERVICE_IMAGE_WIDTHS,
  serviceImageVariantUrl,
  type ServiceImageFormat,
} from '../service-images.ts';
import {
  SERVICE_IMAGE_DATA_URL,
  SERVICE_IMAGE_FORMATS,
  SERVICE_IMAGE_MAX_REQUEST_WIDTH,
} from '../service-images.ts';

export const serviceIdSchema = z.uuid().length(SERVICE_ID_LENGTH);
export const serviceIdParamsSchema = z.object({ serviceId: serviceIdSchema });

export const serviceImageVariantsSchema = z
  .object({
    /** The picture's own size in pixels (as displayed: EXIF orientation applied). */
    width: z.number().int(),
    height: z.number().int(),
    /** Widths of the copies, ascending; each keeps the picture's proportions. */
    widths: z.array(z.number().int()),
    formats: z.array(z.enum(SERVICE_IMAGE_FORMATS)),
  })
  .meta({
    id: 'ServiceImageVariants',
    description:
      'Copies of `image` for srcset: `<image>&w=<width>&f=<format>` for each of `widths` and `formats`.',
  });
export type ServiceImageVariants = z.infer<typeof serviceImageVariantsSchema>;

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
    /** The AVIF and WebP copies of `image`; null without a picture or while its copies are being made. */
    imageVariants: serviceImageVariantsSchema.nullable(),
    category: z.string(),
    durationMinutes: z.number().int(),
    /**
     * How the price is made (decision 025). With a model other than flat, `pricing` and
     * `durationMinutes` are its "from" figures (the smallest home).
     */
    pricingModel: pricingModelSchema,
    /** Add-ons chosen at booking, in order. */
    extras: z.array(serviceExtraSchema),
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
    title: text(TEXT_LIMITS.serviceTitle),
    description: text(TEXT_LIMITS.description),
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
    /**
     * Optional, so the spec's clients keep working: absent keeps the service's model (flat when
     * created). With another model, `pricing` and `durationMinutes` are replaced by its "from" figures.
     */
    pricingModel: pricingModelSchema.optional(),
    /** The whole list of extras (absent: kept). An `extraId` keeps that extra; others are new. */
    extras: serviceExtrasInputSchema.optional(),
  })
  // No component id: trimming and defaults make its input and output shapes differ in OpenAPI.
  .describe('ServiceInput');
export type ServiceInput = z.input<typeof serviceInputSchema>;

/**
 * Query of `GET /services/{id}/image`: `v` the version (from `image`), and for a copy `f` its format and `w`
 * the width wanted (the narrowest copy at least that wide, else the widest; absent: the widest).
 */
export const serviceImageQuerySchema = z
  .object({
    v: z.string().max(64).optional(),
    w: z
      .string()
      .regex(/^\d{1,9}$/, 'validation.wholeNumber')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'validation.tooSmall')
          .max(SERVICE_IMAGE_MAX_REQUEST_WIDTH, 'validation.tooLarge'),
      )
      .optional(),
    f: z.enum(SERVICE_IMAGE_FORMATS, { error: 'services.errors.imageFormat' }).optional(),
  })
  .refine((query) => query.w === undefined || query.f !== undefined, {
    path: ['f'],
    error: 'validation.required',
  });

export const serviceSearchQuerySchema = z.object({
  title: z.string().trim().min(1, 'services.errors.emptySearch').max(120),
});
