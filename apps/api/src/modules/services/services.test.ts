import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, serviceSchema, type Service } from '@eclat/shared';
import { z } from 'zod';
import { buildTestApp } from '../../../test/helpers.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';
import { photoJpeg } from '../../../test/images.ts';

// Smallest valid PNG (1x1) and a small real JPEG (a picture must decode: its copies are made from it).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = await photoJpeg(16, 12);
const dataUrl = (type: string, content: Buffer) => `data:${type};base64,${content.toString('base64')}`;

let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;
let customer: Record<string, string>;
let employee: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  admin = bearer(
    await signAccessToken(app, await createTestUser(app, ['admin']), { permissions: ['admin'] }),
  );
  customer = bearer(
    await signAccessToken(app, await createTestUser(app, ['customer']), { permissions: ['customer'] }),
  );
  employee = bearer(
    await signAccessToken(app, await createTestUser(app, ['employee']), { permissions: ['employee'] }),
  );
});
afterAll(async () => {
  await app.close();
});

const valid = {
  title: 'Spring Cleaning',
  description: 'Every room, top to bottom.',
  pricing: 150,
  category: 'Residential',
  durationMinutes: 180,
};

async function create(body: object, headers = admin) {
  return app.inject({ method: 'POST', url: '/api/v1/services', headers, payload: body });
}

function detailsOf(res: { json: () => unknown }) {
  return errorBodySchema.parse(res.json()).details?.map((d) => `${d.path}:${d.message}`) ?? [];
}

describe('services', () => {
  it('lets an admin create, read, change and delete a service, with a picture', async () => {
    const created = await create({ ...valid, image: dataUrl('image/png', PNG) });
    expect(created.statusCode).toBe(201);
    const service = serviceSchema.parse(created.json());
    expect(service).toMatchObject({ ...valid, isAvailable: true });
    expect(service.serviceId).toHaveLength(36);
    expect(service.image).toMatch(
      new RegExp(`^/api/v1/services/${service.serviceId}/image\\?v=[0-9a-f]{16}$`),
    );

    const picture = await app.inject({ method: 'GET', url: service.image ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    const again = await app.inject({
      method: 'GET',
      url: service.image ?? '',
      headers: { 'if-none-match': String(picture.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const updated = await app.inject({
      method: 'PUT',
      url: `/api/v1/services/${service.serviceId}`,
      headers: admin,
      payload: { ...valid, title: 'Spring Deep Cleaning', pricing: 0, image: dataUrl('image/jpeg', JPEG) },
    });
    expect(updated.statusCode).toBe(200);
    const changed = serviceSchema.parse(updated.json());
    expect(changed).toMatchObject({ title: 'Spring Deep Cleaning', pricing: 0 });
    expect(changed.image).not.toBe(service.image); // a new version, so caches fetch the new picture

    const kept = serviceSchema.parse(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/v1/services/${service.serviceId}`,
          headers: admin,
          payload: valid,
        })
      ).json(),
    );
    expect(kept.image).toBe(changed.image);
    const removed = serviceSchema.parse(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/v1/services/${service.serviceId}`,
          headers: admin,
          payload: { ...valid, image: null },
        })
      ).json(),
    );
    expect(removed.image).toBeNull();

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/services/${service.serviceId}`, headers: admin }))
        .statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/services/${service.serviceId}` })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/services/${service.serviceId}`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses every write to anonymous callers (401), customers and employees (403)', async () => {
    const target = serviceSchema.parse((await create(valid)).json());
    const writes = [
      { method: 'POST' as const, url: '/api/v1/services', payload: valid },
      { method: 'PUT' as const, url: `/api/v1/services/${target.serviceId}`, payload: valid },
      { method: 'DELETE' as const, url: `/api/v1/services/${target.serviceId}` },
    ];
    for (const write of writes) {
      expect((await app.inject(write)).statusCode, `${write.method} anonymous`).toBe(401);
      for (const headers of [customer, employee]) {
        const res = await app.inject({ ...write, headers });
        expect(res.statusCode, write.method).toBe(403);
        expect(errorBodySchema.parse(res.json()).code).toBe('FORBIDDEN');
      }
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/services/${target.serviceId}` })).json(),
    ).toMatchObject({ title: valid.title });
  });

  it('checks every rule of the service form, with a code per field', async () => {
    const cases: [object, string[]][] = [
      [{ ...valid, title: '   ' }, ['body.title:validation.required']],
      [{ ...valid, description: '' }, ['body.description:validation.required']],
      [{ ...valid, category: '' }, ['body.category:validation.required']],
      [{ ...valid, pricing: -1 }, ['body.pricing:services.errors.negativePrice']],
      [{ ...valid, pricing: 'fifty' }, ['body.pricing:validation.number']],
      [{ ...valid, durationMinutes: 0 }, ['body.durationMinutes:services.errors.durationPositive']],
      [{ ...valid, durationMinutes: 30.5 }, ['body.durationMinutes:validation.wholeNumber']],
      [{ ...valid, image: 'data:image/gif;base64,R0lGODlh' }, ['body.image:services.errors.imageType']],
    ];
    for (const [body, expected] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
      expect(detailsOf(res)).toEqual(expected);
    }
    const { title: _title, ...withoutTitle } = valid;
    expect(detailsOf(await create(withoutTitle))).toEqual(['body.title:validation.required']);
  });

  it('accepts 0 as "Contact for pricing" and refuses negatives', async () => {
    expect((await create({ ...valid, pricing: 0 })).statusCode).toBe(201);
    expect((await create({ ...valid, pricing: -0.01 })).statusCode).toBe(400);
  });

  it('reads the real content of a picture, not its declared type, and limits its size', async () => {
    const fakePng = await create({
      ...valid,
      image: dataUrl('image/png', Buffer.from('<script>alert(1)</script> not an image at all')),
    });
    expect(fakePng.statusCode).toBe(400);
    expect(detailsOf(fakePng)).toEqual(['body.image:services.errors.imageType']);

    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await create({ ...valid, image: dataUrl('image/png', huge) });
    expect(tooLarge.statusCode).toBe(400);
    expect(detailsOf(tooLarge)).toEqual(['body.image:services.errors.imageTooLarge']);

    const jpegNamedPng = await create({ ...valid, image: dataUrl('image/png', JPEG) });
    const stored = serviceSchema.parse(jpegNamedPng.json());
    expect((await app.inject({ method: 'GET', url: stored.image ?? '' })).headers['content-type']).toBe(
      'image/jpeg',
    );
  });

  it('hides unavailable services from the public and shows them to admins', async () => {
    const hidden = serviceSchema.parse(
      (await create({ ...valid, title: 'Seasonal Hidden Service', isAvailable: false })).json(),
    );
    const titles = (res: { json: () => unknown }) =>
      z
        .array(serviceSchema)
        .parse(res.json())
        .map((s: Service) => s.title);

    for (const headers of [{}, customer, employee, { authorization: 'Bearer not-a-token' }]) {
      expect(titles(await app.inject({ method: 'GET', url: '/api/v1/services', headers }))).not.toContain(
        'Seasonal Hidden Service',
      );
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/services/${hidden.serviceId}`, headers }))
          .statusCode,
      ).toBe(404);
      expect(
        titles(await app.inject({ method: 'GET', url: '/api/v1/services/search?title=seasonal', headers })),
      ).toEqual([]);
    }
    expect(titles(await app.inject({ method: 'GET', url: '/api/v1/services', headers: admin }))).toContain(
      'Seasonal Hidden Service',
    );
    expect(
      (
        await app.inject({ method: 'GET', url: `/api/v1/services/${hidden.serviceId}`, headers: admin })
      ).json(),
    ).toMatchObject({
      isAvailable: false,
    });
  });

  it('searches titles case-insensitively, treats % and _ literally, and refuses an empty search', async () => {
    await create({ ...valid, title: 'Window Washing Deluxe' });
    const search = async (title: string) =>
      z
        .array(serviceSchema)
        .parse(
          (
            await app.inject({
              method: 'GET',
              url: `/api/v1/services/search?title=${encodeURIComponent(title)}`,
            })
          ).json(),
        )
        .map((s) => s.title);
    expect(await search('WINDOW wash')).toEqual(['Window Washing Deluxe']);
    expect(await search('%')).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
    const empty = await app.inject({ method: 'GET', url: '/api/v1/services/search?title=%20%20' });
    expect(empty.statusCode).toBe(400);
    expect(detailsOf(empty)).toEqual(['query.title:services.errors.emptySearch']);
  });

  it('answers 400 for an id that is not a 36-character id', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/services/123', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
  });
});
