import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ErrorDetail } from '@eclat/shared';
import { AppError, statusOf } from '../lib/app-error.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const CONTEXT_PREFIX: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

function toBody(error: unknown): ErrorBody & { statusCode: number } {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const prefix = CONTEXT_PREFIX[error.validationContext ?? 'body'] ?? 'body';
    const details: ErrorDetail[] = error.validation.map((issue) => {
      const pointer = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
      return { path: pointer ? `${prefix}.${pointer}` : prefix, message: issue.message ?? 'Invalid value.' };
    });
    return { statusCode: 400, code: 'VALIDATION_ERROR', message: 'The request is not valid.', details };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
    // Fastify's own 4xx messages (bad JSON, body too large, unsupported type) are safe to show.
    return { statusCode: status, code, message: fastifyError.message ?? 'Bad request.' };
  }
  const code: ErrorCode = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
  return {
    statusCode: statusOf(code),
    code,
    message:
      code === 'SERVICE_UNAVAILABLE'
        ? 'The service is temporarily unavailable. Please try again shortly.'
        : 'Something went wrong on our side. Please try again later.',
  };
}

/**
 * One error handler for the whole API: every failure becomes `{ code, message, details? }` with a stable
 * code. Server errors are logged with the request id and never show their internals to the client.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const { statusCode, ...body } = toBody(error);
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: body.code, statusCode }, 'request rejected');
      }
      return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);
