import { describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentSchema,
  errorBodySchema,
  seriesDetailSchema,
  type Appointment,
} from '@eclat/shared';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { world } from '../../../test/world.ts';
import { call, makeCustomer, makeService, makeVisit, setServiceArea } from '../../../test/factories.ts';

/**
 * The travel surcharge of the service area in the price (issue 16, decisions 025 and 026): a booking in
 * a surcharge area (the demo's `L6J`, $25) gets a surcharge line and pays it, whatever the client sends;
 * a series' later visits and a change keep the surcharge they were booked with; the admin books anywhere
 * and pays it too.
 */

const TZ = 'America/Toronto';
let offset = 20;
/** A bookable start (10:00 business time) on a day no other test of this file uses. */
const freshStart = (hour = 10) => fromLocal(addDays(todayIn(TZ), (offset += 1)), hour, 0, TZ).toISOString();

let app: TestApp;
useTestApp((built) => {
  app = built;
});
const w = world(() => app);

const DEMO_AREA = [
  { prefix: 'M', surchargeCents: 0 },
  { prefix: 'L6J', surchargeCents: 2500 },
];

/** A customer whose profile has this postal code. */
const customerAt = (postalCode: string) =>
  makeCustomer(app, { lastName: 'Client', address: '12 Lakeshore Road', postalCode });

const linesOf = (visit: Pick<Appointment, 'priceBreakdown'>) =>
  visit.priceBreakdown?.lines.map((line) => [line.kind, line.cents]);

describe('the travel surcharge in the price', () => {
  it('prices a booking in a surcharge area with its line, from the address sent or the profile, ignoring a tampered price', async () => {
    await setServiceArea(app, DEMO_AREA);
    // $100, one hour (makeService).
    const serviceId = await makeService(app, { title: 'Surcharge Clean', durationMinutes: 60 });
    const far = await customerAt('M5V 3L9');
    const sent = await call(app, 'POST', `/appointments/customers/${far.customerId}`, far.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
      place: { street: '5 Navy Street', city: 'Oakville', postalCode: 'l6j4v1' },
      // Tampered figures: none of them counts.
      totalPrice: 1,
      priceBreakdown: { totalCents: 100, lines: [] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const booked = appointmentSchema.parse(sent.json());
    expect(booked.totalPrice).toBe(125);
    expect(linesOf(booked)).toEqual([
      ['service', 10_000],
      ['surcharge', 2500],
    ]);
    expect(booked.priceBreakdown).toMatchObject({
      postalCode: 'L6J 4V1',
      subtotalCents: 12_500,
      totalCents: 12_500,
    });
    // The service's line stays the service's price (the spec's serviceDetails).
    expect(booked.serviceDetails.map((line) => line.price)).toEqual([100]);

    // Nothing sent: the profile's postal code.
    const oakville = await customerAt('L6J 4V1');
    const byProfile = await makeVisit(app, oakville, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
    });
    expect(byProfile.totalPrice).toBe(125);
    // Inside the area without a surcharge: no line.
    const toronto = await makeVisit(app, far, { serviceIds: [serviceId], appointmentDate: freshStart() });
    expect(toronto.totalPrice).toBe(100);
    expect(linesOf(toronto)).toEqual([['service', 10_000]]);

    // The staff's PDF lists the line, in each language.
    const admin = await w.as(['admin']);
    const pdf = async (lang: 'en' | 'fr') => {
      const res = await call(app, 'GET', `/appointments/pdf?lang=${lang}`, admin.headers);
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload).replace(/\s+/g, ' ');
    };
    expect(await pdf('en')).toContain('Travel surcharge: $25.00');
    expect(await pdf('fr')).toContain('Frais de déplacement: 25,00 $');

    // A change keeps the surcharge it was booked with, even once the area's has changed.
    await setServiceArea(app, [
      { prefix: 'M', surchargeCents: 0 },
      { prefix: 'L6J', surchargeCents: 4000 },
    ]);
    const moved = await call(app, 'PUT', `/appointments/customer/${booked.appointmentId}`, far.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(11),
      totalPrice: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(appointmentSchema.parse(moved.json()).totalPrice).toBe(125);
  });

  it('refuses a postal code that is not one with 400 and its translated key, never a 5xx', async () => {
    await setServiceArea(app, DEMO_AREA);
    const serviceId = await makeService(app, { title: 'Postal Clean', durationMinutes: 60 });
    const who = await customerAt('M5V 3L9');
    const admin = await w.as(['admin']);
    for (const postalCode of ['90210', 'D2X 1Y4', 'L6J', '', 'x'.repeat(30)]) {
      const res = await call(app, 'POST', `/appointments/customers/${who.customerId}`, who.headers, {
        serviceIds: [serviceId],
        appointmentDate: freshStart(),
        postalCode,
      });
      expect(res.statusCode, postalCode).toBe(400);
      expect(errorBodySchema.parse(res.json())).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.postalCode', message: 'validation.postalCode' }],
      });
    }
    const series = await call(app, 'POST', `/series/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
      frequency: 'weekly',
      postalCode: '90210',
    });
    expect(series.statusCode).toBe(400);
    const byAdmin = await call(app, 'POST', '/appointments', admin.headers, {
      customerId: who.customerId,
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
      status: 'confirmed',
      postalCode: '90210',
    });
    expect(byAdmin.statusCode).toBe(400);
    expect(errorBodySchema.parse(byAdmin.json()).details).toEqual([
      { path: 'body.postalCode', message: 'validation.postalCode' },
    ]);
  });

  it("prices a series' every visit with the surcharge it was booked with, planned or changed later", async () => {
    await setServiceArea(app, DEMO_AREA);
    const serviceId = await makeService(app, { title: 'Weekly Surcharge Clean', durationMinutes: 60 });
    const who = await customerAt('L6J 4V1');
    const res = await call(app, 'POST', `/series/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(9),
      frequency: 'weekly',
      totalPrice: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const series = seriesDetailSchema.parse(res.json());
    // $100 + $25 = $125; 15 % off a weekly visit (the first one too, by default): $106.25.
    expect(series.fullPrice).toBe(125);
    expect(series.priceLines.map((line) => [line.kind, line.cents])).toEqual([
      ['service', 10_000],
      ['surcharge', 2500],
    ]);
    expect(series.visits.length).toBeGreaterThan(1);
    for (const visit of series.visits) {
      expect(linesOf(visit)).toEqual([
        ['service', 10_000],
        ['surcharge', 2500],
        ['discount', -1875],
      ]);
      expect(visit.totalPrice).toBe(106.25);
    }

    // The area's surcharge goes; the series' visits planned again keep theirs (like the discount).
    await setServiceArea(app, [{ prefix: 'M', surchargeCents: 0 }]);
    const changed = await call(app, 'PUT', `/series/${series.seriesId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(11),
      frequency: 'weekly',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = seriesDetailSchema.parse(changed.json());
    expect(after.fullPrice).toBe(125);
    const replanned = after.visits.filter((visit) => Date.parse(visit.appointmentDate) > Date.now());
    expect(replanned.length).toBeGreaterThan(1);
    for (const visit of replanned) expect(linesOf(visit)?.[1]).toEqual(['surcharge', 2500]);
  });

  it('lets the admin book anywhere, with the surcharge of the postal code; an edit keeps it unless a new one is sent', async () => {
    await setServiceArea(app, DEMO_AREA);
    const serviceId = await makeService(app, { title: 'Office Clean', durationMinutes: 60 });
    const oakville = await customerAt('L6J 4V1');
    const admin = await w.as(['admin']);
    const created = await call(app, 'POST', '/appointments', admin.headers, {
      customerId: oakville.customerId,
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
      status: 'confirmed',
    });
    expect(created.statusCode, created.body).toBe(201);
    const visit = appointmentSchema.parse(created.json());
    expect(visit.totalPrice).toBe(125);
    // Outside the area: booked all the same, no surcharge.
    const outside = await call(app, 'POST', '/appointments', admin.headers, {
      customerId: oakville.customerId,
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
      status: 'confirmed',
      place: { street: '88 West Hastings Street', city: 'Vancouver', postalCode: 'V6B 1A1' },
    });
    expect(outside.statusCode, outside.body).toBe(201);
    expect(appointmentSchema.parse(outside.json())).toMatchObject({ totalPrice: 100 });

    // The area changes; an edit that says no postal code keeps the $25, a new postal code is priced anew.
    await setServiceArea(app, [{ prefix: 'L6J', surchargeCents: 4000 }]);
    const edit = (payload: object) =>
      call(app, 'PUT', `/appointments/${visit.appointmentId}`, admin.headers, {
        customerId: oakville.customerId,
        serviceIds: [serviceId],
        appointmentDate: visit.appointmentDate,
        status: 'confirmed',
        comments: 'Gate code 1234',
        ...payload,
      });
    expect(appointmentSchema.parse((await edit({})).json()).totalPrice).toBe(125);
    const at = (postalCode: string) => ({ place: { street: '5 Navy Street', city: 'Oakville', postalCode } });
    expect(appointmentSchema.parse((await edit(at('L6J 4V1'))).json()).totalPrice).toBe(125);
    expect(appointmentSchema.parse((await edit(at('L6J 1A1'))).json()).totalPrice).toBe(140);
  });
});
