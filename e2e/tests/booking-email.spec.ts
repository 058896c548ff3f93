import fs from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { startSmtpReceiver } from '../../apps/api/test/smtp-receiver.ts';
import { expect, test } from './fixtures.ts';
import { setLanguage, signUp, uniqueEmail } from './support/accounts.ts';
import { startOwnServer } from './support/server.ts';

/**
 * The booking confirmation, end to end: a customer signed in through the browser books in French (the
 * page's own session token), and a real SMTP server on loopback receives the French email with the .ics
 * invitation for the booked business-local hour.
 */
test('a booking made in French sends the French confirmation with its calendar invitation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const smtp = await startSmtpReceiver();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(import.meta.dirname, '../../test-results', `booking-email-${Date.now()}`);
  const server = await startOwnServer(port, dataDir, {
    SMTP_URL: smtp.url,
    SEED_DEMO: 'true',
    JOB_POLL_SECONDS: '0.5',
  });
  try {
    await setLanguage(page, 'fr');
    await page.goto(`${base}/`);
    const email = uniqueEmail('invite-fr');
    await signUp(page, email, 'fr');

    const booked = await page.evaluate(async (site) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
      const { access_token: token } = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        access_token: string;
      };
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-language': 'fr-CA',
      };
      const profile = (await (
        await fetch(`${site}/api/v1/customers/me`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            firstName: 'Camille',
            lastName: 'Gagnon',
            phoneNumber: '514-555-1234',
            address: '48 Rue Saint Paul',
          }),
        })
      ).json()) as { customerId: string };
      const services = (await (await fetch(`${site}/api/v1/services`)).json()) as {
        serviceId: string;
        title: string;
      }[];
      const chosen = services
        .filter((s) => ['Deep Cleaning', 'Window Washing'].includes(s.title))
        .map((s) => s.serviceId);
      const day = new Date(Date.now() + 9 * 24 * 3600_000).toISOString().slice(0, 10);
      const slots = (await (
        await fetch(`${site}/api/v1/slots?date=${day}&serviceIds=${chosen.join(',')}`)
      ).json()) as {
        slots: { hour: number; startsAt: string }[];
      };
      const ten = slots.slots.find((slot) => slot.hour === 10);
      const res = await fetch(`${site}/api/v1/appointments/customers/${profile.customerId}`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': 'e2e-invite-fr-0001' },
        body: JSON.stringify({ serviceIds: chosen, appointmentDate: ten?.startsAt, locale: 'fr' }),
      });
      return { status: res.status, startsAt: ten?.startsAt ?? '' };
    }, base);
    expect(booked.status).toBe(201);

    const [message] = await smtp.waitFor(1, 30_000);
    expect(message?.to?.[0]?.address).toBe(email);
    expect(message?.subject).toMatch(/^Votre ménage Éclat est réservé pour le .+ à 10 h 00$/);
    expect(message?.text).toContain('Bonjour Camille,');
    expect(message?.text).toContain('Deep Cleaning');
    const invite = message?.attachments.find((attachment) => attachment.filename === 'appointment.ics');
    const content =
      typeof invite?.content === 'string' ? invite.content : new TextDecoder().decode(invite?.content);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(content) as unknown[]).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(booked.startsAt).toISOString());
  } finally {
    await server.stop();
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
