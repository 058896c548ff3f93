import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { CHANGES_CHANNEL } from '../db/change-notifications.ts';
import { hasUnsafeHeaders } from './input-text.ts';
import {
  chooseEncoding,
  matchesEntry,
  ReadCache,
  TOPIC_OF_TABLE,
  type ReadBody,
  type ReadEntry,
  type ReadTopic,
} from '../lib/read-cache.ts';

/** What browsers and shared caches may do with a public read. */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** A pre-rendered page: kept, but asked again each time (a 304 when nothing changed). */
export const PAGE_CACHE_CONTROL = 'no-cache';
/** A response to someone signed in: never kept by a shared cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

export type PublicReads = {
  /**
   * Answers a public JSON read from the cache (serialized with the route's response schema on a miss):
   * strong ETag, 304 on a match, precompressed body. Resolves to false when `load` found nothing (nothing is
   * sent: the handler answers). The handler then returns `reply` (never this promise's reply: a reply is a
   * thenable).
   *
   * For a caller without a token, the answer must depend on nothing but the address (path and query):
   * the address is remembered, and the next anonymous GET of it is answered from the entry before its route
   * runs (see `answerEarly`), as long as the entry is current.
   */
  json<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: { key: string; topics: readonly ReadTopic[]; load: () => Promise<T | undefined> },
  ): Promise<boolean>;
  /** The same for bytes that are already a file (a picture), with their own ETag and Cache-Control. */
  file(
    request: FastifyRequest,
    reply: FastifyReply,
    read: {
      key: string;
      topics: readonly ReadTopic[];
      /** From the entity tag of the bytes. */
      cacheControl: (tag: string) => string;
      load: () => Promise<Omit<ReadBody, 'compressible'> | undefined>;
    },
  ): Promise<boolean>;
  /**
   * The same for a document made from public reads (a pre-rendered page): compressed once, revalidated on
   * every visit (`Cache-Control: no-cache`, strong ETag), varying on what chose its language.
   */
  page(
    request: FastifyRequest,
    reply: FastifyReply,
    read: {
      key: string;
      topics: readonly ReadTopic[];
      /** What else chose the document (the language's sources); Accept-Encoding is added. */
      vary?: string;
      load: () => Promise<Omit<ReadBody, 'compressible'> | undefined>;
    },
  ): Promise<boolean>;
  /** Drops the entries of a topic in this process (the notification does it in the others). */
  invalidate(topic: ReadTopic): void;
  /** True while changes are heard (the cache is in use); false while the LISTEN connection is being re-made. */
  readonly listening: boolean;
  /** The server process id of the LISTEN connection (diagnostics and tests). */
  readonly listenerPid: number | undefined;
};

const toBuffer = (body: string | ArrayBuffer | Buffer) =>
  typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.from(body);

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: ReadEntry,
  cacheControl: string,
  vary: string | undefined,
): void {
  const encoding = chooseEncoding(entry, request.headers['accept-encoding']);
  const varyHeader =
    entry.bodies.br === undefined ? vary : vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding';
  reply.header('ETag', entry.etags[encoding]).header('Cache-Control', cacheControl);
  if (varyHeader) reply.header('Vary', varyHeader);
  if (matchesEntry(entry, request.headers['if-none-match'])) {
    reply.code(304).send();
    return;
  }
  // A compressed body says so, and response compression leaves it as it is. Response compression offers
  // the same encodings from the same size, so it never compresses a body sent here as identity.
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  reply.type(entry.type).send(entry.bodies[encoding] ?? entry.bodies.identity);
}

/**
 * The public reads cache (decision 015): serialized bodies kept in this process, dropped by a write to their
 * tables. Every server process LISTENs on one channel; triggers notify it on commit, so a write anywhere is
 * heard everywhere within milliseconds. A route whose handler writes declares `config.invalidates` so this
 * process drops its entries before the write's response leaves, without waiting for the notification.
 * While the LISTEN connection is down nothing is cached; it is re-made with backoff and the cache starts
 * empty again.
 */
export const publicReadsPlugin = fp(
  async (app: FastifyInstance, options: { databaseUrl: string }) => {
    const cache = new ReadCache();
    // `processID` is set once connected (missing from pg's types).
    let listener: (pg.Client & { processID?: number }) | undefined;
    let closing = false;
    let retry: NodeJS.Timeout | undefined;
    let delay = RETRY_MIN_MS;
    const lost = new WeakSet<pg.Client>();

    const onLost = (client: pg.Client, error?: Error) => {
      if (lost.has(client)) return;
      lost.add(client);
      cache.disable();
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      if (closing) return;
      app.log.warn({ message: error?.message }, 'public reads: change notifications lost; reconnecting');
      retry = setTimeout(() => void listen(), delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };

    async function listen(): Promise<void> {
      const client = new pg.Client({
        connectionString: options.databaseUrl,
        application_name: 'eclat-public-reads',
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
      });
      client.on('notification', (message) => {
        const topic = message.payload ? TOPIC_OF_TABLE[message.payload] : undefined;
        if (topic) cache.invalidate(topic);
        else cache.clear();
      });
      client.on('error', (error) => {
        onLost(client, error);
      });
      client.on('end', () => {
        onLost(client);
      });
      try {
        await client.connect();
        await client.query(`listen ${CHANGES_CHANNEL}`);
      } catch (error) {
        onLost(client, error instanceof Error ? error : undefined);
        return;
      }
      if (closing || lost.has(client)) {
        await client.end().catch(() => undefined);
        return;
      }
      listener = client;
      delay = RETRY_MIN_MS;
      cache.enable();
    }

    await listen();

    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      cache.disable();
      await listener?.end().catch(() => undefined);
    });

    // Routes that write declare what they change: this process forgets it before the response is sent.
    app.addHook('onRoute', (route) => {
      const topics = route.config?.invalidates;
      if (!topics?.length) return;
      const invalidate: onSendHookHandler = (_request, _reply, payload, done) => {
        for (const topic of topics) cache.invalidate(topic);
        done(null, payload);
      };
      const existing = route.onSend;
      route.onSend = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), invalidate]
        : [invalidate];
    });

    const isAnonymous = (request: FastifyRequest) => request.headers.authorization === undefined;
    // The answer may differ for a signed-in admin, who asks with a token: caches keep them apart.
    const sendJson = (request: FastifyRequest, reply: FastifyReply, entry: ReadEntry) => {
      send(
        request,
        reply,
        entry,
        isAnonymous(request) ? PUBLIC_READ_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
        'Authorization',
      );
    };

    // An anonymous GET of an address a JSON read answered before, while its entry is current: answered here,
    // before body parsing, validation, the guards, the input checks and the handler, which would all come
    // to the same answer (the address passed them, and the answer depends on nothing else). The hooks that
    // ran before this one (request id, security headers) have set their headers; the onSend hooks and the
    // request's log line run as for any answer.
    app.addHook('onRequest', function answerEarly(request, reply, done) {
      if (request.method === 'GET' && isAnonymous(request)) {
        const entry = cache.atAddress(request.url);
        if (entry && !hasUnsafeHeaders(request)) {
          sendJson(request, reply, entry);
          return; // answered: the rest of the lifecycle before onSend does not run
        }
      }
      done();
    });

    const reads: PublicReads = {
      async json(request, reply, { key, topics, load }) {
        const entry = await cache.get(key, topics, async () => {
          const value = await load();
          if (value === undefined) return undefined;
          return {
            body: toBuffer(reply.serialize(value)),
            type: 'application/json; charset=utf-8',
            compressible: true,
          };
        });
        if (!entry) return false;
        if (request.method === 'GET' && isAnonymous(request)) cache.remember(request.url, key);
        sendJson(request, reply, entry);
        return true;
      },
      async file(request, reply, { key, topics, cacheControl, load }) {
        const entry = await cache.get(key, topics, async () => {
          const read = await load();
          return read && { ...read, compressible: false };
        });
        if (!entry) return false;
        send(request, reply, entry, cacheControl(entry.tag), undefined);
        return true;
      },
      async page(request, reply, { key, topics, vary, load }) {
        const entry = await cache.get(key, topics, async () => {
          const read = await load();
          return read && { ...read, compressible: true };
        });
        if (!entry) return false;
        send(request, reply, entry, PAGE_CACHE_CONTROL, vary);
        return true;
      },
      invalidate: (topic) => {
        cache.invalidate(topic);
      },
      get listening() {
        return cache.enabled;
      },
      get listenerPid() {
        return listener?.processID;
      },
    };
    app.decorate('publicReads', reads);
  },
  { name: 'public-reads' },
);
