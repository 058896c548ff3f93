import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEXT_CONSENT_WORDING, textPreferencesSchema, todayIn } from '@eclat/shared';
import { textDeliveries } from '../../db/schema/index.ts';
import { fromLocal } from '../../lib/time-zone.ts';
import { startTwilioFake, type TwilioFake } from '../../../test/fakes/twilio-fake.ts';
import {
  call,
  makeCustomer,
  makeService,
  makeVisit,
  signedIn,
  type TestCustomer,
} from '../../../test/factories.ts';
import { failedJobSchema } from '@eclat/shared';
import { z } from 'zod';
import { deliverTextJob } from '../../jobs/text-worker.ts';
import { createTwilioTexter } from '../../sms/texter.ts';
import { textStillTrue } from '../reminders/reminders.ts';
import { buildTestApp, eventually, jobsSettled, type TestApp } from '../../../test/helpers.ts';
import { queueDueReminders } from '../reminders/reminders.ts';

/**
 * Texts (issue 31, decision 067) through the real app and its workers, sent by the official SDK to the
 * local Twilio fake, whose signed webhooks (status, inbound STOP/START) reach the app on loopback.
 */
const TZ = 'America/Toronto';
const PUBLIC_URL = 'http://localhost:3000';
let fake: TwilioFake;
let app: TestApp;
let service: string;

beforeAll(async () => {
  fake = await startTwilioFake();
  app = await buildTestApp({
    SMS: 'twilio',
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM: '+15145550199',
    TWILIO_API_BASE: fake.url,
    PUBLIC_URL,
    // Quiet hours have their own test (text-worker.test.ts): here a text goes whatever the hour CI runs at.
    SMS_QUIET_HOURS: 'off',
    JOB_POLL_SECONDS: '0.5',
    // One retry, a second later: a text that fails twice is kept as failed for the office's Retry.
    EMAIL_RETRY_LIMIT: '1',
    EMAIL_RETRY_DELAY_SECONDS: '1',
  });
  fake.deliverVia(await app.listen({ host: '127.0.0.1', port: 0 }));
  service = await makeService(app, { title: 'Standard', durationMinutes: 60 });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const setPreferences = (who: TestCustomer, payload: object) =>
  call(app, 'PUT', '/customers/me/text-preferences', who.headers, payload);
const textsTo = (mobile: string) => fake.texts().filter((text) => text.to === mobile);
let day = 3;
const book = (who: TestCustomer, extra: Record<string, unknown> = {}) => {
  day += 1;
  return makeVisit(app, who, {
    serviceIds: [service],
    appointmentDate: fromLocal(addDays(todayIn(TZ), day), 10, 0, TZ).toISOString(),
    ...extra,
  });
};
const settled = () => jobsSettled(app.db.$client, ['text', 'email']);

describe('the mobile number and the consent', () => {
  it('stores a valid number in E.164 with the consent sentence shown and its time; refuses a bad number or no consent', async () => {
    const who = await makeCustomer(app);
    const bad = await setPreferences(who, { mobile: '555-01', consent: true, consentLocale: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('profile.errors.mobile');
    const unticked = await setPreferences(who, { mobile: '514 555 0101', consentLocale: 'en' });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toContain('profile.errors.textConsent');

    const before = Date.now();
    const saved = await setPreferences(who, { mobile: '(514) 555-0101', consent: true, consentLocale: 'fr' });
    expect(saved.statusCode, saved.body).toBe(200);
    const preferences = textPreferencesSchema.parse(saved.json());
    expect(preferences).toMatchObject({
      mobile: '+15145550101',
      consentWording: TEXT_CONSENT_WORDING.fr,
      stopped: false,
      reminderBy: 'both',
      confirmationBy: 'both',
    });
    expect(new Date(preferences.consentedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const read = await call(app, 'GET', '/customers/me/text-preferences', who.headers);
    expect(textPreferencesSchema.parse(read.json())).toEqual(preferences);

    // Removing the number removes the consent.
    const removed = await setPreferences(who, { mobile: null });
    expect(textPreferencesSchema.parse(removed.json())).toMatchObject({ mobile: null, consentedAt: null });
  });
});

describe('texts sent through the queue to the provider', () => {
  it('sends the booking confirmation by text in the customer language, once, and records its delivery status', async () => {
    const who = await makeCustomer(app);
    expect(
      (await setPreferences(who, { mobile: '514-555-0102', consent: true, consentLocale: 'fr' })).statusCode,
    ).toBe(200);
    const visit = await book(who, { locale: 'fr' });
    await settled();
    const [text] = textsTo('+15145550102');
    expect(textsTo('+15145550102')).toHaveLength(1);
    expect(text?.body).toMatch(/^Éclat : ménage réservé le .* STOP = fin des textos$/);
    expect(text?.from).toBe('+15145550199');
    const [row] = await app.db
      .select()
      .from(textDeliveries)
      .where(eq(textDeliveries.appointmentId, visit.appointmentId));
    expect(row).toMatchObject({
      status: 'sent',
      providerId: text?.sid,
      segments: 1,
      kind: 'booking-confirmation',
    });
    expect(text?.key).toBe(row?.id);

    // The status callback moves it on; replays and a late "sent" change nothing; a forged one is refused.
    expect(await fake.report(text?.sid ?? '', 'delivered', 2)).toEqual([204, 204]);
    expect(await fake.report(text?.sid ?? '', 'sent')).toEqual([204]);
    const [after] = await app.db
      .select()
      .from(textDeliveries)
      .where(eq(textDeliveries.id, row?.id ?? ''));
    expect(after?.status).toBe('delivered');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v1/texts/twilio/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl',
      },
      payload: new URLSearchParams({ MessageSid: text?.sid ?? '', MessageStatus: 'failed' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('sends email only, text only or both as chosen per kind', async () => {
    const textOnly = await makeCustomer(app);
    await setPreferences(textOnly, {
      mobile: '514-555-0103',
      consent: true,
      consentLocale: 'en',
      confirmationBy: 'text',
    });
    const emailOnly = await makeCustomer(app);
    await setPreferences(emailOnly, {
      mobile: '514-555-0104',
      consent: true,
      consentLocale: 'en',
      confirmationBy: 'email',
    });
    await book(textOnly);
    await book(emailOnly);
    await settled();
    expect(textsTo('+15145550103').map((text) => text.body)).toEqual([
      expect.stringMatching(/^Éclat: your cleaning is booked for .* Reply STOP to opt out\.$/),
    ]);
    expect(textsTo('+15145550104')).toEqual([]);
    const { rows } = await app.db.$client.query<{ to: string }>(
      `select data->>'to' as to from pgboss.job where name = 'email' and data->'message'->>'template' = 'booking-confirmation'`,
    );
    const emailed = rows.map((row) => row.to);
    expect(emailed).toContain(emailOnly.email);
    expect(emailed).not.toContain(textOnly.email);
  });

  it('honours STOP (or ARRÊT) at once: the next reminder goes by email only; START brings texts back', async () => {
    const who = await makeCustomer(app);
    await setPreferences(who, { mobile: '514-555-0105', consent: true, consentLocale: 'en' });
    const first = await book(who);
    const second = await book(who);
    await settled();
    expect(textsTo('+15145550105')).toHaveLength(2);

    expect(
      await fake.inbound(`${PUBLIC_URL}/api/v1/texts/twilio/inbound`, {
        from: '+15145550105',
        to: '+15145550199',
        body: 'arrêt',
      }),
    ).toBe(200);
    const stopped = textPreferencesSchema.parse(
      (await call(app, 'GET', '/customers/me/text-preferences', who.headers)).json(),
    );
    expect(stopped.stopped).toBe(true);
    const remind = (visit: { appointmentDate: string }) =>
      queueDueReminders({
        db: app.db,
        jobs: app.jobs,
        hours: [24],
        now: new Date(new Date(visit.appointmentDate).getTime() - 20 * 60 * 60 * 1000),
        publicUrl: PUBLIC_URL,
      });
    expect(await remind(first)).toBeGreaterThanOrEqual(1);
    await settled();
    expect(textsTo('+15145550105')).toHaveLength(2);
    const reminderEmails = async () =>
      (
        await app.db.$client.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = $1 and data->'message'->>'template' = 'appointment-reminder'`,
          [who.email],
        )
      ).rows[0]?.n;
    expect(await reminderEmails()).toBe(1);

    expect(
      await fake.inbound(`${PUBLIC_URL}/api/v1/texts/twilio/inbound`, {
        from: '+15145550105',
        to: '+15145550199',
        body: 'START',
      }),
    ).toBe(200);
    expect(await remind(second)).toBeGreaterThanOrEqual(1);
    await settled();
    await eventually(() => textsTo('+15145550105').length === 3);
    expect(textsTo('+15145550105')[2]?.body).toMatch(/^Éclat reminder: your cleaning is on /);
    expect(await reminderEmails()).toBe(2);
  });

  it('refuses an inbound text without a valid signature', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/texts/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B15145550105&Body=START',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a text that fails, and quiet hours', () => {
  it('retries with backoff, then shows the failed text to the office with Retry, which sends it', async () => {
    const who = await makeCustomer(app);
    await setPreferences(who, { mobile: '514-555-0106', consent: true, consentLocale: 'en' });
    fake.failNext({ count: 2 });
    const visit = await book(who);
    await settled();
    expect(textsTo('+15145550106')).toEqual([]);
    const [row] = await app.db
      .select()
      .from(textDeliveries)
      .where(eq(textDeliveries.appointmentId, visit.appointmentId));
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('Service unavailable');

    const admin = await signedIn(app, ['admin']);
    const failed = z
      .array(failedJobSchema)
      .parse((await call(app, 'GET', '/admin/jobs/failed', admin.headers)).json());
    const job = failed.find((item) => item.summary === 'text: booking-confirmation to +15145550106');
    expect(job).toMatchObject({ queue: 'text', attempts: 2 });
    // Retry: the text goes, with the same key.
    expect((await call(app, 'POST', `/admin/jobs/${job?.id ?? ''}/retry`, admin.headers)).statusCode).toBe(
      204,
    );
    await settled();
    expect(textsTo('+15145550106')).toMatchObject([{ key: row?.id }]);
  });

  it('defers a text decided at 23:50 business time to 08:00, and sends it then', async () => {
    const who = await makeCustomer(app);
    await setPreferences(who, {
      mobile: '514-555-0107',
      consent: true,
      consentLocale: 'en',
      confirmationBy: 'email',
    });
    const visit = await book(who);
    const [row] = await app.db
      .insert(textDeliveries)
      .values({
        kind: 'appointment-reminder',
        recipient: '+15145550107',
        locale: 'en',
        data: { startsAt: visit.appointmentDate },
        appointmentId: visit.appointmentId,
        customerId: who.customerId,
      })
      .returning();
    const today = todayIn(TZ);
    const deps = {
      db: app.db,
      texter: createTwilioTexter({
        adapter: 'twilio',
        quietHours: null,
        accountSid: fake.accountSid,
        authToken: fake.authToken,
        sender: { from: '+15145550199' },
        apiBase: fake.url,
      }),
      ctx: { brandName: 'Éclat', timeZone: TZ },
      quietHours: { from: 21, until: 8 },
      statusCallback: undefined,
      logger: app.log,
      retryLimit: 0,
      stillTrue: textStillTrue,
    };
    const job = { id: 'quiet', data: { deliveryId: row?.id ?? '' }, retryCount: 0 };
    const late = await deliverTextJob(job, { ...deps, now: () => fromLocal(today, 23, 50, TZ) });
    expect(late).toEqual({ deferredUntil: fromLocal(addDays(today, 1), 8, 0, TZ) });
    expect(textsTo('+15145550107')).toEqual([]);
    const morning = await deliverTextJob(job, { ...deps, now: () => fromLocal(addDays(today, 1), 8, 0, TZ) });
    expect('sent' in morning && morning.sent).toMatch(/^SM/);
    expect(textsTo('+15145550107')).toHaveLength(1);
  });
});
