import { z } from '../zod.ts';
import { APPOINTMENTS_PAGE_SIZE } from '../constants.ts';
import { MAX_VISIT_MINUTES } from '../booking-rules.ts';
import { MAX_SERVICES_PER_VISIT, TEXT_LIMITS } from '../limits.ts';
import { LOCALES } from '../locales.ts';
import { HOME_LIMITS } from '../pricing.ts';
import {
  MAX_QUOTE_CENTS,
  MAX_QUOTE_DATES,
  MAX_QUOTE_PHOTOS,
  QUOTE_PHOTO_MAX_BYTES,
  QUOTE_STATUSES,
} from '../quotes.ts';
import { SERVICE_IMAGE_DATA_URL } from '../service-images.ts';
import { profileInputSchema } from './customers.ts';
import { calendarDate, instant, pageOf, pageQuery } from './primitives.ts';
import { postalCodeSchema } from './service-area.ts';
import { slotsQuerySchema } from './appointments.ts';
import { slotDaysQuerySchema } from './scheduling.ts';

/** Quote requests (issue 16, decision 026): work priced by the company before it is booked. */

/**
 * A count of the place, optional: the limits of a home at booking (`HOME_LIMITS`), so the visit an
 * accepted quote books carries a home every read can show (issue 27: 50 bedrooms broke the staff's list).
 */
const count = (limits: { min: number; max: number }, key: string) =>
  z
    .number({ error: key })
    .int(key)
    .min(limits.min, key)
    .max(limits.max, key)
    .nullish()
    .transform((value) => value ?? null);

/** A photo as an inline data string (base64 grows 4/3): checked again by its content on the server. */
const photoSchema = z
  .string({ error: 'quotes.errors.photoType' })
  .max(Math.ceil((QUOTE_PHOTO_MAX_BYTES * 4) / 3) + 64, 'quotes.errors.photoTooLarge')
  .regex(SERVICE_IMAGE_DATA_URL, 'quotes.errors.photoType');

/** `POST /quotes` (a signed-in customer with a verified email): what, where, how big, when, photos. */
export const createQuoteInputSchema = z.object({
  /** The services it is about (any of the catalogue's, quote-only ones included); may be none. */
  serviceIds: z
    .array(z.uuid('quotes.errors.services'), { error: 'quotes.errors.services' })
    .max(MAX_SERVICES_PER_VISIT, 'appointments.errors.tooManyServices')
    .default([]),
  description: z
    .string({ error: 'quotes.errors.description' })
    .trim()
    .min(1, 'quotes.errors.description')
    .max(TEXT_LIMITS.description, 'validation.tooLong'),
  /** The spec's address rule (digits, a space, letters). */
  address: profileInputSchema.shape.address,
  postalCode: postalCodeSchema,
  bedrooms: count(HOME_LIMITS.bedrooms, 'pricing.errors.bedrooms'),
  bathrooms: count(HOME_LIMITS.bathrooms, 'pricing.errors.bathrooms'),
  /** Floor area in square feet. */
  areaSqft: count(HOME_LIMITS.area, 'pricing.errors.area'),
  preferredDates: z
    .array(calendarDate('validation.date'), { error: 'validation.date' })
    .max(MAX_QUOTE_DATES, 'quotes.errors.tooManyDates')
    .default([]),
  photos: z
    .array(photoSchema, { error: 'quotes.errors.photoType' })
    .max(MAX_QUOTE_PHOTOS, 'quotes.errors.tooManyPhotos')
    .default([]),
  /** The answer's email uses it. */
  locale: z.enum(LOCALES).optional(),
});
export type CreateQuoteInput = z.input<typeof createQuoteInputSchema>;

export const quoteSchema = z
  .object({
    quoteId: z.uuid(),
    customerId: z.uuid(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    customerEmail: z.string(),
    /** The services asked about, with the titles they had then. */
    services: z.array(z.object({ serviceId: z.uuid().nullable(), title: z.string() })),
    description: z.string(),
    address: z.string(),
    postalCode: z.string(),
    bedrooms: z.number().int().nullable(),
    bathrooms: z.number().int().nullable(),
    areaSqft: z.number().int().nullable(),
    preferredDates: z.array(z.iso.date()),
    /** How many photos came with it: `GET /quotes/{quoteId}/photos/{index}` serves each (0 to count-1). */
    photoCount: z.number().int(),
    /** As seen now: an answer not decided within its validity has `expired`. */
    status: z.enum(QUOTE_STATUSES),
    priceCents: z.number().int().nullable(),
    /** The visit's length the company plans for this price (the accepted visit takes it). */
    durationMinutes: z.number().int().nullable(),
    message: z.string().nullable(),
    answeredAt: z.iso.datetime().nullable(),
    /** The last moment the answer can be accepted. */
    expiresAt: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    /** The visit booked when it was accepted. */
    appointmentId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

export const quoteIdParamsSchema = z.object({ quoteId: z.uuid() });
export const quotePhotoParamsSchema = z.object({
  quoteId: z.uuid(),
  index: z
    .string()
    .regex(/^\d{1,2}$/, 'validation.wholeNumber')
    .transform(Number),
});

/** `PUT /quotes/{quoteId}/answer` (admin): the price, the visit's length, a message. */
export const answerQuoteInputSchema = z.object({
  priceCents: z
    .number({ error: 'quotes.errors.price' })
    .int('quotes.errors.price')
    .min(1, 'quotes.errors.price')
    .max(MAX_QUOTE_CENTS, 'quotes.errors.price'),
  durationMinutes: z
    .number({ error: 'quotes.errors.duration' })
    .int('quotes.errors.duration')
    .min(30, 'quotes.errors.duration')
    .max(MAX_VISIT_MINUTES, 'quotes.errors.duration'),
  message: z
    .string()
    .trim()
    .max(TEXT_LIMITS.quoteMessage, 'validation.tooLong')
    .nullish()
    .transform((value) => (value?.length ? value : null)),
});
export type AnswerQuoteInput = z.input<typeof answerQuoteInputSchema>;

/** `POST /quotes/{quoteId}/accept` (its customer): the visit's start, chosen among the quote's slots. */
export const acceptQuoteInputSchema = z.object({
  appointmentDate: instant('appointments.errors.dateTime'),
  comments: z.string().trim().max(TEXT_LIMITS.comments, 'validation.tooLong').nullish(),
  locale: z.enum(LOCALES).optional(),
});
export type AcceptQuoteInput = z.input<typeof acceptQuoteInputSchema>;

/** `GET /quotes?status=&page=&size=` (admin): newest first. */
export const quotesPageQuerySchema = pageQuery(APPOINTMENTS_PAGE_SIZE).extend({
  status: z.enum(QUOTE_STATUSES, { error: 'validation.required' }).optional(),
});
export const quotesPageSchema = pageOf(quoteSchema).meta({ id: 'QuotesPage' });
export type QuotesPage = z.infer<typeof quotesPageSchema>;

/** The slots of a quote's visit: its length is the answer's. */
export const quoteSlotsQuerySchema = slotsQuerySchema.pick({ date: true });
export const quoteSlotDaysQuerySchema = slotDaysQuerySchema.pick({ from: true, to: true });
