import { z } from '../zod.ts';

/** A background job that exhausted its retries (admin dashboard). */
export const failedJobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    /** What the job was about, e.g. "booking-confirmation to ana@example.com". */
    summary: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    failedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'FailedJob' });
export type FailedJob = z.infer<typeof failedJobSchema>;
