import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/transaction.ts';
import { AppError } from '../lib/app-error.ts';
import { isLocked, recordHit, type ThrottleRule } from './throttle.ts';
import { clientNetwork } from '../lib/client-network.ts';

/**
 * A route hook (preValidation) that counts each request under a key (the caller's address or account) in PostgreSQL, so
 * the limit holds across instances, and answers 429 RATE_LIMITED once the rule's count is reached.
 */
export function rateLimit(
  db: Db,
  name: string,
  rule: ThrottleRule,
  keyOf: (request: FastifyRequest) => string = (request) => clientNetwork(request.ip),
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = `${name}:${keyOf(request)}`;
    if (await isLocked(db, key)) {
      reply.header('Retry-After', String(rule.lockSeconds));
      throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a little and try again.');
    }
    await recordHit(db, key, rule);
  };
}
