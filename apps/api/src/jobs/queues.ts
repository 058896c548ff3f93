import { z } from 'zod';
import { LOCALES } from '@eclat/shared';
import { emailJobSchema } from '../mail/email-message.ts';

/** Every background queue, with the schema of its payload. Payloads are validated when enqueued. */
export const QUEUES = {
  email: emailJobSchema,
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
