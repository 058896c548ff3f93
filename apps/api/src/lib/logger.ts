import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { styleText } from 'node:util';
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

/** Pino's numbered levels, as a person reads them, with their colour. */
const LEVELS: Record<number, { name: string; colour: StyleFormat }> = {
  10: { name: 'TRACE', colour: 'gray' },
  20: { name: 'DEBUG', colour: 'blue' },
  30: { name: 'INFO', colour: 'green' },
  40: { name: 'WARN', colour: 'yellow' },
  50: { name: 'ERROR', colour: 'red' },
  60: { name: 'FATAL', colour: 'magenta' },
};
type StyleFormat = Parameters<typeof styleText>[0];

/** Fields a pretty line shows in its own place, or not at all (the JSON lines keep them). */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);
const REQUEST_FIELDS = ['method', 'route', 'statusCode', 'ms'];

function statusColour(status: number): StyleFormat {
  if (status >= 500) return 'red';
  if (status >= 400) return 'yellow';
  if (status >= 300) return 'cyan';
  return 'green';
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * One JSON line of pino as a person reads it: `14:03:07.412 INFO  GET /api/v1/services 200 3.1 ms
 * reqId=...`: the local time, the level, the message (for a request, its method, route, status and
 * time taken), then the other fields as `name=value`, and an error's stack on the lines below. It is made
 * from the line pino wrote, after redaction: what JSON leaves out, this leaves out too.
 */
export function prettyLine(json: string, colour: boolean): string {
  const paint = (format: StyleFormat, text: string) =>
    colour ? styleText(format, text, { validateStream: false }) : text;
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return json;
    entry = parsed as Record<string, unknown>;
  } catch {
    return json;
  }
  const at = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  const level = LEVELS[typeof entry.level === 'number' ? entry.level : 30] ?? LEVELS[30];
  const parts = [paint('dim', time), paint(level?.colour ?? 'green', (level?.name ?? 'INFO').padEnd(5))];
  const isRequest =
    typeof entry.method === 'string' &&
    typeof entry.route === 'string' &&
    typeof entry.statusCode === 'number';
  if (isRequest) {
    const status = Number(entry.statusCode);
    parts.push(
      `${paint('bold', String(entry.method))} ${String(entry.route)} ${paint(statusColour(status), String(status))} ${String(entry.ms)} ms`,
    );
    if (entry.msg !== 'request' && typeof entry.msg === 'string') parts.push(entry.msg);
  } else if (typeof entry.msg === 'string') {
    parts.push(entry.msg);
  }
  const rest = Object.entries(entry)
    .filter(([name]) => !SHOWN_APART.has(name) && !(isRequest && REQUEST_FIELDS.includes(name)))
    .map(([name, value]) => {
      const text = typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
      return `${name}=${text}`;
    });
  if (rest.length > 0) parts.push(paint('dim', rest.join(' ')));
  let line = parts.join(' ');
  const err = entry.err;
  if (typeof err === 'object' && err !== null) {
    const { stack, message } = err as { stack?: unknown; message?: unknown };
    const detail =
      typeof stack === 'string' ? stack : typeof message === 'string' ? message : JSON.stringify(err);
    line += `\n${paint('red', detail.replace(/^/gm, '    '))}`;
  }
  return `${line}\n`;
}

/** A destination that turns the JSON lines it is given into pretty lines for `destination`. */
export function prettyLines(destination: LineDestination, colour: boolean): LineDestination {
  return {
    write(text) {
      const lines = text.split('\n').filter((line) => line !== '');
      destination.write(lines.map((line) => prettyLine(line, colour)).join(''));
    },
    flushSync() {
      destination.flushSync();
    },
  };
}

export type LogSettings = { level: AppConfig['logLevel']; format: AppConfig['logFormat'] };

/**
 * The server's logger (decision 039): on stdout through an asynchronous destination (lines are buffered
 * and written without blocking a request, the lines of one event-loop turn together; pino flushes what is
 * left when the process exits, and `flush` is called when the server closes), or a synchronous one
 * (`sync`: the few lines of a start). `json`: one JSON object a line; `pretty`: lines for a person,
 * coloured on a terminal that takes colours (not with NO_COLOR), formatted when the turn's lines are
 * handed over, not while a request is answered. Tokens and cookies are never logged, in either format.
 * `destination` replaces stdout (tests).
 */
export function createLogger(
  settings: LogSettings,
  options: { sync?: boolean; destination?: LineDestination } = {},
): { logger: FastifyBaseLogger; flush: () => void } {
  const pinoOptions = {
    level: settings.level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  };
  if (settings.level === 'silent') return { logger: pino(pinoOptions), flush: () => undefined };
  const stdout = options.destination ?? pino.destination({ dest: 1, sync: options.sync ?? false });
  const colour = !options.destination && process.stdout.isTTY && process.stdout.hasColors();
  const formatted = settings.format === 'pretty' ? prettyLines(stdout, colour) : stdout;
  const destination = options.sync ? formatted : batchPerTurn(formatted);
  return {
    logger: pino(pinoOptions, destination),
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
