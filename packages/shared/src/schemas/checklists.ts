import { z } from '../zod.ts';
import { MAX_CHECKLIST_ITEMS } from '../checklists.ts';
import { TEXT_LIMITS } from '../limits.ts';

/** One item of a service's checklist as stored (issue 30 §3). */
export const checklistItemSchema = z
  .object({
    itemId: z.uuid(),
    textEn: z.string(),
    textFr: z.string(),
  })
  .meta({ id: 'ChecklistItem' });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** `GET` and `PUT /services/{id}/checklist` (admin): the items in order. */
export const serviceChecklistSchema = z
  .object({
    serviceId: z.uuid(),
    items: z.array(checklistItemSchema),
  })
  .meta({ id: 'ServiceChecklist' });
export type ServiceChecklist = z.infer<typeof serviceChecklistSchema>;

const itemText = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(TEXT_LIMITS.checklistItem, 'validation.tooLong');

/**
 * Body of `PUT /services/{id}/checklist` (admin): the whole list, in order (its order is the order
 * shown). An `itemId` keeps that item (a visit's copy of it stays the same item); others are new.
 */
export const serviceChecklistInputSchema = z
  .object({
    items: z
      .array(
        z.object({
          itemId: z.uuid('validation.invalid').optional(),
          textEn: itemText,
          textFr: itemText,
        }),
        { error: 'validation.invalid' },
      )
      .max(MAX_CHECKLIST_ITEMS, 'checklists.errors.tooMany'),
  })
  .superRefine((input, ctx) => {
    const ids = input.items.flatMap((item) => (item.itemId ? [item.itemId] : []));
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'validation.invalid' });
  })
  .describe('ServiceChecklistInput');
export type ServiceChecklistInput = z.input<typeof serviceChecklistInputSchema>;

/** One item of a visit's checklist: its text as it was when the visit started, and the cleaner's answer. */
export const visitChecklistItemSchema = z
  .object({
    itemId: z.uuid(),
    /** The service it came from, as the visit names it. */
    serviceTitle: z.string(),
    textEn: z.string(),
    textFr: z.string(),
    ticked: z.boolean(),
    /** Why it was not done (an unticked item needs one). */
    note: z.string().nullable(),
    /** When the answer was last changed (UTC), and by whom; null while unanswered. */
    answeredAt: z.iso.datetime().nullable(),
    answeredByFirstName: z.string().nullable(),
    answeredByOffice: z.boolean(),
  })
  .meta({ id: 'VisitChecklistItem' });
export type VisitChecklistItem = z.infer<typeof visitChecklistItemSchema>;

/**
 * `GET /appointments/{id}/checklist`. `takenAt`: when the visit's copy was taken (at "arrived", the first
 * answer or "completed", whichever came first); null while the visit has not started, and `items` are
 * then its services' checklists as they are now, unanswered. The customer sees it once the visit is
 * completed (before that: no items).
 */
export const visitChecklistSchema = z
  .object({
    appointmentId: z.uuid(),
    takenAt: z.iso.datetime().nullable(),
    items: z.array(visitChecklistItemSchema),
  })
  .meta({ id: 'VisitChecklist' });
export type VisitChecklist = z.infer<typeof visitChecklistSchema>;

export const visitChecklistItemParamsSchema = z.object({
  appointmentId: z.uuid(),
  itemId: z.uuid(),
});

/**
 * Body of `PUT /appointments/{id}/checklist/{itemId}` (the cleaner on the visit, or the office): the
 * item's answer. The same answer twice changes nothing (its time and author stay the first's), so a phone
 * may send it again. Unticked without a note: the item is unanswered again.
 */
export const checklistAnswerInputSchema = z
  .object({
    ticked: z.boolean({ error: 'validation.invalid' }),
    note: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(TEXT_LIMITS.checklistNote, 'validation.tooLong')
      .optional(),
  })
  .describe('ChecklistAnswerInput');
export type ChecklistAnswerInput = z.input<typeof checklistAnswerInputSchema>;
