import { readFileSync } from 'node:fs';
import { overviewSchema, type Overview } from '@eclat/shared';
import type { Page } from '@playwright/test';

import { parseCsv, csvRecords } from '../../apps/api/test/csv-text.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn } from './support/accounts.ts';

/** Issue 17: the owner's overview (the dashboard's first tab) and the CSV exports, in both languages. */
const TEXT = {
  en: {
    tabs: 'Dashboard sections',
    overview: 'Overview',
    employees: 'Employees',
    customers: 'Customers',
    appointments: 'Appointments',
    thisWeek: 'This week',
    nextWeek: 'Next week',
    visits: 'Visits',
    revenue: 'Revenue booked',
    failedEmails: 'Failed emails',
    visitsChart: 'Visits per week',
    payments: 'Payments this week',
    collected: 'Collected',
    collectedChart: 'Collected per week',
    showTable: 'Show the numbers',
    showChart: 'Show the chart',
    csv: 'Download CSV',
    customerHeaders: [
      'First name',
      'Last name',
      'Email',
      'Phone number',
      'Company name',
      'Address',
      'Postal code',
      'Customer ID',
    ],
    appointmentHeaders: ['Date', 'Time', 'Customer first name', 'Customer last name', 'Services', 'Status'],
    money: (cents: number) =>
      new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100),
  },
  fr: {
    tabs: 'Sections du tableau de bord',
    overview: 'Vue d’ensemble',
    employees: 'Employés',
    customers: 'Clients',
    appointments: 'Rendez-vous',
    thisWeek: 'Cette semaine',
    nextWeek: 'Semaine prochaine',
    visits: 'Visites',
    revenue: 'Chiffre d’affaires réservé',
    failedEmails: 'Courriels en échec',
    visitsChart: 'Visites par semaine',
    payments: 'Paiements de la semaine',
    collected: 'Encaissé',
    collectedChart: 'Encaissé par semaine',
    showTable: 'Afficher les chiffres',
    showChart: 'Afficher le graphique',
    csv: 'Télécharger en CSV',
    customerHeaders: [
      'Prénom',
      'Nom',
      'Courriel',
      'Téléphone',
      'Entreprise',
      'Adresse',
      'Code postal',
      'N° du client',
    ],
    appointmentHeaders: ['Date', 'Heure', 'Prénom du client', 'Nom du client', 'Services', 'Statut'],
    money: (cents: number) =>
      new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100),
  },
} as const;

async function apiOverview(page: Page): Promise<Overview> {
  const response = await page.request.get('/api/v1/admin/overview', {
    headers: { Authorization: `Bearer ${await readAccessToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return overviewSchema.parse(await response.json());
}

/** Clicks the button, saves the download and reads it back as text (the BOM kept). */
async function downloadText(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: the admin sees the overview first in the row, its figures and their tables`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    await page.goto('/admin-dashboard');
    const tabs = page.getByRole('tablist', { name: t.tabs });
    // First in the row; the spec's default tab, Employees, still opens the dashboard.
    await expect(tabs.getByRole('tab').first()).toHaveText(t.overview);
    await expect(tabs.getByRole('tab', { name: t.employees, selected: true })).toBeVisible();
    await tabs.getByRole('tab', { name: t.overview }).click();
    await expect(page).toHaveURL(/\?tab=overview$/);

    const panel = page.getByRole('tabpanel', { name: t.overview });
    const expected = await apiOverview(page);
    const thisWeek = panel.getByRole('region', { name: t.thisWeek });
    const nextWeek = panel.getByRole('region', { name: t.nextWeek });
    await expect(thisWeek.getByRole('definition').first()).toHaveText(String(expected.thisWeek.visits));
    await expect(thisWeek.getByRole('term').nth(1)).toHaveText(t.revenue);
    await expect(thisWeek.getByRole('definition').nth(1)).toHaveText(t.money(expected.thisWeek.revenueCents));
    await expect(nextWeek.getByRole('definition').first()).toHaveText(String(expected.nextWeek.visits));
    await expect(panel.getByRole('region', { name: t.failedEmails })).toContainText(
      String(expected.failedEmails),
    );

    // The demo takes payments by hand (PAYMENTS unset on its database): the week's money and its chart.
    const collected = expected.thisWeek.payments?.collectedCents;
    expect(collected).toBeDefined();
    const payments = panel.getByRole('region', { name: t.payments });
    await expect(payments.getByRole('term').first()).toHaveText(t.collected);
    await expect(payments.getByRole('definition').first()).toHaveText(t.money(collected ?? -1));

    // Each chart's numbers are a table for assistive technology, and on screen on request.
    const tables = panel.getByRole('table');
    await expect(tables).toHaveCount(5);
    await expect(panel.getByRole('table', { name: t.collectedChart }).getByRole('row')).toHaveCount(13);
    const visitsTable = panel.getByRole('table', { name: t.visitsChart });
    await expect(visitsTable.getByRole('row')).toHaveCount(13);
    await expect(visitsTable.getByRole('row').last()).toContainText(String(expected.thisWeek.visits));
    expect(await seriousA11yViolations(page)).toEqual([]);

    const toggle = panel.getByRole('button', { name: t.showTable }).first();
    await toggle.click();
    await expect(panel.getByRole('button', { name: t.showChart })).toHaveAttribute('aria-pressed', 'true');
    await expect(visitsTable).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test(`${language}: the admin downloads customers and appointments as CSV, accents intact`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    const lastName = `Lefèvre-Côté ${language} ${Date.now()}`;
    const created = await page.request.post('/api/v1/customers', {
      headers: { Authorization: `Bearer ${await readAccessToken(page)}` },
      data: {
        firstName: 'Françoise',
        lastName,
        email: `francoise.${language}.${Date.now()}@example.com`,
        phoneNumber: '514-555-0199',
        companyName: 'Ménage, "Éclat" & fils',
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/admin-dashboard?tab=customers');
    const customers = await downloadText(page, page.getByRole('button', { name: t.csv }));
    expect(customers.name).toBe('customers.csv');
    const parsed = parseCsv(customers.text);
    expect(parsed.hasBom).toBe(true);
    expect(parsed.rows[0]).toEqual(t.customerHeaders);
    const row = csvRecords(parsed).find((record) => record[t.customerHeaders[1]] === lastName);
    expect(row?.[t.customerHeaders[0]]).toBe('Françoise');
    expect(row?.[t.customerHeaders[4]]).toBe('Ménage, "Éclat" & fils');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/admin-dashboard?tab=appointments');
    await expect(page.getByRole('tabpanel', { name: t.appointments })).toBeVisible();
    const visits = await downloadText(page, page.getByRole('button', { name: t.csv }));
    expect(visits.name).toBe('appointments.csv');
    const table = parseCsv(visits.text);
    expect(table.hasBom).toBe(true);
    expect(table.rows[0]?.slice(0, 6)).toEqual(t.appointmentHeaders);
  });
}
