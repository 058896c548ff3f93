import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from '../config.ts';

/** What pino writes to: lines in, and a way to write out what is waiting before the process ends. */
type LineDestination = { write(line: string): void; flushSync(): void };

/** The batches holding lines not handed over yet: written out if the process exits first. */
const holding = new Set<LineDestination>();
process.once('exit', () => {
  for (const batch of holding) {
    try {
      batch.flushSync();
    } catch {
      // stdout is gone: there is nowhere left to write
    }
  }
});

/**
 * Lines logged during one turn of the event loop, handed to `destination` together at the end of the turn:
 * one write (and, under load, one system call on libuv's threads) for the requests answered in that turn,
 * instead of one per line. Nothing waits longer than the turn it was logged in. `flushSync` hands over what
 * is waiting and flushes the destination: pino calls it for a fatal line, the server when it closes, and it
 * runs when the process exits.
 */
export function batchPerTurn(destination: LineDestination): LineDestination {
  let waiting: string[] = [];
  const handOver = () => {
    holding.delete(batch);
    if (waiting.length === 0) return;
    const text = waiting.join('');
    waiting = [];
    destination.write(text);
  };
  const batch: LineDestination = {
    write(line) {
      waiting.push(line);
      if (!holding.has(batch)) {
        holding.add(batch);
        setImmediate(handOver);
      }
    },
    flushSync() {
      handOver();
      destination.flushSync();
    },
  };
  return batch;
}

/**
 * The server's logger: JSON lines on stdout through an asynchronous destination (lines are buffered and
 * written without blocking a request, the lines of one event-loop turn together; pino flushes what is left
 * when the process exits, and `flush` is called when the server closes). Tokens and cookies are never
 * logged.
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
  const destination = batchPerTurn(pino.destination({ dest: 1, sync: false }));
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
