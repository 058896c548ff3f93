import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorDetail } from '@eclat/shared';
import { AppError } from '../lib/app-error.ts';

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Whether a text is one PostgreSQL cannot store (a NUL) or that is not Unicode (a lone surrogate). */
export const isUnsafeText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
const MAX_DEPTH = 32;

/**
 * The paths (`body.items.0.title`) of every text in a value, keys included, that PostgreSQL cannot store
 * (NUL) or that is not Unicode (a lone surrogate, which would silently become U+FFFD).
 */
export function findUnsafeText(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (isUnsafeText(value)) found.push(path);
  } else if (Array.isArray(value)) {
    if (depth < MAX_DEPTH)
      value.forEach((item, index) => findUnsafeText(item, `${path}.${index}`, found, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return found;
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) found.push(path);
      findUnsafeText(item, `${path}.${key}`, found, depth + 1);
    }
  }
  return found;
}

/** Request headers the API reads as text (the rest are parsed by their own library or ignored). */
const READ_HEADERS = ['idempotency-key', 'accept-language', 'x-request-id'] as const;

/**
 * Whether any text in a value, keys included, is unsafe: the question `findUnsafeText` answers, without
 * building a path for every text (almost every request is clean; paths are only made for the refusal).
 */
export function hasUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnsafeText(item, depth + 1));
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (isUnsafeText(key) || hasUnsafeText((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** Whether a header the API reads carries unsafe text (HTTP/1.1 cannot, `inject` can). */
export function hasUnsafeHeaders(request: FastifyRequest): boolean {
  return READ_HEADERS.some((name) => hasUnsafeText(request.headers[name]));
}

/** Whether the params, query, body or read headers of a request carry unsafe text (the guard's question). */
export function hasUnsafeInput(request: FastifyRequest): boolean {
  return (
    hasUnsafeText(request.params) ||
    hasUnsafeText(request.query) ||
    hasUnsafeText(request.body) ||
    hasUnsafeHeaders(request)
  );
}

function unsafePartsOf(request: FastifyRequest): ErrorDetail[] {
  const headers = Object.fromEntries(READ_HEADERS.map((name) => [name, request.headers[name]]));
  return [
    ...findUnsafeText(request.params, 'params'),
    ...findUnsafeText(request.query, 'query'),
    ...findUnsafeText(request.body, 'body'),
    ...findUnsafeText(headers, 'headers'),
  ].map((path) => ({ path, message: 'validation.text' }));
}

/**
 * Refuses, for every route, a request whose params, query, body (at any depth) or read headers carry
 * a NUL or a lone surrogate: 400 VALIDATION_ERROR with the paths. It runs before the handler and after
 * the permission guards and the schemas, so an anonymous caller still gets 401 first. The account pages
 * under /oidc refuse the same input earlier with their own HTML page (`interactions.routes.ts`); the
 * provider's endpoints never reach Fastify's routes: their storage (`oidc-adapter.ts`) finds nothing for
 * such an id and refuses to store such a payload, in the provider's own error shape.
 */
export const inputTextPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preHandler', (request, _reply, done) => {
      done(
        hasUnsafeInput(request)
          ? new AppError('VALIDATION_ERROR', 'The request is not valid.', unsafePartsOf(request))
          : undefined,
      );
    });
  },
  { name: 'input-text' },
);
