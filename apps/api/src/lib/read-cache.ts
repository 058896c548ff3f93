import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What a cached read depends on. A write to a topic's tables drops every entry of that topic. */
export type ReadTopic = 'services' | 'feedback';

/** The tables whose writes change public reads (their triggers notify with the table's name). */
export const TOPIC_OF_TABLE: Readonly<Record<string, ReadTopic>> = {
  services: 'services',
  service_images: 'services',
  service_image_variants: 'services',
  feedback: 'feedback',
};

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

export type ReadBody = {
  body: Buffer;
  type: string;
  /** Compress once, when the entry is made (JSON); pictures are already compressed. */
  compressible: boolean;
  /** Defaults to a hash of the bytes. */
  etag?: string;
};

export type Encoding = 'br' | 'gzip' | 'identity';

export type ReadEntry = {
  type: string;
  /** The entity tag of the bytes, unquoted (a hash, or the one given). */
  tag: string;
  /** Strong ETag of each representation: same bytes, same tag, in every process. */
  etags: Readonly<Record<Encoding, string>>;
  bodies: Readonly<Partial<Record<Encoding, Buffer>>> & { identity: Buffer };
  topics: readonly ReadTopic[];
  size: number;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const quoted = (tag: string) => `"${tag}"`;

/**
 * An entry with its strong ETags and, for a body worth it, its brotli and gzip forms: at their best for an
 * entry that is kept (brotli 11, gzip 9), at the usual per-response levels for one that is not.
 */
export async function makeEntry(read: ReadBody, topics: readonly ReadTopic[], effort: 'best' | 'fast') {
  const tag = read.etag ?? createHash('sha256').update(read.body).digest('base64url').slice(0, 27);
  const bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer } = { identity: read.body };
  if (read.compressible && read.body.length >= COMPRESS_THRESHOLD) {
    const best = effort === 'best';
    [bodies.br, bodies.gzip] = await Promise.all([
      brotli(read.body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: best ? zlib.constants.BROTLI_MAX_QUALITY : 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: read.body.length,
        },
      }),
      gzip(read.body, { level: best ? zlib.constants.Z_BEST_COMPRESSION : 6 }),
    ]);
  }
  const entry: ReadEntry = {
    type: read.type,
    tag,
    etags: { identity: quoted(tag), br: quoted(`${tag}.br`), gzip: quoted(`${tag}.gz`) },
    bodies,
    topics,
    size: read.body.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0),
  };
  return entry;
}

/** The encoding to send: brotli, else gzip, when the entry has it and the client accepts it (q > 0). */
export function chooseEncoding(entry: ReadEntry, acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding || !entry.bodies.br) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const allows = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** `If-None-Match` names this entry (any of its representations; `W/` ignored, as RFC 9110 asks). */
export function matchesEntry(entry: ReadEntry, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags = Object.values(entry.etags);
  return ifNoneMatch.split(',').some((candidate) => tags.includes(candidate.trim().replace(/^W\//, '')));
}

export type ReadCacheLimits = { maxEntries: number; maxBytes: number };

/**
 * Serialized public reads, kept in memory until a write to one of their topics. Misses of one key are
 * loaded once for everyone waiting; a load that started before an invalidation of its topics is served to
 * those who asked before it, never stored. While disabled (changes cannot be heard), nothing is kept.
 *
 * It also remembers which request addresses were answered with which key (`remember`), so that the next
 * request for the same address can be answered before the route runs (`atAddress`). The addresses are
 * bounded like the entries, in a map of their own: odd addresses cannot push entries out.
 */
export class ReadCache {
  readonly #entries = new Map<string, ReadEntry>();
  readonly #keyOfAddress = new Map<string, string>();
  readonly #pending = new Map<
    string,
    { promise: Promise<ReadEntry | undefined>; topics: readonly ReadTopic[] }
  >();
  readonly #generations = new Map<ReadTopic, number>();
  readonly #limits: ReadCacheLimits;
  #bytes = 0;
  #enabled = false;

  constructor(limits: ReadCacheLimits = { maxEntries: 1000, maxBytes: 64 * 1024 * 1024 }) {
    this.#limits = limits;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Turned on once changes can be heard (and cleared, as anything may have changed before). */
  enable(): void {
    this.clear();
    this.#enabled = true;
  }

  disable(): void {
    this.#enabled = false;
    this.clear();
  }

  clear(): void {
    for (const topic of Object.values(TOPIC_OF_TABLE)) this.#bump(topic);
    this.#entries.clear();
    this.#keyOfAddress.clear();
    this.#pending.clear();
    this.#bytes = 0;
  }

  invalidate(topic: ReadTopic): void {
    this.#bump(topic);
    for (const [key, entry] of this.#entries) {
      if (entry.topics.includes(topic)) this.#delete(key, entry);
    }
    for (const [key, pending] of this.#pending) {
      if (pending.topics.includes(topic)) this.#pending.delete(key);
    }
  }

  /** Notes that a request for `address` was answered with the entry of `key` (oldest addresses dropped first). */
  remember(address: string, key: string): void {
    if (!this.#enabled || this.#keyOfAddress.get(address) === key) return;
    this.#keyOfAddress.delete(address);
    if (this.#keyOfAddress.size >= this.#limits.maxEntries) {
      const oldest = this.#keyOfAddress.keys().next();
      if (!oldest.done) this.#keyOfAddress.delete(oldest.value);
    }
    this.#keyOfAddress.set(address, key);
  }

  /** The stored entry that answered `address` before, if it is still current. Never loads anything. */
  atAddress(address: string): ReadEntry | undefined {
    const key = this.#keyOfAddress.get(address);
    return key === undefined ? undefined : this.#entries.get(key);
  }

  /** The entry of `key`, loaded (once for all who wait) when missing. `undefined`: there is nothing. */
  async get(
    key: string,
    topics: readonly ReadTopic[],
    load: () => Promise<ReadBody | undefined>,
  ): Promise<ReadEntry | undefined> {
    if (!this.#enabled) {
      const read = await load();
      return read && makeEntry(read, topics, 'fast');
    }
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const waiting = this.#pending.get(key);
    if (waiting) return waiting.promise;
    const started = topics.map((topic) => this.#generations.get(topic) ?? 0);
    const promise = (async () => {
      const read = await load();
      if (!read) return undefined;
      const entry = await makeEntry(read, topics, 'best');
      const unchanged = topics.every(
        (topic, index) => (this.#generations.get(topic) ?? 0) === started[index],
      );
      if (this.#enabled && unchanged) this.#store(key, entry);
      return entry;
    })().finally(() => {
      if (this.#pending.get(key)?.promise === promise) this.#pending.delete(key);
    });
    this.#pending.set(key, { promise, topics });
    return promise;
  }

  #bump(topic: ReadTopic) {
    this.#generations.set(topic, (this.#generations.get(topic) ?? 0) + 1);
  }

  #delete(key: string, entry: ReadEntry) {
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  #store(key: string, entry: ReadEntry) {
    if (entry.size > this.#limits.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    // The oldest entries go first (a Map keeps insertion order).
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size < this.#limits.maxEntries && this.#bytes + entry.size <= this.#limits.maxBytes)
        break;
      this.#delete(oldKey, old);
    }
    this.#entries.set(key, entry);
    this.#bytes += entry.size;
  }
}
