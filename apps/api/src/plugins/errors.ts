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

/** The fields of node-postgres' error that say what PostgreSQL refused (Drizzle wraps it in `cause`). */
type DatabaseError = { code: string; constraint?: string; detail?: string };

function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    if ('severity' in current && 'code' in current && typeof current.code === 'string') {
      return current as DatabaseError;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/**
 * The unique and foreign keys a client can run into, with the field to show the message under. Others
 * get the generic CONFLICT: correctness never depends on a handler checking first.
 */
const KNOWN_CONFLICTS: Record<string, ErrorDetail> = {
  customers_email_lower_uq: { path: 'body.email', message: 'customers.errors.emailTaken' },
  employees_email_lower_uq: { path: 'body.email', message: 'employees.errors.emailTaken' },
};
/** A record that others still point at (a foreign key without cascade) cannot be deleted. */
const KNOWN_REFERENCES: Record<string, ErrorDetail> = {
  appointments_customer_id_customers_id_fk: {
    path: 'params.customerId',
    message: 'customers.errors.hasAppointments',
  },
};

/**
 * PostgreSQL's refusals that come from the input, not from a fault: unique and foreign keys are 409,
 * data exceptions (class 22: a date out of range, bad text encoding...), check violations and limits
 * (an index row too large) are 400. A safety net behind the schemas.
 */
function fromDatabase(error: DatabaseError): (ErrorBody & { statusCode: number }) | undefined {
  const constraint = error.constraint ?? '';
  if (error.code === '23505') {
    const detail = KNOWN_CONFLICTS[constraint];
    return {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'A record with this value already exists.',
      ...(detail ? { details: [detail] } : {}),
    };
  }
  // 23001: a restricting foreign key; 23503: any other (deleting a parent, or pointing at a missing one).
  if (error.code === '23503' || error.code === '23001') {
    const isStillReferenced = error.code === '23001' || (error.detail ?? '').includes('referenced from');
    const detail = isStillReferenced ? KNOWN_REFERENCES[constraint] : undefined;
    return {
      statusCode: 409,
      code: 'CONFLICT',
      message: isStillReferenced
        ? 'Other records still refer to this one, so it is kept.'
        : 'A record this refers to no longer exists.',
      ...(detail ? { details: [detail] } : {}),
    };
  }
  if (error.code.startsWith('22') || error.code === '23514' || error.code.startsWith('54')) {
    return { statusCode: 400, code: 'BAD_REQUEST', message: 'A value of the request cannot be stored.' };
  }
  return undefined;
}

/** The router's own refusals (an address it cannot decode, a parameter over its length limit). */
const BAD_ADDRESS_CODES = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

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
  const database = databaseErrorOf(error);
  const refused = database ? fromDatabase(database) : undefined;
  if (refused) return refused;
  const fastifyError = error as Partial<FastifyError>;
  if (BAD_ADDRESS_CODES.has(fastifyError.code ?? '')) {
    const status = fastifyError.statusCode === 414 ? 414 : 400;
    return { statusCode: status, code: 'BAD_REQUEST', message: 'The address of the request is not valid.' };
  }
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
export function replyWithError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, ...body } = toBody(error);
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: body.code, statusCode }, 'request rejected');
  }
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Also used for the router's errors (`frameworkErrors` in `app.ts`), which come before any handler. */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler(replyWithError);
  },
  { name: 'errors' },
);
