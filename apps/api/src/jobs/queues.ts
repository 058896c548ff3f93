import { z } from 'zod';
import { emailJobSchema } from '../mail/email-message.ts';

/** Every background queue, with the schema of its payload. Payloads are validated when enqueued. */
export const QUEUES = {
  email: emailJobSchema,
  /** The daily pass over recurring series (decision 020): sent by its schedule, no data. */
  'series-plan': z.looseObject({}),
  /** The reminders pass (issue 15): sent by its schedule every five minutes, no data. */
  reminders: z.looseObject({}),
} as const;

export type QueueName = keyof typeof QUEUES;
export type JobPayload<Q extends QueueName> = z.input<(typeof QUEUES)[Q]>;
