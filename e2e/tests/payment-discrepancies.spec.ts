import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { startStripeFake } from '../../apps/api/test/fakes/stripe-fake.ts';
import { createStripeClient } from '../../apps/api/src/modules/payments/stripe-client.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, signedInPage } from './support/accounts.ts';
import { startFreshServer } from './support/server.ts';

/**
 * The office's "Differences with Stripe" (decision 061), on a server of its own with PAYMENTS=stripe and
 * the local Stripe fake: Stripe holds a payment for a visit the site does not have, the reconciliation at
 * start finds it, the admin reads it and marks it resolved with a note, in English, and the page reads in
 * French; no serious axe violation on the page or its dialog.
 */
test('the admin reads a difference with Stripe and marks it resolved', async ({ browser }) => {
  test.setTimeout(180_000);
  const fake = await startStripeFake();
  try {
    // A payment at Stripe for no visit of ours (a visit deleted since, say).
    const stripe = createStripeClient({ secretKey: fake.secretKey, apiBase: fake.url, maxNetworkRetries: 0 });
    const customer = await stripe.customers.create({}, { idempotencyKey: `e2e-customer-${randomUUID()}` });
    const card = fake.addCard(customer.id);
    const intent = await stripe.paymentIntents.create(
      {
        amount: 4_520,
        currency: 'cad',
        customer: customer.id,
        payment_method: card.id,
        confirm: true,
        off_session: true,
        metadata: { visit_id: randomUUID() },
      },
      { idempotencyKey: `e2e-intent-${randomUUID()}` },
    );
    const server = await startFreshServer('payment-discrepancies', {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
      SEED_DEMO: 'false',
      JOB_POLL_SECONDS: '0.5',
    });
    try {
      const adminEmail = await createAccount('admin', server.dataDir);
      const { page } = await signedInPage(browser, server.base, adminEmail, 'en');
      await page.goto('/admin-dashboard');
      await page.getByRole('link', { name: 'Differences with Stripe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Differences with Stripe' })).toBeVisible();
      // The reconciliation runs in the background as the server starts: read again until it has reported.
      const row = page.getByTestId('discrepancy-row').filter({ hasText: intent.id });
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      await expect(row).toContainText('Payment for no visit');
      await expect(row).toContainText('$45.20');
      // Its visit is not ours: no page to open.
      await expect(row).toContainText('Visit deleted');
      await expect(row.getByRole('link')).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await row.getByRole('button', { name: /^Mark resolved: Payment for no visit, found / }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark the difference resolved' });
      await expect(dialog).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Mark resolved' }).click();
      await expect(dialog.getByText('This field is required.')).toBeVisible();
      await dialog.getByRole('textbox', { name: /What was done/ }).fill('Refunded in the Stripe dashboard.');
      await dialog.getByRole('button', { name: 'Mark resolved' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Resolved');
      await expect(row).toContainText('Refunded in the Stripe dashboard.');
      await expect(page.getByText(/^0 differences to look at/)).toBeVisible();

      // In French.
      const { page: fr } = await signedInPage(browser, server.base, adminEmail, 'fr');
      await fr.goto('/payment-discrepancies');
      await expect(fr.getByRole('heading', { level: 1, name: 'Écarts avec Stripe' })).toBeVisible();
      const frRow = fr.getByTestId('discrepancy-row').filter({ hasText: intent.id });
      await expect(frRow).toContainText('Paiement sans visite');
      await expect(frRow).toContainText('Réglé le');
      expect(await seriousA11yViolations(fr)).toEqual([]);
      await page.context().close();
      await fr.context().close();
    } finally {
      await server.stop();
      await fs.rm(server.dataDir, { recursive: true, force: true });
    }
  } finally {
    await fake.close();
  }
});
