import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from '../config.ts';

/**
 * The server's logger: JSON lines on stdout through an asynchronous destination (lines are buffered and
 * written without blocking a request; pino flushes what is left when the process exits, and `flush` is
 * called when the server closes). Tokens and cookies are never logged.
 */
export function createLogger(level: AppConfig['logLevel']): {
  logger: FastifyBaseLogger;
  flush: () => void;
} {
  const options = {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  };
  if (level === 'silent') return { logger: pino(options), flush: () => undefined };
  const destination = pino.destination({ dest: 1, sync: false });
  return {
    logger: pino(options, destination),
    flush: () => {
      try {
        destination.flushSync();
      } catch {
        // nothing was waiting, or stdout is gone: there is nothing more to write
      }
    },
  };
}

/**
 * Fastify's request log lines: one per request, when it is answered (method, route, status, time taken, and
 * the request id from the request's logger), instead of an "incoming" and a "completed" line. The other
 * lines (stream and serializer errors) are Fastify's own.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // the line is written when the request is answered
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0],
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed while sending');
    else reply.log.info(line, 'request');
  }
}
