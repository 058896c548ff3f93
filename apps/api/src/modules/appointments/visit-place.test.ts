import ICAL from 'ical.js';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentSchema,
  calendarFeedCreatedSchema,
  errorBodySchema,
  myDaySchema,
  seriesDetailSchema,
  todayIn,
  type Appointment,
} from '@eclat/shared';
import { fromLocal } from '../../lib/time-zone.ts';
import { buildTestApp, emailQueueSettled, type TestApp } from '../../../test/helpers.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { world, type Headers } from '../../../test/world.ts';
import { call, makeCustomer, makeService, setServiceArea } from '../../../test/factories.ts';

/**
 * One place per visit (issue 27, decision 035): the address a visit happens at (the profile's, or one
 * given with the booking: street, city and postal code) is the one checked against the service area,
 * priced, stored, shown to the cleaner and put in the emails and the calendar. A postal code alone is
 * refused: it used to be checked and priced while the visit was booked at the profile's street.
 */
const TZ = 'America/Toronto';
let offset = 3;
/** A bookable start (10:00 business time) on a day no other test of this file uses. */
const freshStart = (hour = 10) => fromLocal(addDays(todayIn(TZ), (offset += 1)), hour, 0, TZ).toISOString();

const TORONTO = { street: '301 Front Street West', city: 'Toronto', postalCode: 'm5v 2t6' };
const TORONTO_LINE = '301 Front Street West, Toronto, M5V 2T6';

describe('one place per visit', () => {
  let smtp: SmtpReceiver;
  let app: TestApp;
  const w = world(() => app);
  let admin: Headers;
  let serviceId: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await buildTestApp({ SMTP_URL: smtp.url, JOB_POLL_SECONDS: '0.5', BUFFER_MINUTES: '0' });
    await app.ready();
    admin = (await w.as(['admin'])).headers;
    // $100, one hour. The demo's area: Toronto (M) and Oakville (L6J, $25 of travel).
    serviceId = await makeService(app, { title: 'Standard', durationMinutes: 60 });
    await setServiceArea(app, [
      { prefix: 'M', surchargeCents: 0 },
      { prefix: 'L6J', surchargeCents: 2500 },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** A customer whose profile is at this street and postal code. */
  const customerAt = (address: string, postalCode: string) =>
    makeCustomer(app, { lastName: 'Client', address, postalCode });
  const vancouver = () => customerAt('800 Robson Street', 'V6Z 2E7');
  const oakville = () => customerAt('12 Lakeshore Road', 'L6J 4V1');

  const book = (who: { customerId: string; headers: Headers }, extra: object) =>
    call(app, 'POST', `/appointments/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
      ...extra,
    });
  const placeOf = (visit: Appointment) => [visit.address, visit.city, visit.postalCode];
  const refusedWithoutAddress = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json())).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.postalCode', message: 'appointments.errors.postalCodeWithoutAddress' }],
    });
  };

  it('refuses a postal code sent without its address (one-off, series, admin): the profile street is never booked with a foreign postal code', async () => {
    const far = await vancouver();
    refusedWithoutAddress(await book(far, { postalCode: 'M5V 3L9' }));
    refusedWithoutAddress(
      await call(app, 'POST', `/series/customers/${far.customerId}`, far.headers, {
        serviceIds: [serviceId],
        appointmentDate: freshStart(),
        frequency: 'weekly',
        postalCode: 'M5V 3L9',
      }),
    );
    // Nor another postal code than the address's.
    refusedWithoutAddress(await book(far, { place: TORONTO, postalCode: 'M5V 3L9' }));
    refusedWithoutAddress(
      await call(app, 'POST', '/appointments', admin, {
        customerId: far.customerId,
        serviceIds: [serviceId],
        appointmentDate: freshStart(),
        status: 'confirmed',
        postalCode: 'M5V 3L9',
      }),
    );
    // The profile's place is outside the area: no visit at all.
    const byProfile = await book(far, {});
    expect(errorBodySchema.parse(byProfile.json()).code).toBe('OUTSIDE_SERVICE_AREA');
    const mine = await call(app, 'GET', '/appointments/my-appointments', far.headers);
    expect(mine.json()).toEqual([]);

    // An address without its city or with a street the spec's rule refuses: 400 on the field.
    const half = await book(far, { place: { street: TORONTO.street, postalCode: TORONTO.postalCode } });
    expect(errorBodySchema.parse(half.json()).details).toEqual([
      { path: 'body.place.city', message: 'appointments.errors.cityRequired' },
    ]);
    const street = await book(far, { place: { ...TORONTO, street: 'Front Street' } });
    expect(errorBodySchema.parse(street.json()).details).toEqual([
      { path: 'body.place.street', message: 'profile.errors.addressFormat' },
    ]);
  });

  it('books at the address given (checked, priced and stored whole), and at the profile address by default', async () => {
    const far = await vancouver();
    const res = await book(far, { place: TORONTO });
    expect(res.statusCode, res.body).toBe(201);
    const visit = appointmentSchema.parse(res.json());
    expect(placeOf(visit)).toEqual(['301 Front Street West', 'Toronto', 'M5V 2T6']);
    expect(visit.priceBreakdown?.postalCode).toBe('M5V 2T6');

    // The Oakville surcharge cannot be dropped: nothing sent is the profile's place, and priced there.
    const home = await oakville();
    const inOakville = appointmentSchema.parse((await book(home, {})).json());
    expect(placeOf(inOakville)).toEqual(['12 Lakeshore Road', null, 'L6J 4V1']);
    expect(inOakville.totalPrice).toBe(125);
    refusedWithoutAddress(await book(home, { postalCode: 'M5V 3L9' }));
    // A visit that really happens in Toronto is priced there, and stored there.
    const inToronto = appointmentSchema.parse((await book(home, { place: TORONTO })).json());
    expect([inToronto.totalPrice, ...placeOf(inToronto)]).toEqual([
      100,
      '301 Front Street West',
      'Toronto',
      'M5V 2T6',
    ]);
    // ...and an Oakville address given with the booking pays its $25.
    const given = await book(far, {
      place: { street: '5 Navy Street', city: 'Oakville', postalCode: 'L6J 2Y5' },
    });
    expect(appointmentSchema.parse(given.json()).totalPrice).toBe(125);
  });

  it("books a series at one place: every visit there, priced there, and its address kept for the plan's later visits", async () => {
    const far = await vancouver();
    const refused = await call(app, 'POST', `/series/customers/${far.customerId}`, far.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(9),
      frequency: 'weekly',
    });
    expect(errorBodySchema.parse(refused.json()).code).toBe('OUTSIDE_SERVICE_AREA');
    const oakvilleSite = { street: '5 Navy Street', city: 'Oakville', postalCode: 'L6J 2Y5' };
    const res = await call(app, 'POST', `/series/customers/${far.customerId}`, far.headers, {
      serviceIds: [serviceId],
      appointmentDate: freshStart(9),
      frequency: 'weekly',
      place: oakvilleSite,
    });
    expect(res.statusCode, res.body).toBe(201);
    const series = seriesDetailSchema.parse(res.json());
    expect([series.address, series.city, series.postalCode]).toEqual([
      '5 Navy Street',
      'Oakville',
      'L6J 2Y5',
    ]);
    expect(series.visits.length).toBeGreaterThan(1);
    for (const visit of series.visits) {
      expect(placeOf(visit)).toEqual(['5 Navy Street', 'Oakville', 'L6J 2Y5']);
      expect(visit.priceBreakdown?.lines.find((line) => line.kind === 'surcharge')?.cents).toBe(2500);
    }
  });

  it('lets the admin add a visit at another address, keep it on an edit and move it to a new one', async () => {
    const home = await oakville();
    const created = await call(app, 'POST', '/appointments', admin, {
      customerId: home.customerId,
      serviceIds: [serviceId],
      appointmentDate: freshStart(),
      status: 'confirmed',
      place: TORONTO,
    });
    expect(created.statusCode, created.body).toBe(201);
    const visit = appointmentSchema.parse(created.json());
    expect([visit.totalPrice, ...placeOf(visit)]).toEqual([
      100,
      '301 Front Street West',
      'Toronto',
      'M5V 2T6',
    ]);
    const edit = (payload: object) =>
      call(app, 'PUT', `/appointments/${visit.appointmentId}`, admin, {
        customerId: home.customerId,
        serviceIds: [serviceId],
        appointmentDate: visit.appointmentDate,
        status: 'confirmed',
        ...payload,
      });
    const kept = appointmentSchema.parse((await edit({ comments: 'Gate 4' })).json());
    expect(placeOf(kept)).toEqual(placeOf(visit));
    const moved = appointmentSchema.parse(
      (await edit({ place: { street: '5 Navy Street', city: 'Oakville', postalCode: 'L6J 2Y5' } })).json(),
    );
    expect([moved.totalPrice, ...placeOf(moved)]).toEqual([125, '5 Navy Street', 'Oakville', 'L6J 2Y5']);
    refusedWithoutAddress(await edit({ postalCode: 'M5V 3L9' }));
  });

  it("puts the visit's address in the confirmation email, its invitation, the calendar feed and the cleaner's day", async () => {
    const far = await vancouver();
    const before = smtp.messages.length;
    await emailQueueSettled(app.db.$client);
    const res = await book(far, { place: TORONTO, locale: 'fr' });
    expect(res.statusCode, res.body).toBe(201);
    const visit = appointmentSchema.parse(res.json());
    await smtp.waitFor(before + 1, 20_000);
    await emailQueueSettled(app.db.$client);
    const email = smtp.messages.find((message: Email) => message.to?.some((to) => to.address === far.email));
    expect(email?.text).toContain(TORONTO_LINE);
    expect(email?.text).not.toContain('800 Robson Street');
    const invite = email?.attachments.find((attachment) => attachment.filename?.endsWith('.ics'));
    const inviteText =
      typeof invite?.content === 'string' ? invite.content : new TextDecoder().decode(invite?.content);
    expect(locationOf(inviteText)).toBe(TORONTO_LINE);

    const made = await call(app, 'POST', '/calendar-feeds/mine', far.headers, { for: 'customer' });
    expect(made.statusCode, made.body).toBe(201);
    const feed = await app.inject({
      method: 'GET',
      url: new URL(calendarFeedCreatedSchema.parse(made.json()).url).pathname,
    });
    expect(feed.statusCode).toBe(200);
    expect(locationOf(feed.body)).toBe(TORONTO_LINE);

    // The cleaner on it reads the whole address on My Day.
    const dan = await w.employee('Dan');
    const assigned = await call(app, 'PUT', `/appointments/${visit.appointmentId}/assignments`, admin, {
      employeeIds: [dan.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(visit.appointmentDate));
    const day = myDaySchema.parse(
      (await call(app, 'GET', `/dispatch/my-day?date=${date}`, dan.headers)).json(),
    );
    expect(day.visits.map((one) => one.address)).toEqual([TORONTO_LINE]);
  });
});

/** The LOCATION of the first event of a calendar text, read by a calendar library (ical.js). */
function locationOf(text: string): unknown {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('location');
}
