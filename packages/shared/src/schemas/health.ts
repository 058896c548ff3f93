import { z } from '../zod.ts';

export const healthSchema = z
  .object({ status: z.literal('ok'), uptimeSeconds: z.number() })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

export const readinessSchema = z
  .object({ status: z.literal('ready'), database: z.literal('up') })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;
