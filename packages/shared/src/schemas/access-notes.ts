import { z } from '../zod.ts';
import { ACCESS_NOTE_MAX_LENGTH } from '../access-notes.ts';

/** One field: a text up to its limit; empty, null or missing means none. */
const noteField = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(ACCESS_NOTE_MAX_LENGTH, 'validation.tooLong')
  .nullish();

/**
 * The access notes of a customer's place (issue 30 §5, decision 065): how to get in. Written by the
 * customer on their profile (or by the admin); every field optional, an empty text the same as none.
 */
export const accessNotesInputSchema = z
  .object({
    doorCode: noteField,
    alarmCode: noteField,
    keys: noteField,
    pets: noteField,
    parking: noteField,
    other: noteField,
  })
  .strict();
export type AccessNotesInput = z.input<typeof accessNotesInputSchema>;

export const accessNoteTextsSchema = z.object({
  doorCode: z.string().nullable(),
  alarmCode: z.string().nullable(),
  keys: z.string().nullable(),
  pets: z.string().nullable(),
  parking: z.string().nullable(),
  other: z.string().nullable(),
});
export type AccessNoteTexts = z.infer<typeof accessNoteTextsSchema>;

/** The notes as read: their texts, and when they were last written (null: never written). */
export const accessNotesSchema = z
  .object({
    customerId: z.uuid(),
    notes: accessNoteTextsSchema,
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AccessNotes' });
export type AccessNotes = z.infer<typeof accessNotesSchema>;

/** A visit's access notes for its cleaner (or the office): the place's notes and the window they are shown in. */
export const visitAccessNotesSchema = z
  .object({
    appointmentId: z.uuid(),
    customerId: z.uuid(),
    notes: accessNoteTextsSchema,
    /** False when the customer has written nothing. */
    written: z.boolean(),
    /** From the start of the day before the visit (business time zone) until its end. */
    opensAt: z.iso.datetime().nullable(),
    closesAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'VisitAccessNotes' });
export type VisitAccessNotes = z.infer<typeof visitAccessNotesSchema>;

/** One reading of a place's access notes: who (their first name, and whether the office), when, for which visit. */
export const accessNoteReadSchema = z
  .object({
    readAt: z.iso.datetime(),
    readerFirstName: z.string().nullable(),
    byOffice: z.boolean(),
    appointmentId: z.uuid().nullable(),
    /** The visit's start, when the reading was for a visit. */
    visitStartsAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AccessNoteRead' });
export type AccessNoteRead = z.infer<typeof accessNoteReadSchema>;

/** A visit whose free-text comments look like they hold an access code (decision 065): for the admin to move. */
export const flaggedCommentSchema = z
  .object({
    appointmentId: z.uuid(),
    customerId: z.uuid(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    appointmentDate: z.iso.datetime(),
    comments: z.string(),
  })
  .meta({ id: 'FlaggedComment' });
export type FlaggedComment = z.infer<typeof flaggedCommentSchema>;

/** `POST /admin/access-notes/moves`: the visit whose comments go into its customer's access notes ("other"). */
export const accessNotesMoveSchema = z.object({ appointmentId: z.uuid({ error: 'validation.invalid' }) });
