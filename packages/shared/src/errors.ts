import { z } from './zod.ts';

import { ERROR_CODES } from './error-codes.ts';

export { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export const errorDetailSchema = z.object({
  /** Dotted path of the offending field, e.g. `body.title` or `query.page`. */
  path: z.string(),
  /** A translation key or short English text describing the rule that failed. */
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  })
  .meta({ id: 'Error', description: 'The one error shape of every endpoint.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
