import fs from 'node:fs/promises';
import { startStripeFake, type StripeFake } from '../../apps/api/test/fakes/stripe-fake.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, signedInPage } from './support/accounts.ts';
import { businessDay } from './support/business-time.ts';
import { fromMailbox } from './support/mailbox.ts';
import { startFreshServer } from './support/server.ts';

/**
 * A payment the bank wants confirmed (SCA, issue 29 §4, decision 060), in English (Toronto) and French
 * (Montréal), on a server of its own with `PAYMENTS=stripe` pointed at the local Stripe fake: the
 * customer keeps a card from the profile, books, and the bank asks to confirm the hold placed at booking
 * (`authentication_required` off session). The "Payment needed" email in the customer's language links
 * to My Appointments, which says "Payment needed — confirm with your bank"; its button opens the hosted
 * page in payment mode; the customer passes the bank's challenge there and comes back to "Hold confirmed",
 * and the visit is held at the fake. Emails are read from the server's mailbox folder (no SMTP).
 */
const TEXT = {
  en: {
    postalCode: 'M5V 3L9',
    cardTitle: 'Card on file',
    addCard: 'Add a card',
    cardSaved: 'Card saved',
    subject: 'Payment needed: confirm it with your bank (Éclat)',
    asked: 'Your bank asks you to confirm the hold of $',
    notice: 'Payment needed — confirm with your bank',
    button: /^Confirm with my bank: visit of /,
    back: 'Hold confirmed',
  },
  fr: {
    postalCode: 'H2X 1Y4',
    cardTitle: 'Carte au dossier',
    addCard: 'Ajouter une carte',
    cardSaved: 'Carte enregistrée',
    subject: 'Paiement requis\u00a0: confirmez-le auprès de votre banque (Éclat)',
    asked: 'Votre banque vous demande de confirmer la réservation de ',
    notice: 'Paiement requis — confirmez avec votre banque',
    button: /^Confirmer avec ma banque\s: visite du /,
    back: 'Réservation confirmée',
  },
} as const;

test.describe.configure({ mode: 'default' });

type StripeServer = { base: string; dataDir: string; fake: StripeFake };

const withServer = test.extend<object, { stripeServer: StripeServer }>({
  stripeServer: [
    async ({}, use) => {
      const fake = await startStripeFake();
      try {
        const server = await startFreshServer('payments-sca', {
          PAYMENTS: 'stripe',
          STRIPE_SECRET_KEY: fake.secretKey,
          STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
          STRIPE_API_BASE: fake.url,
          // A visit booked within the week is inside the hold window: the booking places its hold.
          PAYMENT_HOLD_HOURS: '168',
          SEED_DEMO: 'true',
          JOB_POLL_SECONDS: '0.5',
        });
        fake.webhooks.setEndpoint(`${server.base}/api/v1/payments/stripe/webhook`);
        try {
          await use({ base: server.base, dataDir: server.dataDir, fake });
        } finally {
          await fake.webhooks.settled();
          await server.stop();
          await fs.rm(server.dataDir, { recursive: true, force: true });
        }
      } finally {
        await fake.close();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

for (const language of ['en', 'fr'] as const) {
  withServer(
    `${language}: the bank asks to confirm the hold: the email, My Appointments' button, the hosted page, "Hold confirmed"`,
    async ({ browser, stripeServer: { base, dataDir, fake } }) => {
      const t = TEXT[language];
      test.setTimeout(300_000);
      const email = await createAccount('customer', dataDir);
      const { page, errors } = await signedInPage(browser, base, email, language);
      // The fake's hosted page has no icon: not our page's error.
      await page.route(`${fake.url}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
      const token = await readAccessToken(page);
      const profile = await page.evaluate(
        async ({ token, postalCode }) => {
          const res = await fetch('/api/v1/customers/me', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              firstName: 'Noor',
              lastName: 'Haddad',
              phoneNumber: '438-555-0142',
              address: '7 Avenue du Parc',
              postalCode,
            }),
          });
          return (await res.json()) as { customerId?: string };
        },
        { token, postalCode: t.postalCode },
      );
      const customerId = profile.customerId ?? '';
      expect(customerId).not.toBe('');

      // A card kept from the profile, through the hosted page.
      await page.goto('/profile');
      const cardSection = page.getByRole('region', { name: t.cardTitle });
      await cardSection.getByRole('button', { name: t.addCard }).click();
      await expect(page.getByRole('heading', { name: 'Save your card' })).toBeVisible();
      await page.locator('input[name="card"][value="good"]').check();
      await page.getByRole('button', { name: 'Save card' }).click();
      await expect(page.getByTestId('card-return')).toContainText(t.cardSaved);

      // The bank will want the customer to confirm the hold the booking places.
      fake.requireActionNext();
      const booked = await page.evaluate(
        async ({ token, customerId, days, language }) => {
          const services = (await (await fetch('/api/v1/services')).json()) as { serviceId: string }[];
          const serviceId = services[0]?.serviceId ?? '';
          for (const day of days) {
            const answer = (await (
              await fetch(`/api/v1/slots?date=${day}&serviceIds=${serviceId}`)
            ).json()) as {
              slots: { startsAt: string; available: boolean }[];
            };
            const slot = answer.slots.find((candidate) => candidate.available);
            if (!slot) continue;
            const res = await fetch(`/api/v1/appointments/customers/${customerId}`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'idempotency-key': `e2e-sca-${language}-${crypto.randomUUID()}`,
              },
              body: JSON.stringify({
                serviceIds: [serviceId],
                appointmentDate: slot.startsAt,
                locale: language,
              }),
            });
            return { status: res.status, body: (await res.json()) as { appointmentId?: string } };
          }
          return { status: 0, body: {} };
        },
        { token, customerId, days: [1, 2, 3, 4, 5, 6].map((ahead) => businessDay(ahead)), language },
      );
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const visitId = booked.body.appointmentId ?? '';
      const intentsOf = () =>
        fake.objects('payment_intent').filter((intent) => intent.metadata.visit_id === visitId);
      await expect
        .poll(() => intentsOf().map((intent) => intent.status))
        .toEqual(['requires_payment_method']);

      // The email in the customer's language: what the bank asks and the link to My Appointments.
      const link = await fromMailbox(
        email,
        (message) => {
          if (message.subject !== t.subject) return undefined;
          expect(message.text).toContain(t.asked);
          return /https?:\/\/\S+\/my-appointments\?confirm=[0-9a-f-]+/.exec(message.text ?? '')?.[0];
        },
        dataDir,
      );
      await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
      const notice = page.getByTestId('confirm-with-bank');
      await expect(notice).toContainText(t.notice);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const button = notice.getByRole('button', { name: t.button });
      await button.focus();
      await page.keyboard.press('Enter');

      // Stripe's page in payment mode: the bank's challenge passed, back to My Appointments.
      await expect(page.getByRole('heading', { name: 'Pay' })).toBeVisible();
      await page.locator('input[name="card"][value="authentication_required"]').check();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page).toHaveURL(new RegExp(`^${base}/my-appointments`));
      await expect(page.getByTestId('payment-confirmation-return')).toContainText(t.back);
      await expect(page.getByTestId('confirm-with-bank')).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(intentsOf().map((intent) => [intent.status, intent.capture_method])).toEqual([
        ['requires_payment_method', 'manual'],
        ['requires_capture', 'manual'],
      ]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
}
