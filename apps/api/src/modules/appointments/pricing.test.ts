import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentSchema,
  errorBodySchema,
  seriesDetailSchema,
  serviceSchema,
  slotDaysResponseSchema,
  slotsResponseSchema,
  type Service,
} from '@eclat/shared';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { world, type Headers } from '../../../test/world.ts';

/**
 * Instant prices (issue 16, decision 025): the server prices every booking with `priceVisit` from the
 * services, the home and the extras, whatever figure the client sends, and the visit's length decides
 * which times a cleaner is free for.
 */

const TZ = 'America/Toronto';
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();
let offset = 30;
const freshDay = () => addDays(todayIn(TZ), (offset += 2));

const ROOMS_INPUT = {
  title: 'Whole Home Cleaning',
  description: 'Priced by rooms',
  pricing: 1,
  category: 'Residential',
  durationMinutes: 1,
  pricingModel: {
    kind: 'rooms',
    baseCents: 9_000,
    baseMinutes: 60,
    perBedroomCents: 2_500,
    perBedroomMinutes: 30,
    perBathroomCents: 2_000,
    perBathroomMinutes: 30,
  },
  extras: [
    { title: { en: 'Inside the fridge', fr: 'Intérieur du réfrigérateur' }, priceCents: 3_000, minutes: 30 },
    { title: { en: 'Inside the oven', fr: 'Intérieur du four' }, priceCents: 3_500, minutes: 30 },
    { title: { en: 'Laundry', fr: 'Lessive' }, priceCents: 2_000, minutes: 30 },
  ],
};

describe('instant prices', () => {
  let app: TestApp;
  const w = world(() => app);
  let admin: Headers;
  let rooms: Service;
  let flat: Service;
  /** 3 bedrooms, 2 bathrooms, the fridge and the oven: $270, 4 h 30. */
  let bigHome: { home: { bedrooms: number; bathrooms: number }; extraIds: string[] };

  beforeAll(async () => {
    app = await buildTestApp();
    admin = (await w.as(['admin'])).headers;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/services',
      headers: admin,
      payload: ROOMS_INPUT,
    });
    expect(created.statusCode).toBe(201);
    rooms = serviceSchema.parse(created.json());
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/services',
      headers: admin,
      payload: {
        title: 'Windows',
        description: 'Flat',
        pricing: 95,
        category: 'Residential',
        durationMinutes: 60,
      },
    });
    flat = serviceSchema.parse(other.json());
    const [fridge, oven] = rooms.extras;
    bigHome = { home: { bedrooms: 3, bathrooms: 2 }, extraIds: [fridge?.extraId ?? '', oven?.extraId ?? ''] };
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores the model and extras, with the smallest home as the spec pricing and duration', async () => {
    expect(rooms.pricingModel).toEqual(ROOMS_INPUT.pricingModel);
    // A studio with one bathroom: $90 + $20, 60 + 30 minutes.
    expect(rooms).toMatchObject({ pricing: 110, durationMinutes: 90 });
    expect(rooms.extras.map((extra) => [extra.title.fr, extra.priceCents, extra.minutes])).toEqual([
      ['Intérieur du réfrigérateur', 3_000, 30],
      ['Intérieur du four', 3_500, 30],
      ['Lessive', 2_000, 30],
    ]);
    expect(flat).toMatchObject({ pricingModel: { kind: 'flat' }, extras: [], pricing: 95 });

    // A spec client's PUT (no model, no extras) keeps both; a new list keeps the ids of the extras it names.
    const [fridge, , laundry] = rooms.extras;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/services/${rooms.serviceId}`,
      headers: admin,
      payload: {
        title: 'Whole Home Cleaning',
        description: 'Priced by rooms',
        pricing: 5,
        category: 'Residential',
        durationMinutes: 5,
      },
    });
    expect(serviceSchema.parse(put.json())).toMatchObject({ pricing: 110, pricingModel: { kind: 'rooms' } });
    expect(serviceSchema.parse(put.json()).extras).toHaveLength(3);
    const reordered = await app.inject({
      method: 'PUT',
      url: `/api/v1/services/${rooms.serviceId}`,
      headers: admin,
      payload: {
        ...ROOMS_INPUT,
        extras: [
          { ...ROOMS_INPUT.extras[1], extraId: rooms.extras[1]?.extraId },
          { ...ROOMS_INPUT.extras[0], extraId: fridge?.extraId },
          { ...ROOMS_INPUT.extras[2], extraId: laundry?.extraId },
        ],
      },
    });
    const after = serviceSchema.parse(reordered.json());
    expect(after.extras.map((extra) => extra.extraId)).toEqual([
      rooms.extras[1]?.extraId,
      fridge?.extraId,
      laundry?.extraId,
    ]);
    // Back in the first order for the other tests.
    const restored = await app.inject({
      method: 'PUT',
      url: `/api/v1/services/${rooms.serviceId}`,
      headers: admin,
      payload: {
        ...ROOMS_INPUT,
        extras: ROOMS_INPUT.extras.map((extra, index) => ({
          ...extra,
          extraId: rooms.extras[index]?.extraId,
        })),
      },
    });
    expect(serviceSchema.parse(restored.json()).extras).toEqual(rooms.extras);
  });

  it('refuses a model that makes no sense, with the field and a translated key', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/services',
      headers: admin,
      payload: {
        ...ROOMS_INPUT,
        pricingModel: {
          kind: 'area',
          unit: 'sqft',
          bands: [
            { upTo: 2000, priceCents: 100, minutes: 60 },
            { upTo: 1000, priceCents: 100, minutes: 60 },
          ],
        },
        extras: [{ title: { en: 'Balcony', fr: ' ' }, priceCents: -1, minutes: 10 }],
      },
    });
    expect(res.statusCode).toBe(400);
    const details = errorBodySchema.parse(res.json()).details?.map((d) => `${d.path}:${d.message}`);
    expect(details).toEqual(
      expect.arrayContaining([
        'body.pricingModel.bands:pricing.errors.bandsOrder',
        'body.extras.0.title.fr:validation.required',
        'body.extras.0.priceCents:validation.tooSmall',
      ]),
    );
    const customer = await w.customer();
    const forbidden = await app.inject({
      method: 'POST',
      url: '/api/v1/services',
      headers: customer.headers,
      payload: ROOMS_INPUT,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('prices the booking itself and ignores any price or duration the client sends', async () => {
    const customer = await w.customer();
    const date = freshDay();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/appointments/customers/${customer.customerId}`,
      headers: customer.headers,
      payload: {
        serviceIds: [rooms.serviceId],
        ...bigHome,
        appointmentDate: at(date, 10),
        // Tampered figures: none of them counts.
        totalPrice: 1,
        price: 1,
        durationMinutes: 30,
        endsAt: at(date, 11),
        priceBreakdown: { totalCents: 100, minutes: 30, lines: [] },
        discountPercent: 90,
      },
    });
    expect(res.statusCode).toBe(201);
    const booked = appointmentSchema.parse(res.json());
    // $90 + 3 x $25 + 2 x $20 + $30 + $35; 60 + 90 + 60 + 30 + 30 minutes.
    expect(booked.totalPrice).toBe(270);
    expect(booked.discountPercent).toBe(0);
    expect(Date.parse(booked.endsAt) - Date.parse(booked.appointmentDate)).toBe(270 * 60_000);
    expect(booked.serviceDetails).toEqual([
      { serviceId: rooms.serviceId, title: 'Whole Home Cleaning', price: 205, durationMinutes: 210 },
    ]);
    expect(booked.priceBreakdown).toMatchObject({
      home: { bedrooms: 3, bathrooms: 2 },
      subtotalCents: 27_000,
      discountCents: 0,
      totalCents: 27_000,
      minutes: 270,
    });
    expect(booked.priceBreakdown?.lines.map((line) => [line.kind, line.label.en, line.cents])).toEqual([
      ['service', 'Whole Home Cleaning', 20_500],
      ['extra', 'Inside the fridge', 3_000],
      ['extra', 'Inside the oven', 3_500],
    ]);

    // A change that does not say the home again keeps it (and the extras): the same price, a new time.
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${booked.appointmentId}`,
      headers: customer.headers,
      payload: { serviceIds: [rooms.serviceId], appointmentDate: at(date, 9), totalPrice: 1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(appointmentSchema.parse(moved.json())).toMatchObject({ totalPrice: 270 });
    // Saying it again prices it again: a studio with one bathroom, no extras.
    const smaller = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${booked.appointmentId}`,
      headers: customer.headers,
      payload: {
        serviceIds: [rooms.serviceId],
        home: { bedrooms: 0, bathrooms: 1 },
        extraIds: [],
        appointmentDate: at(date, 9),
      },
    });
    const small = appointmentSchema.parse(smaller.json());
    expect(small.totalPrice).toBe(110);
    expect(Date.parse(small.endsAt) - Date.parse(small.appointmentDate)).toBe(90 * 60_000);
  });

  it('lists the breakdown in the PDF, in each language', async () => {
    const customer = await w.customer();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/appointments/customers/${customer.customerId}`,
      headers: customer.headers,
      payload: { serviceIds: [rooms.serviceId], ...bigHome, appointmentDate: at(freshDay(), 9) },
    });
    expect(res.statusCode).toBe(201);
    const text = async (lang: 'en' | 'fr') => {
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/v1/appointments/pdf?lang=${lang}`,
        headers: admin,
      });
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    };
    const en = await text('en');
    expect(en).toContain('Whole Home Cleaning (3 bedrooms, 2 bathrooms): $205.00');
    expect(en).toContain('Inside the fridge: $30.00');
    expect(await text('fr')).toContain('Intérieur du four: 35,00 $');
  });

  it('asks for what the services need, and refuses extras they do not offer', async () => {
    const customer = await w.customer();
    const book = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/appointments/customers/${customer.customerId}`,
        headers: customer.headers,
        payload: { serviceIds: [rooms.serviceId], appointmentDate: at(freshDay(), 10), ...payload },
      });
    const paths = async (payload: object) => {
      const res = await book(payload);
      expect(res.statusCode).toBe(400);
      return errorBodySchema.parse(res.json()).details?.map((d) => `${d.path}:${d.message}`);
    };
    expect(await paths({})).toEqual([
      'body.home.bedrooms:pricing.errors.bedrooms',
      'body.home.bathrooms:pricing.errors.bathrooms',
    ]);
    expect(await paths({ home: { bedrooms: 2, bathrooms: 0 } })).toEqual([
      'body.home.bathrooms:pricing.errors.bathrooms',
    ]);
    const foreign = '00000000-0000-4000-8000-000000000000';
    expect(await paths({ home: { bedrooms: 2, bathrooms: 1 }, extraIds: [foreign] })).toEqual([
      'body.extraIds:pricing.errors.extra',
    ]);
    // A flat service needs no home at all, as the spec's clients book it.
    const plain = await app.inject({
      method: 'POST',
      url: `/api/v1/appointments/customers/${customer.customerId}`,
      headers: customer.headers,
      payload: { serviceIds: [flat.serviceId], appointmentDate: at(freshDay(), 10) },
    });
    expect(plain.statusCode).toBe(201);
    expect(appointmentSchema.parse(plain.json())).toMatchObject({ totalPrice: 95 });
  });

  it('needs a cleaner free for the whole length of a long visit (with the buffer)', async () => {
    const ana = await w.employee('Ana');
    const date = freshDay();
    // Ana works 09:00-17:00 that day.
    await w.available(ana.headers, date, 'MORNING');
    await w.available(ana.headers, date, 'EVENING');
    const query = (extra: string) =>
      app.inject({ method: 'GET', url: `/api/v1/slots?date=${date}&serviceIds=${rooms.serviceId}${extra}` });
    const reasons = async (extra: string) => {
      const res = await query(extra);
      expect(res.statusCode).toBe(200);
      const slots = slotsResponseSchema.parse(res.json());
      return {
        minutes: slots.durationMinutes,
        at: Object.fromEntries(slots.slots.map((s) => [s.hour, s.reason])),
      };
    };
    const long = await reasons(`&bedrooms=3&bathrooms=2&extraIds=${bigHome.extraIds.join(',')}`);
    // 4 h 30 from 12:00 ends 16:30; from 13:00 it would end after her shift.
    expect(long.minutes).toBe(270);
    expect([9, 12, 13, 14].map((h) => long.at[h])).toEqual([null, null, 'closed', 'closed']);
    // The smallest home (90 minutes) fits until 15:00.
    const short = await reasons('&bedrooms=0&bathrooms=1');
    expect([13, 15, 16].map((h) => short.at[h])).toEqual([null, null, 'closed']);
    // A query that says nothing (the spec's clients) is the smallest home; an extra of another service
    // is left out: the times are a guide, the booking checks everything.
    expect((await reasons('')).minutes).toBe(90);
    const foreign = '00000000-0000-4000-8000-000000000000';
    expect((await reasons(`&bedrooms=3&bathrooms=2&extraIds=${foreign}`)).minutes).toBe(210);

    // A one-hour visit of someone else at 16:00 takes Ana: with the 30-minute buffer, the long visit
    // now fits only from 09:00 to 11:00 (11:00 + 4 h 30 = 15:30, then 30 minutes before 16:00).
    const other = await w.customer();
    expect((await w.book(other, flat.serviceId, at(date, 16))).statusCode).toBe(201);
    const busier = await reasons(`&bedrooms=3&bathrooms=2&extraIds=${bigHome.extraIds.join(',')}`);
    expect([9, 11, 12].map((h) => busier.at[h])).toEqual([null, null, 'noCleaner']);

    // Booking at 12:00 says no, whatever length the client claims; 11:00 books, and the visit is Ana's.
    const customer = await w.customer();
    const book = (hour: number) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/appointments/customers/${customer.customerId}`,
        headers: customer.headers,
        payload: {
          serviceIds: [rooms.serviceId],
          ...bigHome,
          appointmentDate: at(date, hour),
          durationMinutes: 60,
          endsAt: at(date, hour + 1),
        },
      });
    const refused = await book(12);
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).code).toBe('NO_CLEANER_FREE');
    const booked = await book(11);
    expect(booked.statusCode).toBe(201);
    const visit = appointmentSchema.parse(booked.json());
    expect(visit.endsAt).toBe(new Date(Date.parse(at(date, 11)) + 270 * 60_000).toISOString());
    expect(await w.assignees(visit.appointmentId, admin)).toEqual([ana.id]);
  });

  it('marks the days of a month by the length of the visit', async () => {
    const ana = await w.employee('Bea');
    const date = freshDay();
    // Only a morning (09:00-13:00, four hours): a 4 h 30 visit cannot fit that day.
    await w.available(ana.headers, date, 'MORNING');
    const day = async (extra: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/slots/days?from=${date}&to=${date}&serviceIds=${rooms.serviceId}${extra}`,
      });
      expect(res.statusCode).toBe(200);
      return slotDaysResponseSchema.parse(res.json()).days[0];
    };
    expect(await day(`&bedrooms=3&bathrooms=2&extraIds=${bigHome.extraIds.join(',')}`)).toMatchObject({
      available: false,
    });
    expect(await day('&bedrooms=1&bathrooms=1')).toMatchObject({ available: true });
  });

  it('prices every visit of a series on its home and extras, with the discount on the subtotal', async () => {
    const customer = await w.customer();
    const date = freshDay();
    const cy = await w.employee('Cy');
    await w.available(cy.headers, date, 'MORNING');
    await w.available(cy.headers, date, 'EVENING');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/series/customers/${customer.customerId}`,
      headers: customer.headers,
      payload: {
        serviceIds: [rooms.serviceId],
        ...bigHome,
        appointmentDate: at(date, 9),
        frequency: 'weekly',
        totalPrice: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    const series = seriesDetailSchema.parse(res.json());
    expect(series).toMatchObject({
      home: { bedrooms: 3, bathrooms: 2 },
      extraIds: bigHome.extraIds,
      fullPrice: 270,
      // 15% of $270 is $40.50.
      pricePerVisit: 229.5,
    });
    expect(series.priceLines.map((line) => line.kind)).toEqual(['service', 'extra', 'extra']);
    expect(series.visits.length).toBeGreaterThan(1);
    for (const visit of series.visits) {
      expect(visit.totalPrice).toBe(229.5);
      expect(Date.parse(visit.endsAt) - Date.parse(visit.appointmentDate)).toBe(270 * 60_000);
      expect(visit.priceBreakdown?.lines.at(-1)).toMatchObject({
        kind: 'discount',
        cents: -4_050,
        percent: 15,
      });
    }
  });
});
