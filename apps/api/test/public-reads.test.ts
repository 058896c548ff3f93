import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackSchema, serviceSchema } from '@eclat/shared';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { headersAs } from './auth.ts';
import { buildTestApp, eventually, testConfig } from './helpers.ts';
import { photoJpeg } from './images.ts';

/**
 * Public reads come from each process's cache (decision 015): validators and Cache-Control, private answers
 * for signed-in callers, and invalidation on every write, in the writing process at once and in every
 * other process through PostgreSQL notifications.
 */

const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = await photoJpeg(16, 12);
const dataUrl = (type: string, content: Buffer) => `data:${type};base64,${content.toString('base64')}`;
const services = z.array(serviceSchema);

let a: Awaited<ReturnType<typeof buildTestApp>>;
let b: FastifyInstance;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  a = await buildTestApp();
  // A second server process on the same database (its own pool, cache and LISTEN connection).
  b = await buildApp(testConfig(), { databaseUrl: a.databaseUrl });
  admin = await headersAs(a, 'admin');
  customer = await headersAs(a, 'customer');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

let count = 0;
async function createService(overrides: object = {}) {
  count += 1;
  const res = await a.inject({
    method: 'POST',
    url: '/api/v1/services',
    headers: admin,
    payload: {
      title: `Service ${count}`,
      description: 'Every room, top to bottom. '.repeat(50),
      pricing: 100,
      category: 'Residential',
      durationMinutes: 60,
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  return serviceSchema.parse(res.json());
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const titles = async (app: FastifyInstance) =>
  services.parse((await get(app, '/api/v1/services')).json()).map((service) => service.title);

/** Runs `work` with the change notifications of the services table switched off. */
async function withoutNotifications(work: () => Promise<void>) {
  await a.db.execute(sql`alter table services disable trigger notify_public_reads`);
  try {
    await work();
  } finally {
    await a.db.execute(sql`alter table services enable trigger notify_public_reads`);
  }
}

describe('public reads', () => {
  it('carry a strong ETag and public caching, and answer 304 when the client has the same bytes', async () => {
    await createService();
    const first = await get(a, '/api/v1/services');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(first.headers.vary).toContain('Authorization');

    const again = await get(a, '/api/v1/services', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(PUBLIC);
    expect((await get(a, '/api/v1/services', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(
      304,
    );
    expect((await get(a, '/api/v1/services', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // The same bytes have the same tag in every process.
    expect((await get(b, '/api/v1/services')).headers.etag).toBe(etag);

    const feedback = await get(a, '/api/v1/feedbacks?status=VISIBLE');
    expect(feedback.headers['cache-control']).toBe(PUBLIC);
    expect(
      (await get(a, '/api/v1/feedbacks?status=VISIBLE', { 'if-none-match': String(feedback.headers.etag) }))
        .statusCode,
    ).toBe(304);
  });

  it('are sent precompressed, each encoding with its own tag', async () => {
    const identity = await get(a, '/api/v1/services');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const br = await get(a, '/api/v1/services', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gzip = await get(a, '/api/v1/services', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    // A client holding another encoding of the same bytes still gets 304.
    const revalidated = await get(a, '/api/v1/services', {
      'accept-encoding': 'br',
      'if-none-match': String(identity.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
  });

  it('stay private for signed-in callers, and admins see what the public does not', async () => {
    const hidden = await createService({ isAvailable: false });
    const anonymous = await titles(a);
    expect(anonymous).not.toContain(hidden.title);

    const asAdmin = await get(a, '/api/v1/services', admin);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(services.parse(asAdmin.json()).map((service) => service.title)).toContain(hidden.title);
    const oneAsAdmin = await get(a, `/api/v1/services/${hidden.serviceId}`, admin);
    expect(oneAsAdmin.statusCode).toBe(200);
    expect(oneAsAdmin.headers['cache-control']).toBe('private, no-store');
    expect((await get(a, `/api/v1/services/${hidden.serviceId}`)).statusCode).toBe(404);
    const searchAsAdmin = await get(
      a,
      `/api/v1/services/search?title=${encodeURIComponent(hidden.title)}`,
      admin,
    );
    expect(searchAsAdmin.headers['cache-control']).toBe('private, no-store');
    expect(services.parse(searchAsAdmin.json())).toHaveLength(1);

    const asCustomer = await get(a, '/api/v1/services', customer);
    expect(asCustomer.headers['cache-control']).toBe('private, no-store');
    expect(services.parse(asCustomer.json()).map((service) => service.title)).toEqual(anonymous);
    expect((await get(a, '/api/v1/feedbacks?status=VISIBLE', customer)).headers['cache-control']).toBe(
      'private, no-store',
    );
    expect((await get(a, '/api/v1/feedbacks', admin)).headers['cache-control']).toBe('no-store');
    // Nothing an admin was shown leaked into the public answer.
    expect(await titles(a)).toEqual(anonymous);
  });

  it('change with every write: services created, edited, given a picture and deleted', async () => {
    const before = await get(a, '/api/v1/services');
    const service = await createService();
    const created = await get(a, '/api/v1/services');
    expect(created.headers.etag).not.toBe(before.headers.etag);
    expect(services.parse(created.json()).map((s) => s.title)).toContain(service.title);
    const one = await get(a, `/api/v1/services/${service.serviceId}`);
    expect(one.headers['cache-control']).toBe(PUBLIC);
    const search = await get(a, `/api/v1/services/search?title=${encodeURIComponent(service.title)}`);
    expect(services.parse(search.json())).toHaveLength(1);
    // Searches are not kept in the read cache (any text would be a new entry), but browsers may keep them.
    expect(search.headers.etag).toBeUndefined();
    expect(search.headers['cache-control']).toBe(PUBLIC);

    const { serviceId, image: _image, imageVariants: _variants, ...fields } = service;
    const edited = await a.inject({
      method: 'PUT',
      url: `/api/v1/services/${serviceId}`,
      headers: admin,
      payload: { ...fields, title: `${service.title} (edited)`, image: dataUrl('image/png', PNG) },
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await get(a, `/api/v1/services/${serviceId}`);
    expect(afterEdit.headers.etag).not.toBe(one.headers.etag);
    expect(serviceSchema.parse(afterEdit.json()).title).toBe(`${service.title} (edited)`);
    expect(
      services.parse(
        (await get(a, `/api/v1/services/search?title=${encodeURIComponent(service.title)}`)).json(),
      )[0]?.title,
    ).toBe(`${service.title} (edited)`);

    const picture = await get(a, `/api/v1/services/${serviceId}/image`);
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await get(a, `/api/v1/services/${serviceId}/image`, { 'if-none-match': String(picture.headers.etag) }))
        .statusCode,
    ).toBe(304);
    const copy = await get(a, `/api/v1/services/${serviceId}/image?f=webp`);
    expect([copy.headers['content-type'], copy.headers['cache-control']]).toEqual([
      'image/webp',
      'public, no-cache',
    ]);
    await a.inject({
      method: 'PUT',
      url: `/api/v1/services/${serviceId}`,
      headers: admin,
      payload: { ...fields, image: dataUrl('image/jpeg', JPEG) },
    });
    const replaced = await get(a, `/api/v1/services/${serviceId}/image`);
    expect(replaced.rawPayload.equals(JPEG)).toBe(true);
    expect(replaced.headers.etag).not.toBe(picture.headers.etag);
    // Its copies too: the one cached for the old picture is gone.
    const newCopy = await get(a, `/api/v1/services/${serviceId}/image?f=webp`);
    expect(newCopy.headers.etag).not.toBe(copy.headers.etag);
    expect(newCopy.rawPayload.equals(copy.rawPayload)).toBe(false);

    expect(
      (await a.inject({ method: 'DELETE', url: `/api/v1/services/${serviceId}`, headers: admin })).statusCode,
    ).toBe(204);
    expect((await get(a, `/api/v1/services/${serviceId}`)).statusCode).toBe(404);
    expect((await get(a, `/api/v1/services/${serviceId}/image`)).statusCode).toBe(404);
    expect(await titles(a)).not.toContain(`${service.title} (edited)`);
  });

  it('change with every write: feedback published, hidden and deleted', async () => {
    const visible = async () =>
      z.array(feedbackSchema).parse((await get(a, '/api/v1/feedbacks?status=VISIBLE')).json());
    const posted = await a.inject({
      method: 'POST',
      url: '/api/v1/feedbacks',
      headers: customer,
      payload: { stars: 5, content: 'Spotless, thank you.' },
    });
    const { feedbackId } = feedbackSchema.parse(posted.json());
    expect(await visible()).toEqual([]);
    const publish = (status: string) =>
      a.inject({
        method: 'PATCH',
        url: `/api/v1/feedbacks/${feedbackId}/publish`,
        headers: { ...admin, 'content-type': 'text/plain' },
        payload: status,
      });
    expect((await publish('VISIBLE')).statusCode).toBe(200);
    expect((await visible()).map((feedback) => feedback.feedbackId)).toEqual([feedbackId]);
    expect((await publish('INVISIBLE')).statusCode).toBe(200);
    expect(await visible()).toEqual([]);
    await publish('VISIBLE');
    expect(await visible()).toHaveLength(1);
    await a.inject({ method: 'DELETE', url: `/api/v1/feedbacks/${feedbackId}`, headers: admin });
    expect(await visible()).toEqual([]);
  });

  it('are forgotten by the writing process before its answer leaves, without waiting for the notification', async () => {
    await titles(a);
    await titles(b);
    await withoutNotifications(async () => {
      const service = await createService();
      expect(await titles(a)).toContain(service.title);
      // The other process has not heard of it (no notification): it still answers from its cache.
      expect(await titles(b)).not.toContain(service.title);
    });
  });

  it('are refreshed in another server process soon after a write, by its notification (the cache has no lifetime)', async () => {
    await titles(b);
    const service = await createService();
    await eventually(async () => (await titles(b)).includes(service.title));
  });

  it('hear changes again after the LISTEN connection is dropped', async () => {
    const pid = b.publicReads.listenerPid;
    expect(pid).toBeTypeOf('number');
    expect(b.publicReads.listening).toBe(true);
    await a.db.execute(sql`select pg_terminate_backend(${pid})`);
    await eventually(() => b.publicReads.listening && b.publicReads.listenerPid !== pid);

    // Caching again: a change nobody announces is not seen...
    await titles(b);
    await withoutNotifications(async () => {
      await a.db.execute(sql`update services set title = title || ' (quiet)'`);
      expect((await titles(b)).some((title) => title.endsWith('(quiet)'))).toBe(false);
    });
    // ...and an announced one is, soon after.
    const service = await createService();
    await eventually(async () => (await titles(b)).includes(service.title));
    expect((await titles(b)).some((title) => title.endsWith('(quiet)'))).toBe(true);
  });
});

describe('public reads answered before their route runs', () => {
  let c: FastifyInstance;
  /** The requests that reached their route's own stages (validation, guards, input checks, handler). */
  const routed: string[] = [];

  beforeAll(async () => {
    c = await buildApp(testConfig(), { databaseUrl: a.databaseUrl });
    c.addHook('preValidation', (request, _reply, done) => {
      routed.push(`${request.method} ${request.url}`);
      done();
    });
  });
  afterAll(async () => {
    await c.close();
  });

  const VOLATILE = new Set(['date', 'x-request-id']);
  const lasting = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !VOLATILE.has(name)));
  let address = 0;

  /** Asks a new address twice: the route answers the first time, the cache before the route the second. */
  async function twice(path: string, headers: Record<string, string> = {}) {
    address += 1;
    const url = `${path}${path.includes('?') ? '&' : '?'}case=${address}`;
    const first = await get(c, url, headers);
    const second = await get(c, url, headers);
    expect(routed.filter((request) => request === `GET ${url}`)).toHaveLength(1);
    return { first, second };
  }

  it('give the same answer, with the same headers, as their route', async () => {
    const service = await createService();
    const etag = String((await get(c, '/api/v1/services')).headers.etag);
    const cases: [string, Record<string, string>][] = [
      ['/api/v1/services', {}],
      ['/api/v1/services', { 'accept-encoding': 'gzip, deflate, br' }],
      ['/api/v1/services', { 'accept-encoding': 'br;q=0, gzip' }],
      ['/api/v1/services', { 'if-none-match': etag }],
      ['/api/v1/services', { 'accept-encoding': 'br', 'if-none-match': etag }],
      [`/api/v1/services/${service.serviceId}`, { 'accept-encoding': 'gzip' }],
      ['/api/v1/feedbacks?status=VISIBLE', {}],
      ['/api/v1/feedbacks?status=VISIBLE', { 'accept-encoding': 'br' }],
    ];
    for (const [path, headers] of cases) {
      const { first, second } = await twice(path, headers);
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(lasting(second.headers)).toEqual(lasting(first.headers));
      // Security headers, the request id, validators and caching, on the early answer too.
      expect(second.headers['content-security-policy']).toContain("default-src 'self'");
      expect(second.headers['x-content-type-options']).toBe('nosniff');
      expect(second.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(second.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['cache-control']).toBe(PUBLIC);
      expect(second.headers.vary).toContain('Authorization');
    }
    const { second: notModified } = await twice('/api/v1/services', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    const { second: brotli } = await twice('/api/v1/services', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding, Authorization');
    // A request id the caller gives is kept.
    const tagged = await get(c, '/api/v1/services', { 'x-request-id': 'trace-42' });
    expect(tagged.headers['x-request-id']).toBe('trace-42');
  });

  it('leave to the route a token, a HEAD, an address not answered yet, unsafe headers, and a changed entry', async () => {
    const url = '/api/v1/services?case=route';
    await get(c, url);
    const count = () => routed.filter((request) => request.endsWith(` ${url}`)).length;
    expect(count()).toBe(1);
    const asAdmin = await get(c, url, admin);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(count()).toBe(2);
    expect((await c.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect(count()).toBe(3);
    // The input checks still refuse a header no HTTP/1.1 request can carry (inject can).
    const unsafe = await get(c, url, { 'accept-language': 'fr\u0000' });
    expect(unsafe.statusCode).toBe(400);
    // Refusals carry the security headers too, as does the 404 of an unknown address.
    expect(unsafe.headers['content-security-policy']).toContain("default-src 'self'");
    const missing = await get(c, '/api/v1/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(count()).toBe(4);
    await get(c, url);
    expect(count()).toBe(4);
    // A write drops the entry: the route answers again, with the change.
    const service = await createService();
    await eventually(async () =>
      services.parse((await get(c, url)).json()).some((listed) => listed.title === service.title),
    );
    expect(count()).toBeGreaterThan(4);
    const routedSoFar = count();
    await get(c, url);
    expect(count()).toBe(routedSoFar);
  });
});
