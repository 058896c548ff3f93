import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@eclat/shared';
import { buildApp } from '../../app.ts';
import { fromLocal } from '../../lib/time-zone.ts';
import { createTestDatabase, emailQueueSettled, testConfig, type TestApp } from '../../../test/helpers.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { world } from '../../../test/world.ts';
import { makeService, makeVisit } from '../../../test/factories.ts';
import { queueDueReminders } from './reminders.ts';

const TZ = 'America/Toronto';
const HOUR = 60 * 60 * 1000;
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();

/**
 * Reminders (issue 15): queued by the pass at the right moment (the pass is run with a clock the test
 * sets), sent by the real workers to a real SMTP receiver on loopback, once.
 */
describe('reminders before a visit', () => {
  let smtp: SmtpReceiver;
  let databaseUrl: string;
  /** Without workers: reminders are queued here and sent by `sender`. */
  let office: TestApp;
  let sender: TestApp | undefined;
  const w = world(() => office);
  let service: string;
  const env = { REMINDER_HOURS: '24,2', JOB_POLL_SECONDS: '0.5' };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    databaseUrl = await createTestDatabase();
    office = Object.assign(await buildApp(testConfig({ ...env, JOBS_ENABLED: 'false' }), { databaseUrl }), {
      databaseUrl,
    });
    service = await makeService(office, { title: 'Standard', durationMinutes: 60 });
  });
  afterAll(async () => {
    await sender?.close();
    await office.close();
    await smtp.close();
  });

  const pass = (now: Date) =>
    queueDueReminders({
      db: office.db,
      jobs: office.jobs,
      hours: [24, 2],
      now,
      publicUrl: 'http://localhost:3000',
    });
  const subjects = () => smtp.messages.map((message) => message.subject ?? '');
  const reminders = () => subjects().filter((subject) => subject.startsWith('Reminder'));

  it('reminds once 24 hours and once 2 hours before, never for a cancelled visit, and for a moved one only at its new time', async () => {
    const day = addDays(todayIn(TZ), 5);
    const kept = await w.customer();
    const cancelled = await w.customer();
    const moved = await w.customer();
    const book = (who: typeof kept, hour: number) =>
      makeVisit(office, who, { serviceIds: [service], appointmentDate: at(day, hour) });
    const visit = await book(kept, 9);
    const gone = await book(cancelled, 11);
    const moving = await book(moved, 13);
    const start = new Date(visit.appointmentDate).getTime();

    // Three days before: nothing is due.
    expect(await pass(new Date(start - 72 * HOUR))).toBe(0);
    // 21 hours before the 09:00 visit: its 24-hour reminder and the 11:00 one's (cancelled right after);
    // several passes at once (several processes) queue each once.
    const counts = await Promise.all([0, 1, 2].map(() => pass(new Date(start - 21 * HOUR))));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect((await w.cancel(cancelled, gone.appointmentId)).statusCode).toBe(200);
    // The 13:00 visit is reminded of at 14:00 the day before... and then moved to 18:00.
    expect(await pass(new Date(new Date(moving.appointmentDate).getTime() - 23 * HOUR))).toBe(1);
    const move = await office.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${moving.appointmentId}`,
      headers: moved.headers,
      payload: { serviceIds: [service], appointmentDate: at(day, 18) },
    });
    expect(move.statusCode, move.body).toBe(200);
    // Its new time gets its own reminder.
    expect(await pass(new Date(new Date(at(day, 18)).getTime() - 23 * HOUR))).toBe(1);

    // The workers start (another process): what was queued goes out, except what is no longer true.
    sender = Object.assign(await buildApp(testConfig({ ...env, SMTP_URL: smtp.url }), { databaseUrl }), {
      databaseUrl,
    });
    await sender.ready();
    // Three confirmations, the cancellation's and the move's notices (decision 023), and two reminders
    // (09:00, and 18:00 for the moved one).
    await smtp.waitFor(7, 20_000);
    await emailQueueSettled(office.db.$client);
    expect(reminders()).toHaveLength(2);
    expect(reminders().some((subject) => subject.includes('6:00 p.m.'))).toBe(true);
    expect(reminders().some((subject) => subject.includes('1:00 p.m.'))).toBe(false);
    expect(reminders().some((subject) => subject.includes('11:00 a.m.'))).toBe(false);

    // An hour before: the 2-hour reminder of the 09:00 visit, once.
    expect(await pass(new Date(start - HOUR))).toBe(1);
    expect(await pass(new Date(start - HOUR))).toBe(0);
    await smtp.waitFor(8, 20_000);
    expect(reminders()).toHaveLength(3);
    const [last] = smtp.messages.slice(-1);
    expect(last?.text).toContain('9:00 a.m.');
    expect(last?.text).toContain('12 Rue Sainte Catherine');
  });

  it('does not remind of a visit booked after its reminder time (the confirmation just went out)', async () => {
    const who = await w.customer();
    const day = addDays(todayIn(TZ), 9);
    const visit = await makeVisit(office, who, { serviceIds: [service], appointmentDate: at(day, 10) });
    const start = new Date(visit.appointmentDate).getTime();
    // Pretend it was booked 20 hours before its start: its 24-hour reminder is not due, its 2-hour one is.
    await office.db.$client.query(`update appointments set created_at = $1 where customer_id = $2`, [
      new Date(start - 20 * HOUR),
      who.customerId,
    ]);
    expect(await pass(new Date(start - 19 * HOUR))).toBe(0);
    expect(await pass(new Date(start - 90 * 60 * 1000))).toBe(1);
  });

  it('lets a customer turn reminders off from the profile, or by the one-click link each reminder carries', async () => {
    const day = addDays(todayIn(TZ), 11);
    const quiet = await w.customer();
    const linked = await w.customer();
    const starts = [];
    for (const [who, hour] of [
      [quiet, 9],
      [linked, 12],
    ] as const) {
      const visit = await makeVisit(office, who, { serviceIds: [service], appointmentDate: at(day, hour) });
      starts.push(new Date(visit.appointmentDate).getTime());
    }
    const preferences = (headers: Record<string, string>, payload?: object) =>
      office.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/api/v1/customers/me/email-preferences',
        headers,
        ...(payload ? { payload } : {}),
      });
    expect((await preferences(quiet.headers)).json()).toEqual({ optionalEmails: true });
    expect((await preferences(quiet.headers, { optionalEmails: false })).json()).toEqual({
      optionalEmails: false,
    });

    const address = (
      await office.db.$client.query<{ email: string }>('select email from customers where id = $1', [
        linked.customerId,
      ])
    ).rows[0]?.email;
    expect(await pass(new Date((starts[1] ?? 0) - 20 * HOUR))).toBe(1);
    const remindersTo = () =>
      smtp.messages.filter(
        (message) => message.to?.[0]?.address === address && message.subject?.startsWith('Reminder'),
      );
    await expect.poll(() => remindersTo().length, { timeout: 20_000 }).toBe(1);
    const [reminder] = remindersTo();
    const header = (name: string) =>
      reminder?.headers.find((entry) => entry.key === name.toLowerCase())?.value ?? '';
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = new URL(header('List-Unsubscribe').replace(/^<|>$/g, ''));
    // The body says it too, for readers whose mail program shows no unsubscribe button.
    expect(reminder?.text).toContain(`No longer want these emails? Unsubscribe: ${link.href}`);
    expect(reminder?.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
    // Opening the link asks first (a link checker turns nothing off)...
    const page = await office.inject({ method: 'GET', url: `${link.pathname}${link.search}&lang=fr` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ne plus recevoir ces courriels');
    expect((await preferences(linked.headers)).json()).toEqual({ optionalEmails: true });
    // ...the one-click POST of a mail client turns them off.
    const oneClick = await office.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await preferences(linked.headers)).json()).toEqual({ optionalEmails: false });
    const wrong = await office.inject({
      method: 'POST',
      url: `${link.pathname}?token=00000000-0000-4000-8000-000000000000`,
    });
    expect(wrong.statusCode).toBe(404);
    // Neither gets the 2-hour reminder now.
    expect(await pass(new Date((starts[1] ?? 0) - HOUR))).toBe(0);
  });
});
