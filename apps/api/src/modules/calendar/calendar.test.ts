import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarFeedCreatedSchema, calendarFeedsSchema, todayIn } from '@eclat/shared';
import { fromLocal } from '../../lib/time-zone.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { headersAs } from '../../../test/auth.ts';
import { world, type Headers } from '../../../test/world.ts';
import { giveShifts, makeService, makeVisit } from '../../../test/factories.ts';

const TZ = 'America/Toronto';
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();

/** The events of a feed: uid, start, status, sequence, summary. */
function eventsOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        start: event.startDate.toJSDate().toISOString(),
        status: String(component.getFirstPropertyValue('status')),
        sequence: event.sequence,
        summary: event.summary,
      };
    }),
  };
}

describe('private calendar feeds', () => {
  let app: TestApp;
  const w = world(() => app);
  let service: string;
  beforeAll(async () => {
    app = await buildTestApp({ BUFFER_MINUTES: '0' });
    service = await makeService(app, { title: 'Standard', durationMinutes: 60 });
  });
  afterAll(async () => {
    await app.close();
  });

  const feedPath = (url: string) => new URL(url).pathname;
  const make = async (headers: Headers, kind: 'customer' | 'employee', locale?: 'en' | 'fr') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/calendar-feeds/mine',
      headers,
      payload: { for: kind, ...(locale ? { locale } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return calendarFeedCreatedSchema.parse(res.json());
  };
  const read = (path: string) => app.inject({ method: 'GET', url: path });

  it('gives a customer an address of their visits that a calendar reads, moved and cancelled visits as they are now', async () => {
    const who = await w.customer();
    const day = addDays(todayIn(TZ), 6);
    const one = await makeVisit(app, who, { serviceIds: [service], appointmentDate: at(day, 9) });
    const two = await makeVisit(app, who, { serviceIds: [service], appointmentDate: at(day, 14) });
    const mine = calendarFeedsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/calendar-feeds/mine', headers: who.headers })).json(),
    );
    expect(mine).toEqual({ customer: { createdAt: null }, employee: null });

    const feed = await make(who.headers, 'customer', 'fr');
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http/, 'webcal'));
    const first = await read(feedPath(feed.url));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/calendar');
    const before = eventsOf(first.body);
    expect(before.name).toBe('Éclat : mes ménages');
    const host = new URL(feed.url).hostname;
    expect(before.events.map((event) => event.uid)).toEqual([
      `${one.appointmentId}@${host}`,
      `${two.appointmentId}@${host}`,
    ]);

    // The first moves to 11:00, the second is cancelled: the feed says so, with a higher SEQUENCE.
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${one.appointmentId}`,
      headers: who.headers,
      payload: { serviceIds: [service], appointmentDate: at(day, 11) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await w.cancel(who, two.appointmentId)).statusCode).toBe(200);
    const after = eventsOf((await read(feedPath(feed.url))).body);
    const [movedEvent, cancelledEvent] = after.events;
    expect(movedEvent?.start).toBe(at(day, 11));
    expect(movedEvent?.sequence).toBeGreaterThan(before.events[0]?.sequence ?? 0);
    expect(cancelledEvent?.status).toBe('CANCELLED');
  });

  it("writes each event's STATUS from its visit: pending TENTATIVE, confirmed CONFIRMED, cancelled CANCELLED", async () => {
    const who = await w.customer();
    const day = addDays(todayIn(TZ), 9);
    const visit = await makeVisit(app, who, { serviceIds: [service], appointmentDate: at(day, 10) });
    expect(visit.status).toBe('pending');
    const feed = await make(who.headers, 'customer');
    const statusNow = async () => eventsOf((await read(feedPath(feed.url))).body).events[0]?.status;
    expect(await statusNow()).toBe('TENTATIVE');

    const admin = await headersAs(app, 'admin');
    const confirmed = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${visit.appointmentId}`,
      headers: admin,
      payload: {
        customerId: visit.customerId,
        serviceIds: [service],
        appointmentDate: visit.appointmentDate,
        status: 'confirmed',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusNow()).toBe('CONFIRMED');
    expect((await w.cancel(who, visit.appointmentId)).statusCode).toBe(200);
    expect(await statusNow()).toBe('CANCELLED');
  });

  it('replaces an address when made again, revokes it on demand, and opens nothing with a wrong one', async () => {
    const who = await w.customer();
    const old = await make(who.headers, 'customer');
    const fresh = await make(who.headers, 'customer');
    expect((await read(feedPath(old.url))).statusCode).toBe(404);
    expect((await read(feedPath(fresh.url))).statusCode).toBe(200);
    const revoked = await app.inject({
      method: 'DELETE',
      url: '/api/v1/calendar-feeds/mine?for=customer',
      headers: who.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await read(feedPath(fresh.url))).statusCode).toBe(404);
    for (const path of [
      '/api/v1/calendar/nothing.ics',
      `/api/v1/calendar/${'a'.repeat(43)}.ics`,
      '/api/v1/calendar/%00.ics',
    ]) {
      const res = await read(path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    // Signed out, nobody lists or makes addresses.
    expect((await app.inject({ method: 'GET', url: '/api/v1/calendar-feeds/mine' })).statusCode).toBe(401);
  });

  it('gives an employee an address of the jobs they are on, and only someone on the team one', async () => {
    const cleaner = await w.employee('Nadia', 'Roy');
    const day = addDays(todayIn(TZ), 8);
    await giveShifts(app, cleaner.id, [day]);
    const who = await w.customer();
    const visit = await makeVisit(app, who, { serviceIds: [service], appointmentDate: at(day, 10) });
    const feed = await make(cleaner.headers, 'employee');
    const { name, events } = eventsOf((await read(feedPath(feed.url))).body);
    expect(name).toBe('Éclat: my jobs');
    expect(events).toHaveLength(1);
    expect(events[0]?.uid.startsWith(visit.appointmentId)).toBe(true);
    expect(events[0]?.summary).toBe(`Cleaning: ${visit.customerFirstName} ${visit.customerLastName}`);
    // A customer who is not on the team has no employee address to make.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/calendar-feeds/mine',
      headers: who.headers,
      payload: { for: 'employee' },
    });
    expect(refused.statusCode).toBe(404);
  });
});
