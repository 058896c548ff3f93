import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Validates a body whose schema depends on who is asking (decided in the handler), with the same error
 * shape as route-level validation: 400 VALIDATION_ERROR listing `body.<field>` paths.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'VALIDATION_ERROR',
    'The request is not valid.',
    parsed.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}
