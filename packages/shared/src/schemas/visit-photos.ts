import { z } from '../zod.ts';
import {
  VISIT_PHOTO_DATA_URL,
  VISIT_PHOTO_DATA_URL_MAX,
  VISIT_PHOTO_KINDS,
  VISIT_PHOTOS_PER_KIND,
  VISIT_PROBLEM_KINDS,
  VISIT_PROBLEM_NOTE_MAX,
} from '../visit-photos.ts';

/** The key the phone makes for each photo or report, kept until it is recorded (the same twice records once). */
const fieldKey = z
  .string({ error: 'visitPhotos.errors.key' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'visitPhotos.errors.key');

/** `POST /appointments/{id}/photos`: one photo of the visit, by the cleaner on it or the office. */
export const visitPhotoInputSchema = z.object({
  kind: z.enum(VISIT_PHOTO_KINDS, { error: 'validation.invalid' }),
  key: fieldKey,
  /** The photo as a base64 data URL; its content is decoded on the server (JPEG, PNG or WebP). */
  image: z
    .string({ error: 'visitPhotos.errors.notImage' })
    .max(VISIT_PHOTO_DATA_URL_MAX, 'visitPhotos.errors.tooLarge')
    .regex(VISIT_PHOTO_DATA_URL, 'visitPhotos.errors.notImage'),
});
export type VisitPhotoInput = z.input<typeof visitPhotoInputSchema>;

export const visitPhotoSchema = z
  .object({
    photoId: z.uuid(),
    kind: z.enum(VISIT_PHOTO_KINDS),
    /** The problem report it was sent with. */
    problemId: z.uuid().nullable(),
    /** The stored copy's size in pixels (upright, at most `VISIT_PHOTO_LONGEST_SIDE` on its longest side). */
    width: z.number().int(),
    height: z.number().int(),
    /** The photo's address (private: the office, the visit's cleaners and, for before/after once completed, its customer). */
    url: z.string(),
    /** The first name of who sent it (the cleaner, or the office's employee record); null for the office. */
    byFirstName: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'VisitPhoto' });
export type VisitPhoto = z.infer<typeof visitPhotoSchema>;

/** `POST /appointments/{id}/problems`: a problem report, with photos sent before as kind "problem". */
export const visitProblemInputSchema = z.object({
  kind: z.enum(VISIT_PROBLEM_KINDS, { error: 'visitPhotos.errors.problemKind' }),
  key: fieldKey,
  note: z
    .string({ error: 'visitPhotos.errors.problemNote' })
    .trim()
    .min(1, 'visitPhotos.errors.problemNote')
    .max(VISIT_PROBLEM_NOTE_MAX, 'validation.tooLong'),
  photoIds: z
    .array(z.uuid({ error: 'validation.invalid' }), { error: 'validation.invalid' })
    .max(VISIT_PHOTOS_PER_KIND, 'visitPhotos.errors.tooMany')
    .optional(),
});
export type VisitProblemInput = z.input<typeof visitProblemInputSchema>;

export const visitProblemSchema = z
  .object({
    problemId: z.uuid(),
    kind: z.enum(VISIT_PROBLEM_KINDS),
    note: z.string(),
    byFirstName: z.string().nullable(),
    byOffice: z.boolean(),
    createdAt: z.iso.datetime(),
    photos: z.array(visitPhotoSchema),
  })
  .meta({ id: 'VisitProblem' });
export type VisitProblem = z.infer<typeof visitProblemSchema>;

/** A visit's photos and problem reports as the caller may see them (a customer: before/after once completed). */
export const visitFieldReportSchema = z
  .object({
    appointmentId: z.uuid(),
    photos: z.array(visitPhotoSchema),
    problems: z.array(visitProblemSchema),
  })
  .meta({ id: 'VisitFieldReport' });
export type VisitFieldReport = z.infer<typeof visitFieldReportSchema>;

export const visitPhotoParamsSchema = z.object({ appointmentId: z.uuid(), photoId: z.uuid() });
