import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  serviceImageVariantUrl,
  serviceSchema,
  type Service,
  type ServiceImageFormat,
} from '@eclat/shared';
import { buildTestApp } from '../../../test/helpers.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';
import { dataUrl, demoIllustration, photoJpeg, sidewaysJpeg, transparentPng } from '../../../test/images.ts';
import { serviceImages, serviceImageVariants } from '../../db/schema/index.ts';
import { startImageBackfill } from './image-backfill.ts';
import { variantWidths } from './image-variants.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  admin = bearer(
    await signAccessToken(app, await createTestUser(app, ['admin']), { permissions: ['admin'] }),
  );
});
afterAll(async () => {
  await app.close();
});

const fields = {
  title: 'Picture Test',
  description: 'A service with a picture.',
  pricing: 90,
  category: 'Residential',
  durationMinutes: 60,
};

async function createWith(image: string | undefined): Promise<Service> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/services',
    headers: admin,
    payload: { ...fields, image },
  });
  expect(res.statusCode, res.body).toBe(201);
  return serviceSchema.parse(res.json());
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

function detailsOf(res: { json: () => unknown }) {
  return errorBodySchema.parse(res.json()).details?.map((d) => `${d.path}:${d.message}`) ?? [];
}

/** A PNG whose header says `width` × `height` pixels, with almost no data (a "decompression bomb"). */
function hugePngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SHARP_FORMAT: Record<ServiceImageFormat, string> = { avif: 'heif', webp: 'webp' };

describe('variantWidths', () => {
  it('never goes wider than the picture, ends at its width (at most 1200) and skips near duplicates', () => {
    expect(variantWidths(4000)).toEqual([400, 800, 1200]);
    expect(variantWidths(1200)).toEqual([400, 800, 1200]);
    expect(variantWidths(960)).toEqual([400, 800, 960]);
    expect(variantWidths(850)).toEqual([400, 850]);
    expect(variantWidths(400)).toEqual([400]);
    expect(variantWidths(120)).toEqual([120]);
    expect(variantWidths(1)).toEqual([1]);
  });
});

describe('service pictures in AVIF and WebP', () => {
  it('makes copies of an upload at a few widths, smaller than the original, served cached for a year', async () => {
    const original = await demoIllustration();
    const service = await createWith(dataUrl('image/jpeg', original));
    expect(service.imageVariants).toEqual({
      width: 960,
      height: 640,
      widths: [400, 800, 960],
      formats: ['avif', 'webp'],
    });
    const image = service.image ?? '';
    // The original is still there, unchanged, for the spec's client.
    expect((await get(image)).rawPayload.equals(original)).toBe(true);

    for (const format of ['avif', 'webp'] as const) {
      for (const width of [400, 800, 960]) {
        const url = serviceImageVariantUrl(image, width, format);
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(`image/${format}`);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.length).toBeLessThan(original.length);
        const metadata = await sharp(res.rawPayload).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual([
          SHARP_FORMAT[format],
          width,
          Math.round((width * 640) / 960),
        ]);
        const again = await get(url, { 'if-none-match': String(res.headers.etag) });
        expect(again.statusCode).toBe(304);
      }
    }
    // The narrow copies are much smaller: what a phone downloads.
    const small = await get(serviceImageVariantUrl(image, 400, 'avif'));
    expect(small.rawPayload.length).toBeLessThan(original.length / 5);
  });

  it('answers another width with the narrowest copy at least as wide, else the widest', async () => {
    const service = await createWith(dataUrl('image/jpeg', await demoIllustration('window-washing.jpg')));
    const image = service.image ?? '';
    const widthOf = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return (await sharp(res.rawPayload).metadata()).width;
    };
    expect(await widthOf(serviceImageVariantUrl(image, 1, 'webp'))).toBe(400);
    expect(await widthOf(serviceImageVariantUrl(image, 401, 'webp'))).toBe(800);
    expect(await widthOf(serviceImageVariantUrl(image, 5000, 'avif'))).toBe(960);
    expect(await widthOf(`${image}&f=avif`)).toBe(960);
    // Asked again, the same answer (from the read cache under the copy's own width).
    expect(await widthOf(serviceImageVariantUrl(image, 401, 'webp'))).toBe(800);
  });

  it('refuses unknown formats and malformed widths with a field message, and 404s a copy of nothing', async () => {
    const service = await createWith(dataUrl('image/jpeg', await demoIllustration()));
    const image = service.image ?? '';
    const cases: [string, string[]][] = [
      [`${image}&w=400&f=gif`, ['query.f:services.errors.imageFormat']],
      [`${image}&w=400&f=AVIF`, ['query.f:services.errors.imageFormat']],
      [`${image}&w=abc&f=avif`, ['query.w:validation.wholeNumber']],
      [`${image}&w=-1&f=avif`, ['query.w:validation.wholeNumber']],
      [`${image}&w=0&f=avif`, ['query.w:validation.tooSmall']],
      [`${image}&w=99999&f=avif`, ['query.w:validation.tooLarge']],
      [`${image}&w=400`, ['query.f:validation.required']],
    ];
    for (const [url, expected] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
      expect(detailsOf(res), url).toEqual(expected);
    }
    const without = await createWith(undefined);
    expect(without.imageVariants).toBeNull();
    const missing = await get(`/api/v1/services/${without.serviceId}/image?w=400&f=avif`);
    expect(missing.statusCode).toBe(404);
    expect(errorBodySchema.parse(missing.json()).code).toBe('NOT_FOUND');
  });

  it('never enlarges: a wide photo stops at 1200, a small PNG keeps its width and its transparency', async () => {
    const wide = await createWith(dataUrl('image/jpeg', await photoJpeg(1600, 1000)));
    expect(wide.imageVariants).toMatchObject({ width: 1600, height: 1000, widths: [400, 800, 1200] });
    const widest = await get(serviceImageVariantUrl(wide.image ?? '', 1200, 'webp'));
    expect((await sharp(widest.rawPayload).metadata()).height).toBe(750);

    const small = await createWith(dataUrl('image/png', await transparentPng(300, 200)));
    expect(small.imageVariants).toMatchObject({ width: 300, height: 200, widths: [300] });
    for (const format of ['avif', 'webp'] as const) {
      const res = await get(serviceImageVariantUrl(small.image ?? '', 300, format));
      const metadata = await sharp(res.rawPayload).metadata();
      expect([metadata.width, metadata.height, metadata.hasAlpha]).toEqual([300, 200, true]);
    }
  });

  it('gives the size a picture is shown at (EXIF orientation applied), and copies turned upright', async () => {
    const service = await createWith(dataUrl('image/jpeg', await sidewaysJpeg(60, 30)));
    expect(service.imageVariants).toMatchObject({ width: 30, height: 60, widths: [30] });
    const res = await get(serviceImageVariantUrl(service.image ?? '', 30, 'webp'));
    const metadata = await sharp(res.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([30, 60]);
  });

  it('refuses a picture that cannot be decoded, or has too many pixels, with a 400 on the field', async () => {
    const illustration = await demoIllustration();
    const corrupt: [string, Buffer, string][] = [
      [
        'a JPEG signature over garbage',
        Buffer.concat([illustration.subarray(0, 4), Buffer.alloc(200, 7)]),
        'imageRead',
      ],
      ['a cut-off JPEG', illustration.subarray(0, illustration.length / 3), 'imageRead'],
      ['a PNG signature alone', hugePngHeader(2, 2).subarray(0, 12), 'imageRead'],
      ['a PNG of 20000 × 20000 pixels', hugePngHeader(20_000, 20_000), 'imagePixels'],
    ];
    for (const [what, content, key] of corrupt) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/services',
        headers: admin,
        payload: { ...fields, image: dataUrl('image/png', content) },
      });
      expect(res.statusCode, what).toBe(400);
      expect(errorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
      expect(detailsOf(res), what).toEqual([`body.image:services.errors.${key}`]);
    }

    // On an update, the refused picture leaves the service and its picture as they were.
    const service = await createWith(dataUrl('image/jpeg', illustration));
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/v1/services/${service.serviceId}`,
      headers: admin,
      payload: { ...fields, title: 'Changed', image: dataUrl('image/jpeg', illustration.subarray(0, 5000)) },
    });
    expect(refused.statusCode).toBe(400);
    const after = serviceSchema.parse((await get(`/api/v1/services/${service.serviceId}`, admin)).json());
    expect(after).toMatchObject({
      title: fields.title,
      image: service.image,
      imageVariants: service.imageVariants,
    });
  });

  it('replaces the copies with the picture and removes them with it', async () => {
    const service = await createWith(dataUrl('image/jpeg', await demoIllustration()));
    const put = (image: string | null) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/services/${service.serviceId}`,
        headers: admin,
        payload: { ...fields, image },
      });
    const replaced = serviceSchema.parse(
      (await put(dataUrl('image/png', await transparentPng(500, 250)))).json(),
    );
    expect(replaced.image).not.toBe(service.image);
    expect(replaced.imageVariants).toMatchObject({ width: 500, height: 250, widths: [400, 500] });
    const copy = await get(serviceImageVariantUrl(replaced.image ?? '', 500, 'avif'));
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(500);

    const removed = serviceSchema.parse((await put(null)).json());
    expect(removed).toMatchObject({ image: null, imageVariants: null });
    expect(
      await app.db
        .select()
        .from(serviceImageVariants)
        .where(eq(serviceImageVariants.serviceId, service.serviceId)),
    ).toEqual([]);
    expect((await get(serviceImageVariantUrl(replaced.image ?? '', 500, 'avif'))).statusCode).toBe(404);
  });

  it('makes the copies of pictures stored before copies existed, in the background, skipping broken ones', async () => {
    const older = await createWith(dataUrl('image/jpeg', await demoIllustration('office-cleaning.jpg')));
    const broken = await createWith(dataUrl('image/jpeg', await demoIllustration('medical-clinic.jpg')));
    // As migration 0007 leaves a picture stored before it: no size, no copies. One of them is unreadable.
    for (const { serviceId } of [older, broken]) {
      await app.db.delete(serviceImageVariants).where(eq(serviceImageVariants.serviceId, serviceId));
      await app.db
        .update(serviceImages)
        .set({ width: null, height: null })
        .where(eq(serviceImages.serviceId, serviceId));
    }
    await app.db
      .update(serviceImages)
      .set({ content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]) })
      .where(eq(serviceImages.serviceId, broken.serviceId));
    const read = async (id: string) =>
      serviceSchema.parse((await get(`/api/v1/services/${id}`, admin)).json());
    expect((await read(older.serviceId)).imageVariants).toBeNull();

    const warnings: unknown[] = [];
    const log = Object.assign(Object.create(app.log) as typeof app.log, {
      warn: (entry: unknown) => {
        warnings.push(entry);
      },
    });
    await startImageBackfill(app.db, log).done;
    expect((await read(older.serviceId)).imageVariants).toEqual(older.imageVariants);
    const copy = await get(serviceImageVariantUrl(older.image ?? '', 400, 'avif'));
    expect(copy.headers['content-type']).toBe('image/avif');
    // The broken one is served as it is, without copies, and logged.
    expect((await read(broken.serviceId)).imageVariants).toBeNull();
    expect(warnings).toEqual([expect.objectContaining({ serviceId: broken.serviceId })]);
  });
});
