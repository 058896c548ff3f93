import { z } from '../zod.ts';
import { FEEDBACK_STATUSES, MAX_STARS, MIN_STARS } from '../constants.ts';
import { keysetQuerySchema } from './primitives.ts';

export const FEEDBACK_MAX_LENGTH = 1000;

export const feedbackSchema = z
  .object({
    feedbackId: z.uuid(),
    customerId: z.uuid().nullable(),
    /** The author's first name, as shown under the feedback. */
    authorName: z.string(),
    stars: z.number().int().min(MIN_STARS).max(MAX_STARS),
    content: z.string(),
    status: z.enum(FEEDBACK_STATUSES),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof feedbackSchema>;

/** Body of `POST /feedbacks` (signed in). Anything else sent (a status ...) is ignored: feedback starts hidden. */
export const createFeedbackInputSchema = z
  .object({
    stars: z
      .number({ error: 'feedback.errors.stars' })
      .int('feedback.errors.stars')
      .min(MIN_STARS, 'feedback.errors.stars')
      .max(MAX_STARS, 'feedback.errors.stars'),
    content: z
      .string({ error: 'feedback.errors.contentRequired' })
      .trim()
      .min(1, 'feedback.errors.contentRequired')
      .max(FEEDBACK_MAX_LENGTH, 'feedback.errors.contentTooLong'),
  })
  // No component id: trimming and defaults make its input and output shapes differ in OpenAPI.
  .describe('CreateFeedbackInput');
export type CreateFeedbackInput = z.infer<typeof createFeedbackInputSchema>;

/** Published feedback shown at most (the newest): the home page's grid, whatever the years hold. */
export const PUBLISHED_FEEDBACK_LIMIT = 100;

/**
 * `GET /feedbacks?status=`: the newest published (`VISIBLE`, public, at most `PUBLISHED_FEEDBACK_LIMIT`);
 * otherwise the admin's list, a keyset page at a time (`?limit=&before=`, decision 024).
 */
export const feedbackListQuerySchema = keysetQuerySchema({ fallback: 200, max: 500 }).extend({
  status: z.enum(FEEDBACK_STATUSES).optional(),
});
export const feedbackIdParamsSchema = z.object({ feedbackId: z.uuid() });
