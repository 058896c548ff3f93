import ICAL from 'ical.js';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, appointmentSchema, seriesDetailSchema, todayIn, type Locale } from '@eclat/shared';
import { appointments, customers, employees } from '../../db/schema/index.ts';
import { fromLocal } from '../../lib/time-zone.ts';
import { buildTestApp, emailQueueSettled, type TestApp } from '../../../test/helpers.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { world, type Headers } from '../../../test/world.ts';
import { makeService } from '../../../test/factories.ts';
import { queueVisitNotices } from './visit-notices.ts';

const TZ = 'America/Toronto';
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();
const HOST = 'localhost';

type Calendar = { method: unknown; uid: string; sequence: number; status: unknown; start: string };

/** The message's calendar file, parsed by a calendar library (ical.js). */
function calendarOf(email: Email | undefined): Calendar | undefined {
  const file = email?.attachments.find((attachment) => attachment.filename?.endsWith('.ics'));
  if (!file) return undefined;
  const text = typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content);
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no event');
  const event = new ICAL.Event(vevent);
  const sequence = vevent.getFirstPropertyValue('sequence');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: typeof sequence === 'number' ? sequence : 0,
    status: vevent.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
  };
}

/**
 * Change notices and the feedback request (issue 15, deliverables 4 and 6; decision 023): the real
 * routes, the real workers and a real SMTP receiver on loopback. Employees read BUSINESS_LOCALE (French
 * here), customers the language they booked in.
 */
describe('change notices', () => {
  let smtp: SmtpReceiver;
  let app: TestApp;
  const w = world(() => app);
  let admin: Headers;
  let service: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await buildTestApp({ SMTP_URL: smtp.url, JOB_POLL_SECONDS: '0.5', BUSINESS_LOCALE: 'fr' });
    await app.ready();
    admin = (await w.as(['admin'])).headers;
    service = await makeService(app, { title: 'Standard', durationMinutes: 60 });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const emailOfCustomer = async (customerId: string) => {
    const [row] = await app.db.select().from(customers).where(eq(customers.id, customerId));
    return row?.email ?? '';
  };
  const emailOfEmployee = async (employeeId: string) => {
    const [row] = await app.db.select().from(employees).where(eq(employees.id, employeeId));
    return row?.email ?? '';
  };
  const inbox = (address: string) =>
    smtp.messages.filter((message) => message.to?.some((to) => to.address === address));
  const subjects = (address: string) => inbox(address).map((message) => message.subject ?? '');
  /** Waits until the receiver holds `count` messages in all and every queued email is settled: no extra. */
  const settle = async (count: number) => {
    await smtp.waitFor(count, 20_000);
    await emailQueueSettled(app.db.$client);
    expect(smtp.messages).toHaveLength(count);
  };

  async function customer(locale: Locale) {
    const who = await w.customer();
    return { ...who, locale, email: await emailOfCustomer(who.customerId) };
  }
  async function employee(firstName: string) {
    const crew = await w.employee(firstName);
    return { ...crew, email: await emailOfEmployee(crew.id) };
  }
  async function book(who: Awaited<ReturnType<typeof customer>>, date: string, hour: number) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/appointments/customers/${who.customerId}`,
      headers: who.headers,
      payload: { serviceIds: [service], appointmentDate: at(date, hour), locale: who.locale },
    });
    expect(res.statusCode, res.body).toBe(201);
    return appointmentSchema.parse(res.json());
  }
  const assign = (appointmentId: string, employeeIds: string[]) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${appointmentId}/assignments`,
      headers: admin,
      payload: { employeeIds },
    });
  const adminPut = (
    visit: { appointmentId: string; customerId: string },
    change: { status: string; appointmentDate: string },
  ) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${visit.appointmentId}`,
      headers: admin,
      payload: { customerId: visit.customerId, serviceIds: [service], ...change },
    });

  it('tells the customer and the cleaners of each change once, in their languages, with calendar updates of one event', async () => {
    const date = addDays(todayIn(TZ), 6);
    const ana = await customer('en');
    const dan = await employee('Dan');
    const eve = await employee('Eve');
    const visit = await book(ana, date, 10);
    let total = 1;
    await settle(total);
    const booked = calendarOf(inbox(ana.email)[0]);
    expect(booked?.uid).toBe(`${visit.appointmentId}@${HOST}`);

    // The admin puts Dan on it: Dan hears it (in the business language); the customer does not.
    expect((await assign(visit.appointmentId, [dan.id])).statusCode).toBe(200);
    await settle((total += 1));
    expect(subjects(dan.email)[0]).toMatch(/^Nouvelle visite\u00a0: Cam Client\d+, /);
    const assigned = calendarOf(inbox(dan.email)[0]);
    // The visit is still pending: the invitation says so (TENTATIVE, issue 27).
    expect(assigned).toMatchObject({ method: 'PUBLISH', uid: booked?.uid, status: 'TENTATIVE' });

    // The admin confirms the pending visit: the customer hears it; nobody else.
    const confirm = await adminPut(visit, { status: 'confirmed', appointmentDate: visit.appointmentDate });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await settle((total += 1));
    expect(subjects(ana.email)[1]).toMatch(/^Your Éclat cleaning on .* at 10:00 a\.m\. is confirmed$/);
    const confirmed = calendarOf(inbox(ana.email)[1]);
    expect(confirmed).toMatchObject({ method: 'PUBLISH', uid: booked?.uid, status: 'CONFIRMED' });
    expect(confirmed?.sequence).toBeGreaterThan(booked?.sequence ?? 0);

    // The customer moves it to 14:00: the customer and Dan hear of the move, each once.
    const move = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${visit.appointmentId}`,
      headers: ana.headers,
      payload: { serviceIds: [service], appointmentDate: at(date, 14) },
    });
    expect(move.statusCode, move.body).toBe(200);
    await settle((total += 2));
    expect(subjects(ana.email)[2]).toMatch(/^Visit moved from .* at 10:00 a\.m\. to .* at 2:00 p\.m\.$/);
    expect(inbox(ana.email)[2]?.text).not.toMatch(/series|recurring/i);
    expect(subjects(dan.email)[1]).toMatch(
      /^Visite déplacée\u00a0: Cam Client\d+, du .* à 10 h 00 au .* à 14 h 00$/,
    );
    const moved = calendarOf(inbox(ana.email)[2]);
    // A calendar reads it as the same event, newer: same UID, higher SEQUENCE, the new time.
    expect(moved).toMatchObject({ method: 'PUBLISH', uid: booked?.uid, start: at(date, 14) });
    expect(moved?.sequence).toBeGreaterThan(confirmed?.sequence ?? 0);
    expect(calendarOf(inbox(dan.email)[1])?.sequence).toBe(moved?.sequence);

    // The admin gives it to Eve instead: Eve is told she is on it, Dan that he is off it.
    expect((await assign(visit.appointmentId, [eve.id])).statusCode).toBe(200);
    await settle((total += 2));
    expect(subjects(eve.email)[0]).toMatch(/^Nouvelle visite\u00a0: /);
    expect(subjects(dan.email)[2]).toMatch(/^Visite retirée de votre horaire\u00a0: /);
    const off = calendarOf(inbox(dan.email)[2]);
    expect(off).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: booked?.uid });
    expect(off?.sequence).toBeGreaterThan(moved?.sequence ?? 0);

    // A move the admin cannot make (Eve is busy at 16:00) is refused: nothing goes out.
    const other = await book(await customer('fr'), date, 16);
    expect((await assign(other.appointmentId, [eve.id])).statusCode).toBe(200);
    await settle((total += 2)); // the other booking's confirmation, and Eve's second "assigned"
    const refused = await adminPut(visit, { status: 'pending', appointmentDate: at(date, 16) });
    expect(refused.statusCode, refused.body).toBe(409);
    await settle(total);

    // The business cancels it: the customer (English) and Eve (French), with METHOD:CANCEL.
    const cancel = await adminPut(visit, { status: 'cancelled', appointmentDate: at(date, 14) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await settle((total += 2));
    expect(subjects(ana.email)[3]).toMatch(/^Your cleaning of .* is cancelled$/);
    expect(inbox(ana.email)[3]?.text).toContain('we had to cancel your cleaning of');
    const cancelled = calendarOf(inbox(ana.email)[3]);
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: booked?.uid });
    expect(cancelled?.sequence).toBeGreaterThan(off?.sequence ?? 0);
    expect(subjects(eve.email)[2]).toMatch(/^Visite annulée\u00a0: /);
    expect(inbox(eve.email)[2]?.text).toContain('par le bureau');
    // Cancelling it again changes nothing and says nothing.
    expect((await adminPut(visit, { status: 'cancelled', appointmentDate: at(date, 14) })).statusCode).toBe(
      200,
    );
    await settle(total);
    expect(subjects(ana.email)).toHaveLength(4);
    expect(subjects(dan.email)).toHaveLength(3);
    expect(subjects(eve.email)).toHaveLength(3);
  });

  it("tells of a customer's own cancel in their language, and of an admin's delete of a future visit", async () => {
    const date = addDays(todayIn(TZ), 8);
    const zoe = await customer('fr');
    const gil = await employee('Gil');
    const start = smtp.messages.length;
    const mine = await book(zoe, date, 9);
    const gone = await book(zoe, date, 13);
    expect((await assign(mine.appointmentId, [gil.id])).statusCode).toBe(200);
    expect((await assign(gone.appointmentId, [gil.id])).statusCode).toBe(200);
    let total = start + 4;
    await settle(total);

    expect((await w.cancel(zoe, mine.appointmentId)).statusCode).toBe(200);
    await settle((total += 2));
    expect(subjects(zoe.email)[2]).toMatch(/^Votre ménage du .* est annulé$/);
    expect(inbox(zoe.email)[2]?.text).toContain('Comme vous l’avez demandé');
    expect(calendarOf(inbox(zoe.email)[2])?.method).toBe('CANCEL');
    expect(inbox(gil.email)[2]?.text).toContain('par le client');
    // Cancelled twice: nothing more.
    expect((await w.cancel(zoe, mine.appointmentId)).statusCode).toBe(200);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/appointments/${gone.appointmentId}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    await settle((total += 2));
    expect(subjects(zoe.email)[3]).toMatch(/^Votre ménage du .* est annulé$/);
    expect(inbox(zoe.email)[3]?.text).toContain('nous avons dû annuler');
    const removed = calendarOf(inbox(zoe.email)[3]);
    expect(removed).toMatchObject({ method: 'CANCEL', uid: `${gone.appointmentId}@${HOST}` });
    expect(removed?.sequence).toBeGreaterThan(calendarOf(inbox(gil.email)[1])?.sequence ?? 0);
    expect(subjects(gil.email)).toHaveLength(4);
  });

  it('says nothing of a visit in the past, and asks for feedback once when it is completed', async () => {
    const bea = await customer('fr');
    const start = smtp.messages.length;
    const visit = await book(bea, addDays(todayIn(TZ), 4), 11);
    await settle(start + 1);
    // It happened yesterday.
    const yesterday = addDays(todayIn(TZ), -1);
    await app.db
      .update(appointments)
      .set({ appointmentDate: new Date(at(yesterday, 11)), endsAt: new Date(at(yesterday, 12)) })
      .where(eq(appointments.id, visit.appointmentId));
    const past = { ...visit, appointmentDate: at(yesterday, 11) };

    expect(
      (await adminPut(past, { status: 'confirmed', appointmentDate: past.appointmentDate })).statusCode,
    ).toBe(200);
    await settle(start + 1);
    const done = await adminPut(past, { status: 'completed', appointmentDate: past.appointmentDate });
    expect(done.statusCode, done.body).toBe(200);
    await settle(start + 2);
    const [, feedback] = inbox(bea.email);
    expect(feedback?.subject).toBe('Comment s’est passé votre ménage Éclat?');
    expect(feedback?.text).toContain('http://localhost:3000/submit-feedback');
    expect(feedback?.attachments).toEqual([]);
    // Reopened and completed again: asked once only.
    expect(
      (await adminPut(past, { status: 'cancelled', appointmentDate: past.appointmentDate })).statusCode,
    ).toBe(200);
    expect(
      (await adminPut(past, { status: 'completed', appointmentDate: past.appointmentDate })).statusCode,
    ).toBe(200);
    await settle(start + 2);
  });

  it('says a series visit is one of a series, and tells the cleaners when the customer cancels the series', async () => {
    const kim = await customer('en');
    const hal = await employee('Hal');
    const start = smtp.messages.length;
    const booked = await app.inject({
      method: 'POST',
      url: `/api/v1/series/customers/${kim.customerId}`,
      headers: kim.headers,
      payload: {
        serviceIds: [service],
        appointmentDate: at(addDays(todayIn(TZ), 5), 12),
        frequency: 'weekly',
        locale: 'en',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const series = seriesDetailSchema.parse(booked.json());
    const [one, two, three] = series.visits;
    if (!one || !two || !three) throw new Error('expected three visits');
    let total = start + 1; // the series' confirmation
    expect((await assign(two.appointmentId, [hal.id])).statusCode).toBe(200);
    expect((await assign(three.appointmentId, [hal.id])).statusCode).toBe(200);
    await settle((total += 2));

    const confirm = await adminPut(
      { appointmentId: one.appointmentId, customerId: kim.customerId },
      { status: 'confirmed', appointmentDate: one.appointmentDate },
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    await settle((total += 1));
    expect(inbox(kim.email)[1]?.text).toContain(
      'Each visit of your recurring cleaning is confirmed on its own; the others do not change.',
    );

    // The customer cancels the whole series: Hal hears of each of his visits (the customer sees the
    // series cancelled on its screen, not a notice per visit).
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/series/${series.seriesId}/cancel`,
      headers: kim.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await settle((total += 2));
    expect(subjects(kim.email)).toHaveLength(2);
    const released = inbox(hal.email).slice(2);
    expect(released.map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Visite annulée\u00a0: /),
      expect.stringMatching(/^Visite annulée\u00a0: /),
    ]);
    expect(released.map((email) => calendarOf(email)?.uid).sort()).toEqual(
      [`${two.appointmentId}@${HOST}`, `${three.appointmentId}@${HOST}`].sort(),
    );
    expect(released[0]?.text).toContain('par le client');
  });

  it('sends nothing for a change that rolls back', async () => {
    const cy = await customer('en');
    const start = smtp.messages.length;
    const visit = await book(cy, addDays(todayIn(TZ), 9), 15);
    await settle(start + 1);
    const jobs = async () =>
      (await app.db.execute(sql`select id from pgboss.job where name = 'email'`)).rows.length;
    const before = await jobs();
    await expect(
      app.jobs.transaction(async (tx) => {
        const queued = await queueVisitNotices(
          tx,
          visit.appointmentId,
          { kind: 'cancelled', cancelledBy: 'business' },
          { customer: true, employeeIds: [], employeeLocale: 'en' },
        );
        expect(queued).toBe(1);
        throw new Error('the change fails after its notice was queued');
      }),
    ).rejects.toThrow('the change fails');
    expect(await jobs()).toBe(before);
    await settle(start + 1);
  });
  // Last: posting an availability gives the company a team, which changes how later bookings are placed.
  it("sends the cleaner picked at booking nothing, and tells them when the admin's delete of their day takes them off", async () => {
    const date = addDays(todayIn(TZ), 11);
    const ivy = await employee('Ivy');
    const day = await w.available(ivy.headers, date, 'MORNING');
    const lea = await customer('en');
    const start = smtp.messages.length;
    const visit = await book(lea, date, 9);
    expect(await w.assignees(visit.appointmentId, admin)).toEqual([ivy.id]);
    await settle(start + 1);
    expect(inbox(ivy.email)).toEqual([]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/availabilities/${day}?jobs=unassign`,
      headers: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await settle(start + 2);
    expect(subjects(ivy.email)).toEqual([expect.stringMatching(/^Visite retirée de votre horaire\u00a0: /)]);
    expect(calendarOf(inbox(ivy.email)[0])).toMatchObject({
      method: 'CANCEL',
      uid: `${visit.appointmentId}@${HOST}`,
      sequence: 1,
    });
    expect(subjects(lea.email)).toHaveLength(1);
  });
});
