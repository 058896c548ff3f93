import fs from 'node:fs/promises';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, setLanguage, signIn, signedInPage } from './support/accounts.ts';
import { profileAndVisit } from './support/api-booking.ts';
import { businessDay } from './support/business-time.ts';
import { startFreshServer } from './support/server.ts';

/**
 * Payments in manual mode (issue 29), in English and French, on a server of its own with `PAYMENTS=manual`:
 * the admin records a cash payment on a Toronto customer's visit (HST 13 %), the visit shows Paid, the
 * admin refunds part of it with a reason after a confirmation that says the amount, and the customer sees
 * "Partly refunded" in My Appointments. Axe finds no serious violation on the new screens.
 */
const TEXT = {
  en: {
    payments: 'Payments',
    taxesOf: 'Taxes of Ontario',
    hst: 'HST 13%',
    record: 'Record a payment',
    recordSubmit: 'Record',
    cash: 'Cash',
    amount: /^Amount/,
    reason: /^Reason/,
    recorded: 'The payment has been recorded.',
    paid: 'Paid',
    refund: 'Refund',
    review: 'Review the refund',
    confirmText: 'Refund $20.00 in cash?',
    confirm: 'Refund $20.00',
    refunded: '$20.00 has been refunded.',
    partlyRefunded: 'Partly refunded',
    unpaid: 'Unpaid',
    details: /^Payment details/,
    taxSettings: 'Tax settings',
    saveTaxes: 'Save the tax settings',
    taxesSaved: 'The tax settings have been saved.',
    legalName: 'Legal name',
  },
  fr: {
    payments: 'Paiements',
    taxesOf: 'Taxes : Ontario',
    hst: 'TVH 13 %',
    record: 'Inscrire un paiement',
    recordSubmit: 'Inscrire',
    cash: 'Comptant',
    amount: /^Montant/,
    reason: /^Motif/,
    recorded: 'Le paiement a été inscrit.',
    paid: 'Payé',
    refund: 'Rembourser',
    review: 'Vérifier le remboursement',
    confirmText: 'Rembourser 20,00 $ en argent comptant ?',
    confirm: 'Rembourser 20,00 $',
    refunded: '20,00 $ a été remboursé.',
    partlyRefunded: 'Remboursé en partie',
    unpaid: 'Non payé',
    details: /^Détails du paiement/,
    taxSettings: 'Paramètres des taxes',
    saveTaxes: 'Enregistrer les paramètres des taxes',
    taxesSaved: 'Les paramètres des taxes ont été enregistrés.',
    legalName: 'Raison sociale',
  },
} as const;

// One server with PAYMENTS=manual for both languages, which run one after the other in the same worker.
test.describe.configure({ mode: 'default' });

type PaymentsServer = { base: string; dataDir: string };

const withServer = test.extend<object, { paymentsServer: PaymentsServer }>({
  paymentsServer: [
    async ({}, use) => {
      const server = await startFreshServer('payments-manual', { PAYMENTS: 'manual', SEED_DEMO: 'true' });
      try {
        await use({ base: server.base, dataDir: server.dataDir });
      } finally {
        await server.stop();
        await fs.rm(server.dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

for (const language of ['en', 'fr'] as const) {
  withServer(
    `${language}: the office records a cash payment, refunds part with a reason, and the customer sees it`,
    async ({ page, browser, paymentsServer: { base, dataDir } }) => {
      const t = TEXT[language];
      test.setTimeout(180_000);
      const [adminEmail, customerEmail] = await Promise.all([
        createAccount('admin', dataDir),
        createAccount('customer', dataDir),
      ]);
      const customer = await signedInPage(browser, base, customerEmail, language);
      // A profile in Toronto (M5V: Ontario's HST) and one visit, through the customer's own session.
      const booked = await profileAndVisit(customer.page, {
        day: businessDay(language === 'en' ? 10 : 11),
        language,
        firstName: 'Maya',
        lastName: language === 'fr' ? 'Tremblay' : 'Singh',
        postalCode: 'M5V 3L9',
      });
      if (typeof booked === 'string') throw new Error(`booking refused: ${booked}`);
      const { appointmentId } = booked;

      // The admin opens the visit: its money, taxed in Ontario, nothing paid yet.
      await setLanguage(page, language);
      await page.goto(`${base}/`);
      await signIn(page, adminEmail, language);
      await page.goto(`${base}/appointments/edit/${appointmentId}`);
      const section = page.getByRole('region', { name: t.payments });
      await expect(section.getByTestId('money-summary')).toContainText(t.taxesOf);
      await expect(section.getByTestId('money-summary')).toContainText(t.hst);
      const state = section.getByTestId('money-summary').locator('[data-state]');
      await expect(state).toHaveText(t.unpaid);
      expect(await seriousA11yViolations(page, { include: '[data-testid="payments-section"]' })).toEqual([]);

      // Record a payment: the amount is what the visit owes; cash.
      await section.getByRole('button', { name: t.record }).click();
      const recordDialog = page.getByRole('dialog', { name: t.record });
      await expect(recordDialog.getByRole('textbox', { name: t.amount })).not.toHaveValue('');
      await recordDialog.getByRole('radio', { name: t.cash }).check();
      expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await recordDialog.getByRole('button', { name: t.recordSubmit, exact: true }).click();
      await expect(page.getByText(t.recorded)).toBeVisible();
      await expect(recordDialog).toBeHidden();
      await expect(state).toHaveText(t.paid);
      await expect(section.getByTestId('ledger')).toContainText(t.cash);

      // Refund part of it, with a reason: the confirmation says the amount first.
      await section.getByRole('button', { name: t.refund, exact: true }).click();
      const refundDialog = page.getByRole('dialog', { name: t.refund });
      const amount = refundDialog.getByRole('textbox', { name: t.amount });
      await amount.fill(language === 'fr' ? '20,00' : '20.00');
      await refundDialog.getByRole('radio', { name: t.cash }).check();
      await refundDialog.getByRole('textbox', { name: t.reason }).fill('Oven not cleaned');
      await refundDialog.getByRole('button', { name: t.review }).click();
      await expect(refundDialog.getByText(t.confirmText)).toBeVisible();
      expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await refundDialog.getByRole('button', { name: t.confirm }).click();
      await expect(page.getByText(t.refunded)).toBeVisible();
      await expect(state).toHaveText(t.partlyRefunded);
      await expect(section.getByTestId('ledger')).toContainText('Oven not cleaned');

      // The customer's My Appointments: partly refunded, the money read only.
      await customer.page.goto(`${base}/my-appointments`);
      const card = customer.page.getByTestId('appointment-payment');
      await expect(card.locator('[data-state]')).toHaveText(t.partlyRefunded);
      await customer.page.getByRole('button', { name: t.details }).click();
      await expect(customer.page.getByTestId('money-summary')).toContainText(t.hst);
      expect(await seriousA11yViolations(customer.page)).toEqual([]);
      expect(customer.errors).toEqual([]);

      // The tax settings page, from the admin dashboard.
      await page.goto(`${base}/admin-dashboard`);
      await page.getByRole('link', { name: t.taxSettings }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.taxSettings })).toBeVisible();
      await page.getByRole('textbox', { name: t.legalName }).fill('Éclat Cleaning Inc.');
      expect(await seriousA11yViolations(page, { include: 'main' })).toEqual([]);
      await page.getByRole('button', { name: t.saveTaxes }).click();
      await expect(page.getByText(t.taxesSaved)).toBeVisible();
      await customer.page.context().close();
    },
  );
}

const TABLE_TEXT = {
  en: { payment: 'Payment', customer: 'Customer', edit: /^Edit/, delete: /^Delete/, tab: 'Appointments' },
  fr: {
    payment: 'Paiement',
    customer: 'Client',
    edit: /^Modifier/,
    delete: /^Supprimer/,
    tab: 'Rendez-vous',
  },
} as const;

/**
 * The admin's appointments table with its Payment column (the /appointments page and the dashboard's
 * tab) shows every row's Edit and Delete whole, without scrolling sideways, at 1,024 and 1,280 px in
 * English and French; an employee's table has no Payment column (the server sends them none).
 */
withServer(
  'the admin’s table keeps every action in view at 1024 and 1280 px; an employee sees no Payment column',
  async ({ browser, paymentsServer: { base, dataDir } }) => {
    test.setTimeout(180_000);
    const [adminEmail, employeeEmail] = await Promise.all([
      createAccount('admin', dataDir),
      createAccount('employee', dataDir),
    ]);
    for (const language of ['en', 'fr'] as const) {
      const t = TABLE_TEXT[language];
      const admin = await signedInPage(browser, base, adminEmail, language);
      const { page } = admin;
      for (const width of [1024, 1280]) {
        // Tall enough for the six rows: only sideways clipping is in question.
        await page.setViewportSize({ width, height: 1600 });
        for (const where of ['page', 'dashboard'] as const) {
          if (where === 'page') {
            await page.goto(`${base}/appointments`);
          } else {
            await page.goto(`${base}/admin-dashboard`);
            await page.getByRole('tab', { name: t.tab, exact: true }).click();
          }
          const table = page.getByRole('table');
          await expect(table.getByRole('columnheader', { name: t.payment })).toBeInViewport({ ratio: 1 });
          const edits = table.getByRole('link', { name: t.edit });
          const deletes = table.getByRole('button', { name: t.delete });
          await expect(edits).toHaveCount(6);
          await expect(deletes).toHaveCount(6);
          // Whole in the window: not cut by the table's scroll container (the observer clips by it).
          for (const action of [...(await edits.all()), ...(await deletes.all())]) {
            await expect(action, `${language} ${width}px ${where}`).toBeInViewport({ ratio: 1 });
          }
          // The table's scroll container (its nearest box that clips sideways) has nothing hidden.
          const overflow = await table.evaluate((element) => {
            let box = element.parentElement;
            while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
            return box ? box.scrollWidth - box.clientWidth : 0;
          });
          expect(overflow, `${language} ${width}px ${where}: sideways scroll`).toBeLessThanOrEqual(0);
        }
      }
      expect(admin.errors).toEqual([]);
      await page.context().close();

      const employee = await signedInPage(browser, base, employeeEmail, language);
      await employee.page.goto(`${base}/appointments`);
      const table = employee.page.getByRole('table');
      await expect(table.getByRole('columnheader', { name: t.customer })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: t.payment })).toHaveCount(0);
      expect(employee.errors).toEqual([]);
      await employee.page.context().close();
    }
  },
);
