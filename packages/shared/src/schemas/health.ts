import { z } from '../zod.ts';

export const healthSchema = z
  .object({ status: z.literal('ok'), uptimeSeconds: z.number() })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

export const readinessSchema = z
  .object({
    status: z.literal('ready'),
    database: z.literal('up'),
    /** This process's background workers: `off` on a web-only instance (JOBS_ENABLED=false). */
    workers: z.enum(['up', 'off']),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;
