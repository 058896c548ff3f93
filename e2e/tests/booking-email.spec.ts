import fs from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import type { Email } from 'postal-mime';
import { startSmtpReceiver, type SmtpReceiver } from '../../apps/api/test/smtp-receiver.ts';
import { expect, test } from './fixtures.ts';
import { setLanguage, signUp, uniqueEmail, verificationLinkIn } from './support/accounts.ts';
import { startOwnServer } from './support/server.ts';

/**
 * Sign-up to booking confirmation, end to end, with a real SMTP server on loopback: a person creates an
 * account on the account pages, receives the verification email, follows its link, signs in and books in
 * French (the page's own session token); the French confirmation arrives with the .ics invitation for the
 * booked business-local hour.
 */
const TEXT = {
  en: {
    verifySubject: 'Confirm your email address for Éclat',
    confirmation: /^Your Éclat cleaning is booked for .+ at 10:00 a\.m\.$/,
    greeting: 'Hello Camille,',
    acceptLanguage: 'en-CA',
  },
  fr: {
    verifySubject: 'Confirmez votre adresse courriel pour Éclat',
    confirmation: /^Votre ménage Éclat est réservé pour le .+ à 10 h 00$/,
    greeting: 'Bonjour Camille,',
    acceptLanguage: 'fr-CA',
  },
} as const;

// One server with the demo content and one SMTP receiver for both languages, which run one after the other
// in the same worker: starting a server and writing the demo into a new database is most of a run's work.
// A worker fixture, not a `beforeAll`: if the server does not start, each language fails (and is retried)
// on its own. Each test reads only the messages sent to its own new address.
test.describe.configure({ mode: 'default' });

type EmailServer = { smtp: SmtpReceiver; base: string };

const withServer = test.extend<object, { emailServer: EmailServer }>({
  emailServer: [
    async ({}, use) => {
      const smtp = await startSmtpReceiver();
      const port = await freePort();
      const dataDir = path.join(import.meta.dirname, '../../test-results', `booking-email-${Date.now()}`);
      try {
        const server = await startOwnServer(port, dataDir, {
          SMTP_URL: smtp.url,
          SEED_DEMO: 'true',
          JOB_POLL_SECONDS: '0.5',
        });
        try {
          await use({ smtp, base: `http://127.0.0.1:${port}` });
        } finally {
          await server.stop();
        }
      } finally {
        await smtp.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** The first `count` messages sent to `to`, once they have arrived. */
async function messagesTo(smtp: SmtpReceiver, to: string, count: number): Promise<Email[]> {
  const sent = () => smtp.messages.filter((message) => message.to?.[0]?.address === to);
  await expect.poll(() => sent().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return sent();
}

for (const language of ['en', 'fr'] as const) {
  withServer(
    `${language}: a sign-up is verified by its emailed link, and the booking sends the confirmation with its calendar invitation`,
    async ({ page, emailServer: { smtp, base } }) => {
      const t = TEXT[language];
      test.setTimeout(120_000);
      await setLanguage(page, language);
      await page.goto(`${base}/`);
      const email = uniqueEmail(`invite-${language}`);
      await signUp(page, email, language, {
        verificationLink: async () => {
          const [verification] = await messagesTo(smtp, email, 1);
          expect(verification?.to?.[0]?.address).toBe(email);
          expect(verification?.subject).toBe(t.verifySubject);
          return verificationLinkIn(verification?.text ?? '') ?? '';
        },
      });

      const booked = await page.evaluate(
        async ({ site, language, acceptLanguage }) => {
          const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
          const { access_token: token } = JSON.parse(localStorage.getItem(key) ?? '{}') as {
            access_token: string;
          };
          const headers = {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'accept-language': acceptLanguage,
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
            headers: { ...headers, 'idempotency-key': `e2e-invite-${language}-0001` },
            body: JSON.stringify({ serviceIds: chosen, appointmentDate: ten?.startsAt, locale: language }),
          });
          return { status: res.status, startsAt: ten?.startsAt ?? '' };
        },
        { site: base, language, acceptLanguage: t.acceptLanguage },
      );
      expect(booked.status).toBe(201);

      const [, message] = await messagesTo(smtp, email, 2);
      expect(message?.to?.[0]?.address).toBe(email);
      expect(message?.subject).toMatch(t.confirmation);
      expect(message?.text).toContain(t.greeting);
      expect(message?.text).toContain('Deep Cleaning');
      const invite = message?.attachments.find((attachment) => attachment.filename === 'appointment.ics');
      const content =
        typeof invite?.content === 'string' ? invite.content : new TextDecoder().decode(invite?.content);
      const event = new ICAL.Event(
        new ICAL.Component(ICAL.parse(content) as unknown[]).getFirstSubcomponent('vevent') ?? undefined,
      );
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(booked.startsAt).toISOString());
    },
  );
}
