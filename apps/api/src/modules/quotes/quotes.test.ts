import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  appointmentSchema,
  customerSchema,
  errorBodySchema,
  quoteSchema,
  quotesPageSchema,
  serviceAreaSchema,
  slotsResponseSchema,
} from '@eclat/shared';
import { appointments, quoteRequests } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { dataUrl, photoJpeg } from '../../../test/images.ts';
import { world, type Headers } from '../../../test/world.ts';
import { call, makeCustomer, makeQuote, makeService, setServiceArea } from '../../../test/factories.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';

const TZ = 'America/Toronto';
/** A bookable start (10:00 business time) `days` from today. */
const startIn = (days: number, hour = 10) => fromLocal(addDays(todayIn(TZ), days), hour, 0, TZ).toISOString();

let app: TestApp;
useTestApp((built) => {
  app = built;
});
const w = world(() => app);

const codeOf = (res: { json: () => unknown }) => errorBodySchema.parse(res.json()).code;

/** A customer whose profile has this postal code (or none). */
const customerAt = (postalCode: string | null) =>
  makeCustomer(app, postalCode === null ? {} : { lastName: 'Client', postalCode });

const quoteBody = (extra: object = {}) => ({
  description: 'Three floors after a kitchen renovation: dust everywhere.',
  address: '88 West Hastings Street',
  postalCode: 'v6b1a1',
  bedrooms: 3,
  bathrooms: 2,
  areaSqft: 1800,
  preferredDates: [addDays(todayIn(TZ), 14)],
  ...extra,
});

const requestQuote = (headers: Headers, extra: object = {}) => makeQuote(app, headers, quoteBody(extra));

async function answer(quoteId: string, body: object = { priceCents: 45_000, durationMinutes: 180 }) {
  const admin = await w.as(['admin']);
  const res = await call(app, 'PUT', `/quotes/${quoteId}/answer`, admin.headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return quoteSchema.parse(res.json());
}

describe('the service area', () => {
  it('serves everywhere until the admin sets it; anyone reads it, only the admin writes it', async () => {
    expect((await call(app, 'GET', '/settings/service-area')).json()).toEqual({ prefixes: [] });
    const body = { prefixes: [{ prefix: 'm5v', surchargeCents: 0 }] };
    expect((await call(app, 'PUT', '/settings/service-area', {}, body)).statusCode).toBe(401);
    for (const role of ['customer', 'employee'] as const) {
      const who = await w.as([role]);
      expect((await call(app, 'PUT', '/settings/service-area', who.headers, body)).statusCode).toBe(403);
    }
    const saved = await setServiceArea(app, [
      { prefix: ' m5v ', surchargeCents: 0 },
      { prefix: 'H2X', surchargeCents: 2500 },
    ]);
    expect(saved.prefixes).toEqual([
      { prefix: 'M5V', surchargeCents: 0 },
      { prefix: 'H2X', surchargeCents: 2500 },
    ]);
    expect(serviceAreaSchema.parse((await call(app, 'GET', '/settings/service-area')).json())).toEqual(saved);
  });

  it('refuses a prefix that cannot start a postal code, and the same prefix twice, with their fields', async () => {
    const admin = await w.as(['admin']);
    const res = await call(app, 'PUT', '/settings/service-area', admin.headers, {
      prefixes: [
        { prefix: 'Q1A', surchargeCents: 0 },
        { prefix: 'M5V', surchargeCents: -1 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).details).toEqual(
      expect.arrayContaining([
        { path: 'body.prefixes.0.prefix', message: 'serviceArea.errors.prefix' },
        { path: 'body.prefixes.1.surchargeCents', message: 'serviceArea.errors.surcharge' },
      ]),
    );
  });
});

describe('the postal code of a profile', () => {
  it('is optional, read in any case and spacing, kept when absent, cleared when empty', async () => {
    const who = await w.customer();
    const profile = {
      firstName: 'Cam',
      lastName: 'Client',
      phoneNumber: '416-555-0123',
      address: '12 Rue Sainte Catherine',
    };
    const put = (extra: object) =>
      call(app, 'PUT', `/customers/${who.customerId}`, who.headers, { ...profile, ...extra });
    expect(customerSchema.parse((await put({ postalCode: 'h2x1y4' })).json()).postalCode).toBe('H2X 1Y4');
    expect(customerSchema.parse((await put({})).json()).postalCode).toBe('H2X 1Y4');
    const wrong = await put({ postalCode: 'D2X 1Y4' });
    expect(wrong.statusCode).toBe(400);
    expect(errorBodySchema.parse(wrong.json()).details).toEqual([
      { path: 'body.postalCode', message: 'validation.postalCode' },
    ]);
    expect(customerSchema.parse((await put({ postalCode: '' })).json()).postalCode).toBeNull();
  });
});

describe('online booking outside the service area', () => {
  it('is refused for a customer (409 OUTSIDE_SERVICE_AREA), by the profile or by the postal code sent', async () => {
    const serviceId = await makeService(app, { title: 'Area Clean', durationMinutes: 60 });
    await setServiceArea(app, [
      { prefix: 'M5V', surchargeCents: 0 },
      { prefix: 'H2X', surchargeCents: 2500 },
    ]);
    const far = await customerAt('V6B 1A1');
    const refused = await w.book(far, serviceId, startIn(5));
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({
      code: 'OUTSIDE_SERVICE_AREA',
      details: [{ path: 'body.postalCode', message: 'errors.OUTSIDE_SERVICE_AREA' }],
    });
    const series = await call(app, 'POST', `/series/customers/${far.customerId}`, far.headers, {
      serviceIds: [serviceId],
      appointmentDate: startIn(6),
      frequency: 'weekly',
    });
    expect(codeOf(series)).toBe('OUTSIDE_SERVICE_AREA');
    // The address sent with the booking (issue 27: street, city, postal code) wins over the profile's,
    // both ways.
    const inside = await call(app, 'POST', `/appointments/customers/${far.customerId}`, far.headers, {
      serviceIds: [serviceId],
      appointmentDate: startIn(7),
      place: { street: '3 Rue Saint Laurent', city: 'Montréal', postalCode: 'h2x 1y4' },
    });
    expect(inside.statusCode, inside.body).toBe(201);
    const near = await customerAt('M5V 3L9');
    const outside = await call(app, 'POST', `/appointments/customers/${near.customerId}`, near.headers, {
      serviceIds: [serviceId],
      appointmentDate: startIn(8),
      place: { street: '88 West Hastings Street', city: 'Vancouver', postalCode: 'V6B 1A1' },
    });
    expect(codeOf(outside)).toBe('OUTSIDE_SERVICE_AREA');
    expect((await w.book(near, serviceId, startIn(8))).statusCode).toBe(201);
    // A profile without a postal code (made before issue 16) is not refused.
    const unknown = await customerAt(null);
    expect((await w.book(unknown, serviceId, startIn(9))).statusCode).toBe(201);
    // The admin books by phone anywhere.
    const admin = await w.as(['admin']);
    const byPhone = await call(app, 'POST', `/appointments/customers/${far.customerId}`, admin.headers, {
      serviceIds: [serviceId],
      appointmentDate: startIn(10),
    });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    await setServiceArea(app, []);
    expect((await w.book(far, serviceId, startIn(11))).statusCode).toBe(201);
  });
});

describe('quote requests', () => {
  it('a customer asks (with a photo), sees it; the business is emailed', async () => {
    const who = await w.customer();
    const serviceId = await makeService(app, { title: 'Post-Renovation', durationMinutes: 360 });
    const photo = dataUrl('image/jpeg', await photoJpeg(40, 30));
    const quote = await requestQuote(who.headers, { serviceIds: [serviceId], photos: [photo] });
    expect(quote).toMatchObject({
      customerId: who.customerId,
      status: 'requested',
      postalCode: 'V6B 1A1',
      services: [{ serviceId, title: 'Post-Renovation' }],
      photoCount: 1,
      priceCents: null,
    });
    const mine = await call(app, 'GET', '/quotes/mine', who.headers);
    expect(mine.json()).toEqual([quote]);
    const image = await call(app, 'GET', `/quotes/${quote.quoteId}/photos/0`, who.headers);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await call(app, 'GET', `/quotes/${quote.quoteId}/photos/1`, who.headers)).statusCode).toBe(404);
    const jobs = await app.db.execute<{ data: { to: string; message: { template: string } } }>(
      "select data from pgboss.job where name = 'email' and data->'message'->>'template' = 'quote-request'",
    );
    expect(jobs.rows.some((row) => row.data.message.template === 'quote-request')).toBe(true);
  });

  it('refuses a photo that is not a JPEG or PNG by its content, too many photos, a bad postal code', async () => {
    const who = await w.customer();
    const fake = `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`;
    const res = await call(app, 'POST', '/quotes', who.headers, quoteBody({ photos: [fake] }));
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).details).toEqual([
      { path: 'body.photos.0', message: 'services.errors.imageType' },
    ]);
    const photo = dataUrl('image/jpeg', await photoJpeg(8, 8));
    const many = await call(
      app,
      'POST',
      '/quotes',
      who.headers,
      quoteBody({ photos: [photo, photo, photo, photo] }),
    );
    expect(errorBodySchema.parse(many.json()).details?.[0]?.message).toBe('quotes.errors.tooManyPhotos');
    const postal = await call(app, 'POST', '/quotes', who.headers, quoteBody({ postalCode: '90210' }));
    expect(errorBodySchema.parse(postal.json()).details).toEqual([
      { path: 'body.postalCode', message: 'validation.postalCode' },
    ]);
  });

  it('asking needs a signed-in, verified customer with a profile', async () => {
    expect((await call(app, 'POST', '/quotes', {}, quoteBody())).statusCode).toBe(401);
    const unverified = await createTestUser(app, ['customer'], undefined, { verified: false });
    const headers = bearer(await signAccessToken(app, unverified, { permissions: ['customer'] }));
    expect(codeOf(await call(app, 'POST', '/quotes', headers, quoteBody()))).toBe('EMAIL_NOT_VERIFIED');
    const noProfile = await w.as(['customer']);
    expect((await call(app, 'POST', '/quotes', noProfile.headers, quoteBody())).statusCode).toBe(404);
  });

  it('each route lets its own people in: the customer their own, the admin all, nobody else', async () => {
    const owner = await w.customer();
    const other = await w.customer();
    const employee = await w.as(['employee']);
    const admin = await w.as(['admin']);
    const quote = await requestQuote(owner.headers, {
      photos: [dataUrl('image/jpeg', await photoJpeg(8, 8))],
    });
    const id = quote.quoteId;
    const reads = [`/quotes/${id}`, `/quotes/${id}/photos/0`];
    for (const url of reads) {
      expect((await call(app, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(app, 'GET', url, owner.headers)).statusCode, url).toBe(200);
      expect((await call(app, 'GET', url, admin.headers)).statusCode, url).toBe(200);
      expect((await call(app, 'GET', url, other.headers)).statusCode, url).toBe(403);
      expect((await call(app, 'GET', url, employee.headers)).statusCode, url).toBe(403);
    }
    expect((await call(app, 'GET', '/quotes/mine', other.headers)).json()).toEqual([]);
    // The admin's list and answer.
    for (const who of [owner, other, employee]) {
      expect((await call(app, 'GET', '/quotes', who.headers)).statusCode).toBe(403);
      expect(
        (
          await call(app, 'PUT', `/quotes/${id}/answer`, who.headers, {
            priceCents: 100,
            durationMinutes: 60,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call(app, 'GET', '/quotes')).statusCode).toBe(401);
    const page = quotesPageSchema.parse(
      (await call(app, 'GET', '/quotes?status=requested', admin.headers)).json(),
    );
    expect(page.content.map((row) => row.quoteId)).toContain(id);
    // Before its answer, there is nothing to accept; the slots need an answer too.
    const early = await call(app, 'POST', `/quotes/${id}/accept`, owner.headers, {
      appointmentDate: startIn(12),
    });
    expect(codeOf(early)).toBe('QUOTE_CLOSED');
    await answer(id);
    // Accept and decline: the owner only.
    for (const who of [other, employee]) {
      const accept = await call(app, 'POST', `/quotes/${id}/accept`, who.headers, {
        appointmentDate: startIn(12),
      });
      expect([403, 404]).toContain(accept.statusCode);
      const decline = await call(app, 'POST', `/quotes/${id}/decline`, who.headers);
      expect([403, 404]).toContain(decline.statusCode);
      expect(
        (await call(app, 'GET', `/quotes/${id}/slots?date=${addDays(todayIn(TZ), 12)}`, who.headers))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await call(app, 'POST', `/quotes/${id}/accept`, {}, { appointmentDate: startIn(12) })).statusCode,
    ).toBe(401);
    expect((await call(app, 'POST', `/quotes/${id}/decline`)).statusCode).toBe(401);
    expect(quoteSchema.parse((await call(app, 'GET', `/quotes/${id}`, owner.headers)).json()).status).toBe(
      'answered',
    );
  });

  it('the answer is emailed in the customer’s language, with its price; slots have the answer’s length', async () => {
    const who = await w.customer();
    const quote = await requestQuote(who.headers, { locale: 'fr' });
    const answered = await answer(quote.quoteId, {
      priceCents: 32_550,
      durationMinutes: 240,
      message: 'Deux personnes.',
    });
    expect(answered).toMatchObject({ status: 'answered', priceCents: 32_550, durationMinutes: 240 });
    expect(Date.parse(answered.expiresAt ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const jobs = await app.db.execute<{ data: { to: string; locale: string } }>(
      `select data from pgboss.job where name = 'email' and data->'message'->>'template' = 'quote-answered' and data->'message'->'data'->>'quoteId' = '${quote.quoteId}'`,
    );
    expect(jobs.rows.map((row) => row.data.locale)).toEqual(['fr']);
    const slots = await call(
      app,
      'GET',
      `/quotes/${quote.quoteId}/slots?date=${addDays(todayIn(TZ), 12)}`,
      who.headers,
    );
    expect(slotsResponseSchema.parse(slots.json()).durationMinutes).toBe(240);
  });

  it('accepting books one visit at the quoted price, even when sent twice at once', async () => {
    const who = await w.customer();
    const quote = await requestQuote(who.headers);
    await answer(quote.quoteId, { priceCents: 45_075, durationMinutes: 180 });
    const body = { appointmentDate: startIn(15), comments: 'Gate code 42' };
    const [first, second] = await Promise.all([
      call(app, 'POST', `/quotes/${quote.quoteId}/accept`, who.headers, body),
      call(app, 'POST', `/quotes/${quote.quoteId}/accept`, who.headers, {
        ...body,
        appointmentDate: startIn(16),
      }),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const won = [first, second].find((res) => res.statusCode === 201);
    const lost = [first, second].find((res) => res.statusCode === 409);
    expect(lost && codeOf(lost)).toBe('QUOTE_CLOSED');
    const visit = appointmentSchema.parse(won?.json());
    expect(visit).toMatchObject({
      customerId: who.customerId,
      totalPrice: 450.75,
      status: 'pending',
      // The quote's place (issue 27): its street and postal code, apart.
      address: '88 West Hastings Street',
      city: null,
      postalCode: 'V6B 1A1',
      comments: 'Gate code 42',
    });
    expect(visit.serviceDetails).toEqual([
      { serviceId: null, title: quote.description, price: 450.75, durationMinutes: 180 },
    ]);
    expect(Date.parse(visit.endsAt) - Date.parse(visit.appointmentDate)).toBe(180 * 60_000);
    const rows = await app.db.select().from(appointments).where(eq(appointments.customerId, who.customerId));
    expect(rows).toHaveLength(1);
    const after = quoteSchema.parse((await call(app, 'GET', `/quotes/${quote.quoteId}`, who.headers)).json());
    expect(after).toMatchObject({ status: 'accepted', appointmentId: visit.appointmentId });
    // Decided: no more decline, no new answer.
    expect(codeOf(await call(app, 'POST', `/quotes/${quote.quoteId}/decline`, who.headers))).toBe(
      'QUOTE_CLOSED',
    );
    const admin = await w.as(['admin']);
    const again = await call(app, 'PUT', `/quotes/${quote.quoteId}/answer`, admin.headers, {
      priceCents: 1,
      durationMinutes: 60,
    });
    expect(codeOf(again)).toBe('QUOTE_CLOSED');
    // The visit is in My Appointments at that price.
    const mine = appointmentSchema
      .array()
      .parse((await call(app, 'GET', '/appointments/my-appointments', who.headers)).json());
    expect(mine.map((row) => row.totalPrice)).toEqual([450.75]);
  });

  it('accepting follows the booking rules: a slot, the notice, one business day', async () => {
    const who = await w.customer();
    const quote = await requestQuote(who.headers);
    await answer(quote.quoteId, { priceCents: 10_000, durationMinutes: 240 });
    const offSlot = await call(app, 'POST', `/quotes/${quote.quoteId}/accept`, who.headers, {
      appointmentDate: fromLocal(addDays(todayIn(TZ), 12), 10, 30, TZ).toISOString(),
    });
    expect(errorBodySchema.parse(offSlot.json()).details?.[0]?.message).toBe('appointments.errors.slot');
    const late = await call(app, 'POST', `/quotes/${quote.quoteId}/accept`, who.headers, {
      appointmentDate: startIn(12, 19),
    });
    expect(errorBodySchema.parse(late.json()).details?.[0]?.message).toBe(
      'appointments.errors.endsAfterClosing',
    );
    expect(
      quoteSchema.parse((await call(app, 'GET', `/quotes/${quote.quoteId}`, who.headers)).json()).status,
    ).toBe('answered');
  });

  it('a declined or expired quote can no longer be accepted', async () => {
    const who = await w.customer();
    const declined = await requestQuote(who.headers);
    await answer(declined.quoteId);
    const res = await call(app, 'POST', `/quotes/${declined.quoteId}/decline`, who.headers);
    expect(quoteSchema.parse(res.json()).status).toBe('declined');
    const accept = (id: string) =>
      call(app, 'POST', `/quotes/${id}/accept`, who.headers, { appointmentDate: startIn(13) });
    expect(codeOf(await accept(declined.quoteId))).toBe('QUOTE_CLOSED');
    const expired = await requestQuote(who.headers);
    await answer(expired.quoteId);
    await app.db
      .update(quoteRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quoteRequests.id, expired.quoteId));
    expect(
      quoteSchema.parse((await call(app, 'GET', `/quotes/${expired.quoteId}`, who.headers)).json()).status,
    ).toBe('expired');
    expect(codeOf(await accept(expired.quoteId))).toBe('QUOTE_CLOSED');
    const admin = await w.as(['admin']);
    const page = quotesPageSchema.parse(
      (await call(app, 'GET', '/quotes?status=expired', admin.headers)).json(),
    );
    expect(page.content.map((row) => row.quoteId)).toContain(expired.quoteId);
  });
});
