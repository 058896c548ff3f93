import { z } from '../zod.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { MAX_ETA_MINUTES, STEPS_WITH_REASON, VISIT_STEPS } from '../visit-steps.ts';

/** Where a visit is in the field (issue 30), on the visit itself: null while it is planned. */
export const visitStepSummarySchema = z
  .object({
    step: z.enum(VISIT_STEPS),
    /** When it was recorded (UTC). */
    at: z.iso.datetime(),
    /** The first name of who recorded it (the cleaner, or the office's employee record); null for the office. */
    byFirstName: z.string().nullable(),
    /** With "on the way": the minutes the cleaner told the customer. */
    etaMinutes: z.number().int().nullable(),
  })
  .meta({ id: 'VisitStepSummary' });
export type VisitStepSummary = z.infer<typeof visitStepSummarySchema>;

const coordinate = (limit: number) =>
  z
    .number({ error: 'validation.invalid' })
    .min(-limit, 'validation.invalid')
    .max(limit, 'validation.invalid');

/**
 * `POST /appointments/{id}/steps`: the cleaner on the visit (or the office) records its next step, with an
 * idempotency key made on the phone (the same key twice records once). "Could not get in" and "cancelled
 * at the door" need a reason; the office's `correction` (a step back, or another step) needs a note.
 */
export const visitStepInputSchema = z
  .object({
    step: z.enum(VISIT_STEPS, { error: 'validation.invalid' }),
    key: z
      .string({ error: 'visitSteps.errors.key' })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'visitSteps.errors.key'),
    note: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(TEXT_LIMITS.stepNote, 'validation.tooLong')
      .optional(),
    /** With "on the way": the minutes to tell the customer (default: the travel buffer, else 20). */
    etaMinutes: z
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'visitSteps.errors.eta')
      .max(MAX_ETA_MINUTES, 'visitSteps.errors.eta')
      .optional(),
    /** Where the phone was, when it allows it. */
    latitude: coordinate(90).optional(),
    longitude: coordinate(180).optional(),
    /** The position's accuracy in metres. */
    accuracy: z
      .number({ error: 'validation.invalid' })
      .min(0, 'validation.invalid')
      .max(100_000, 'validation.invalid')
      .optional(),
    /** The office sets the step back or to another step (admin only): `note` says why. */
    correction: z.boolean({ error: 'validation.invalid' }).optional(),
  })
  .superRefine((input, ctx) => {
    const needsNote = input.correction === true || STEPS_WITH_REASON.includes(input.step);
    if (needsNote && !input.note) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: input.correction ? 'visitSteps.errors.correctionNote' : 'visitSteps.errors.reason',
      });
    }
    if ((input.latitude === undefined) !== (input.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'validation.invalid' });
    }
  });
export type VisitStepInput = z.input<typeof visitStepInputSchema>;

/** One step as recorded. */
export const visitStepRecordSchema = z
  .object({
    stepId: z.uuid(),
    step: z.enum(VISIT_STEPS),
    at: z.iso.datetime(),
    byFirstName: z.string().nullable(),
    /** Recorded by the office (an admin) rather than a cleaner on the visit. */
    byOffice: z.boolean(),
    correction: z.boolean(),
    note: z.string().nullable(),
    etaMinutes: z.number().int().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    accuracy: z.number().nullable(),
  })
  .meta({ id: 'VisitStepRecord' });
export type VisitStepRecord = z.infer<typeof visitStepRecordSchema>;

/** A visit's steps, oldest first, and where it is now. */
export const visitStepsSchema = z
  .object({
    appointmentId: z.uuid(),
    current: visitStepSummarySchema.nullable(),
    steps: z.array(visitStepRecordSchema),
  })
  .meta({ id: 'VisitSteps' });
export type VisitSteps = z.infer<typeof visitStepsSchema>;
