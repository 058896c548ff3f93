import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  VISIT_PHOTO_MAX_BYTES,
  VISIT_PHOTOS_PER_KIND,
  visitFieldReportSchema,
  visitPhotoSchema,
  visitProblemSchema,
} from '@eclat/shared';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeEmployee, type Headers } from '../../../test/factories.ts';
import { dataUrl, photoJpeg, transparentPng } from '../../../test/images.ts';
import { visitWithCleaner as visitOnItsDay } from '../../../test/field-visit.ts';

/**
 * Photos and problem reports from the field (issue 30 §4, decision 068): who sends and who sees, the size
 * and count limits, the content decoded, the location metadata gone, a key sent twice stored once, the
 * office emailed at once.
 */

const DATA_DIR = path.join(os.tmpdir(), `eclat-visit-photos-${randomUUID()}`);
let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { DATA_DIR, CONTACT_TO: 'office@eclat.example', BUSINESS_LOCALE: 'fr' },
);

afterAll(async () => {
  await fs.rm(DATA_DIR, { recursive: true, force: true });
});

let days = 5;
let keys = 0;
const newKey = () => `photo-key-${String((keys += 1))}-${String(Date.now())}`;

/** A confirmed visit of today (booked ahead, moved to today: decision 063) with one cleaner of its own. */
async function visitWithCleaner() {
  days += 1;
  return visitOnItsDay(app, { daysAhead: days, today: true });
}

/** A 2400 × 1800 camera-like JPEG carrying EXIF with a GPS position, as a phone takes it. */
async function cameraJpegWithGps(): Promise<Buffer> {
  return sharp(await photoJpeg(2400, 1800))
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 39/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 23/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** Whether EXIF bytes hold a GPS directory: the GPSInfo tag (0x8825, a LONG), in either byte order. */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return (
    exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) ||
    exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]))
  );
}

const upload = (headers: Headers, id: string, body: object) =>
  call(app, 'POST', `/appointments/${id}/photos`, headers, { key: newKey(), ...body });

let small: string | undefined;
const smallPhoto = async () => (small ??= dataUrl('image/jpeg', await photoJpeg(64, 48)));

async function officeEmails(template: string) {
  const { rows } = await app.db.execute<{
    data: { locale: string; message: { data: { appointmentId: string; kind: string; photoCount: number } } };
  }>(
    sql`select data from pgboss.job where name = 'email' and data->>'to' = 'office@eclat.example'
          and data->'message'->>'template' = ${template} order by created_on`,
  );
  return rows.map((row) => row.data);
}

describe('who sends and who sees a visit’s photos', () => {
  it('the cleaner on it and the office send; another employee 403 NOT_YOUR_VISIT, the customer 403, anonymous 401', async () => {
    const { id, who, admin, cleaner } = await visitWithCleaner();
    const other = await makeEmployee(app, { firstName: 'Zoé' });
    const image = await smallPhoto();
    expect((await upload({}, id, { kind: 'before', image })).statusCode).toBe(401);
    expect((await upload(who.headers, id, { kind: 'before', image })).statusCode).toBe(403);
    const notTheirs = await upload(other.headers, id, { kind: 'before', image });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'NOT_YOUR_VISIT' });

    const mine = await upload(cleaner.headers, id, { kind: 'before', image });
    expect(mine.statusCode, mine.body).toBe(201);
    const before = visitPhotoSchema.parse(mine.json());
    expect(before).toMatchObject({ kind: 'before', byFirstName: 'Émile', width: 64, height: 48 });
    const office = await upload(admin.headers, id, { kind: 'after', image });
    expect(office.statusCode, office.body).toBe(201);
    const after = visitPhotoSchema.parse(office.json());
    const problem = visitPhotoSchema.parse(
      (await upload(cleaner.headers, id, { kind: 'problem', image })).json(),
    );

    const file = (headers: Headers, photoId: string) =>
      call(app, 'GET', `/appointments/${id}/photos/${photoId}`, headers);
    const list = (headers: Headers) => call(app, 'GET', `/appointments/${id}/photos`, headers);
    // The office and the cleaner see everything, privately cached.
    for (const headers of [admin.headers, cleaner.headers]) {
      const read = await file(headers, before.photoId);
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
      expect(read.headers['cache-control']).toMatch(/^private/);
      const report = visitFieldReportSchema.parse((await list(headers)).json());
      expect(report.photos.map((photo) => photo.photoId)).toEqual([
        before.photoId,
        after.photoId,
        problem.photoId,
      ]);
    }
    // Another employee: 403; anonymous: 401; another customer: 404.
    expect((await file(other.headers, before.photoId)).statusCode).toBe(403);
    expect((await list(other.headers)).statusCode).toBe(403);
    expect((await file({}, before.photoId)).statusCode).toBe(401);
    const stranger = await makeCustomer(app);
    expect((await file(stranger.headers, before.photoId)).statusCode).toBe(404);
    expect((await list(stranger.headers)).statusCode).toBe(404);
    // The visit's customer: nothing before it is completed.
    expect(visitFieldReportSchema.parse((await list(who.headers)).json()).photos).toEqual([]);
    expect((await file(who.headers, before.photoId)).statusCode).toBe(404);

    const done = await call(app, 'POST', `/appointments/${id}/steps`, cleaner.headers, {
      key: newKey(),
      step: 'completed',
    });
    expect(done.statusCode, done.body).toBe(200);
    // Once completed: before and after, never the problem photo.
    const seen = visitFieldReportSchema.parse((await list(who.headers)).json());
    expect(seen.photos.map((photo) => photo.kind)).toEqual(['before', 'after']);
    expect(seen.problems).toEqual([]);
    expect((await file(who.headers, after.photoId)).statusCode).toBe(200);
    expect((await file(who.headers, problem.photoId)).statusCode).toBe(404);
  });
});

describe('what is accepted and what is kept', () => {
  it('resizes to 1600 px and keeps no EXIF or GPS, in a file of its own under DATA_DIR', async () => {
    const { id, cleaner, admin } = await visitWithCleaner();
    const original = await cameraJpegWithGps();
    const exif = (await sharp(original).metadata()).exif;
    // The test photo really carries a GPS position and the camera's name.
    expect(hasGpsIfd(exif)).toBe(true);
    expect(exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const res = await upload(cleaner.headers, id, {
      kind: 'before',
      image: dataUrl('application/pdf', original),
    });
    expect(res.statusCode, res.body).toBe(201);
    const photo = visitPhotoSchema.parse(res.json());
    expect([photo.width, photo.height]).toEqual([1600, 1200]);
    const stored = await call(app, 'GET', `/appointments/${id}/photos/${photo.photoId}`, admin.headers);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    expect(metadata.exif).toBeUndefined();
    expect(hasGpsIfd(stored.rawPayload)).toBe(false);
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // The file the server named, in the photos' own folder.
    const onDisk = await fs.readFile(path.join(DATA_DIR, 'visit-photos', id, `${photo.photoId}.jpg`));
    expect(onDisk.equals(stored.rawPayload)).toBe(true);
  });

  it('a PNG is accepted by its content; a file that is not an image is 400 whatever its declared type', async () => {
    const { id, cleaner } = await visitWithCleaner();
    const png = await upload(cleaner.headers, id, {
      kind: 'after',
      image: dataUrl('image/jpeg', await transparentPng(40, 30)),
    });
    expect(png.statusCode, png.body).toBe(201);
    // The visit's id in capitals (a UUID all the same): the stored visit's own, not a 500.
    const shouted = await upload(cleaner.headers, id.toUpperCase(), {
      kind: 'after',
      image: await smallPhoto(),
    });
    expect(shouted.statusCode, shouted.body).toBe(201);
    for (const content of [
      Buffer.from('%PDF-1.7 not a photo at all'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x55)]),
    ]) {
      const res = await upload(cleaner.headers, id, { kind: 'after', image: dataUrl('image/jpeg', content) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.image', message: 'visitPhotos.errors.notImage' }],
      });
    }
  });

  it('refuses a photo over 10 MB and the 11th photo of a kind (stable codes); other kinds still go', async () => {
    const { id, cleaner } = await visitWithCleaner();
    const tooBig = Buffer.concat([await photoJpeg(64, 48), Buffer.alloc(VISIT_PHOTO_MAX_BYTES, 0)]);
    const big = await upload(cleaner.headers, id, { kind: 'before', image: dataUrl('image/jpeg', tooBig) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.image', message: 'visitPhotos.errors.tooLarge' }],
    });
    const image = await smallPhoto();
    for (let n = 0; n < VISIT_PHOTOS_PER_KIND; n += 1) {
      const res = await upload(cleaner.headers, id, { kind: 'before', image });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await upload(cleaner.headers, id, { kind: 'before', image });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'TOO_MANY_PHOTOS',
      details: [{ path: 'body.kind', message: 'visitPhotos.errors.tooMany' }],
    });
    expect((await upload(cleaner.headers, id, { kind: 'after', image })).statusCode).toBe(201);
  });

  it('the same key again answers the same photo and stores nothing more; under another kind 409', async () => {
    const { id, cleaner, admin } = await visitWithCleaner();
    const image = await smallPhoto();
    const key = newKey();
    const first = await upload(cleaner.headers, id, { kind: 'after', key, image });
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(cleaner.headers, id, { kind: 'after', key, image });
    expect(again.statusCode, again.body).toBe(200);
    expect(visitPhotoSchema.parse(again.json()).photoId).toBe(visitPhotoSchema.parse(first.json()).photoId);
    const report = visitFieldReportSchema.parse(
      (await call(app, 'GET', `/appointments/${id}/photos`, admin.headers)).json(),
    );
    expect(report.photos).toHaveLength(1);
    const reused = await upload(cleaner.headers, id, { kind: 'before', key, image });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('problem reports', () => {
  it('records the report with its photos, emails the office at once in its language, once per key', async () => {
    const { id, cleaner, admin, who } = await visitWithCleaner();
    const other = await makeEmployee(app, { firstName: 'Zoé' });
    const image = await smallPhoto();
    // One after the other: the report lists its photos in the order they were stored.
    const photos = [];
    for (let n = 0; n < 2; n += 1) {
      const sent = await upload(cleaner.headers, id, { kind: 'problem', image });
      photos.push(visitPhotoSchema.parse(sent.json()));
    }
    const body = {
      key: newKey(),
      kind: 'damage',
      note: 'A chipped tile by the bathtub, there before we came.',
      photoIds: photos.map((photo) => photo.photoId),
    };
    const problems = `/appointments/${id}/problems`;
    expect((await call(app, 'POST', problems, {}, body)).statusCode).toBe(401);
    expect((await call(app, 'POST', problems, who.headers, body)).statusCode).toBe(403);
    const notTheirs = await call(app, 'POST', problems, other.headers, body);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'NOT_YOUR_VISIT' });
    expect(await officeEmails('visit-problem')).toEqual([]);

    const res = await call(app, 'POST', problems, cleaner.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    const problem = visitProblemSchema.parse(res.json());
    expect(problem).toMatchObject({ kind: 'damage', byFirstName: 'Émile', byOffice: false });
    expect(problem.photos.map((photo) => photo.photoId)).toEqual(body.photoIds);
    const again = await call(app, 'POST', problems, cleaner.headers, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(visitProblemSchema.parse(again.json()).problemId).toBe(problem.problemId);

    const emails = await officeEmails('visit-problem');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      locale: 'fr',
      message: { data: { appointmentId: id, kind: 'damage', photoCount: 2 } },
    });

    // The office sees the report with its photos on the visit.
    const report = visitFieldReportSchema.parse(
      (await call(app, 'GET', `/appointments/${id}/photos`, admin.headers)).json(),
    );
    expect(report.problems).toMatchObject([{ problemId: problem.problemId, note: body.note }]);
    expect(report.problems[0]?.photos).toHaveLength(2);
    expect(report.photos).toEqual([]);
    // A photo already in a report, or not a problem photo, is refused; a report needs a note.
    const twice = await call(app, 'POST', problems, cleaner.headers, { ...body, key: newKey() });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      details: [{ path: 'body.photoIds', message: 'visitPhotos.errors.problemPhotos' }],
    });
    const noNote = await call(app, 'POST', problems, cleaner.headers, {
      key: newKey(),
      kind: 'noSupplies',
      note: ' ',
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({
      details: [{ path: 'body.note', message: 'visitPhotos.errors.problemNote' }],
    });
    expect(await officeEmails('visit-problem')).toHaveLength(1);
  });
});
