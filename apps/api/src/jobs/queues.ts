import { z } from 'zod';
import { LOCALES } from '@eclat/shared';
import { emailJobSchema } from '../mail/email-message.ts';

/** Every background queue, with the schema of its payload. Payloads are validated when enqueued. */
export const QUEUES = {
  email: emailJobSchema,
  /**
   * One text to one number (issue 31, decision 067): its row in `text_deliveries` (written with the job)
   * holds what it says; the kind and number are here for the office's list of failed jobs.
   */
  text: z.object({ deliveryId: z.uuid(), kind: z.string().max(50), to: z.string().max(20) }),
  /** The daily pass over recurring series (decision 020): sent by its schedule, no data. */
  'series-plan': z.looseObject({}),
  /** The reminders pass (issue 15): sent by its schedule every five minutes, no data. */
  reminders: z.looseObject({}),
  /** The card holds pass (PAYMENTS=stripe, decision 053): sent by its schedule every five minutes, no data. */
  'payment-holds': z.looseObject({}),
  /**
   * "Forgot password" for an address (issue 27): queued for every address asked, an account or not, so the
   * request does the same work either way; the worker emails a link when the address has an account.
   */
  'password-reset': z.object({ email: z.string().max(500), locale: z.enum(LOCALES) }),
} as const;

export type QueueName = keyof typeof QUEUES;
export type JobPayload<Q extends QueueName> = z.input<(typeof QUEUES)[Q]>;
