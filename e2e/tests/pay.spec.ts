import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';

import { parseCsv } from '../../apps/api/test/csv-text.ts';
import { appointmentAssignments, appointments, visitSteps } from '../../apps/api/src/db/schema/index.ts';
import { createEmployee } from '../../apps/api/src/modules/employees/employees.repository.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, signedInPage, testServerDatabase } from './support/accounts.ts';

/**
 * Hours and pay (issue 30 §6, decision 066): the admin sets an employee's hourly rate, reads their pay
 * period (default periods of 14 days from Monday 5 January 2026: 26 October to 8 November 2026 holds the
 * visit), steps to the previous period and back, downloads the CSV for payroll, and reads the page in
 * French; no serious axe violation. The visit is a row of the test's own in a past period: the figures do
 * not depend on the day the test runs.
 */
async function employeeWithAVisit(tag: string) {
  const db = await testServerDatabase();
  const employee = await createEmployee(db, {
    firstName: 'Paula',
    lastName: tag,
    email: `pay-${randomBytes(4).toString('hex')}@example.com`,
    phoneNumber: '416-555-0172',
    role: 'Cleaner',
    isActive: true,
  });
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from customers order by created_at limit 1`,
  );
  const customerId = rows[0]?.id;
  if (!customerId) throw new Error('The demo has no customer');
  // Tuesday 27 October 2026, 09:00 to 12:00 in Toronto; arrived 09:10, completed 12:25 (195 minutes).
  const [visit] = await db
    .insert(appointments)
    .values({
      customerId,
      customerFirstName: 'Pay',
      customerLastName: tag,
      appointmentDate: new Date('2026-10-27T13:00:00Z'),
      endsAt: new Date('2026-10-27T16:00:00Z'),
      status: 'completed',
      totalPrice: 150,
    })
    .returning();
  if (!visit) throw new Error('no visit');
  await db.insert(appointmentAssignments).values({ appointmentId: visit.id, employeeId: employee.id });
  const base = { appointmentId: visit.id, byOffice: false };
  await db.insert(visitSteps).values([
    { ...base, step: 'arrived', at: new Date('2026-10-27T13:10:00Z'), idempotencyKey: `${tag}-arrived` },
    { ...base, step: 'completed', at: new Date('2026-10-27T16:25:00Z'), idempotencyKey: `${tag}-done` },
  ]);
  return employee;
}

test('the admin sets a rate, reads the pay period, downloads it for payroll, in English and French', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = `Pay${randomBytes(3).toString('hex')}`;
  const employee = await employeeWithAVisit(tag);
  const adminEmail = await createAccount('admin');
  const { page, errors } = await signedInPage(browser, baseURL, adminEmail, 'en');

  await page.goto('/admin-dashboard');
  await page.getByRole('link', { name: 'Hours and pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hours and pay' })).toBeVisible();
  await expect(page.getByText('Choose an employee to see their pay.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Employee' }).fill(`Paula ${tag}`);
  await page.getByRole('option', { name: `Paula ${tag}` }).click();

  // No terms yet, then $20.00 an hour from 1 January 2026.
  const terms = page.getByRole('region', { name: 'Pay terms' });
  await expect(terms.getByText('No pay terms yet')).toBeVisible();
  await terms.getByLabel('Applies from').fill('2026-01-01');
  await terms.getByRole('textbox', { name: 'Hourly rate (CAD)' }).fill('20');
  await terms.getByRole('button', { name: 'Save the terms' }).click();
  await expect(terms.getByRole('cell', { name: '$20.00 an hour' })).toBeVisible();

  // The period of the visit, from the URL as a link would open it.
  await page.goto(`/pay?employee=${employee.id}&date=2026-10-28`);
  const report = page.getByRole('region', { name: 'Pay period' });
  await expect(report.getByText('Monday, October 26, 2026 to Sunday, November 8, 2026')).toBeVisible();
  const row = report.getByRole('row').filter({ hasText: `Pay ${tag}` });
  await expect(row).toContainText('3 h 00'); // planned
  await expect(row).toContainText('3 h 15'); // worked
  await expect(row).toContainText('+15 min');
  await expect(row).toContainText('$65.00'); // 195 min at $20.00
  expect(await seriousA11yViolations(page)).toEqual([]);

  await report.getByRole('button', { name: 'Previous period' }).click();
  await expect(report.getByText('Monday, October 12, 2026 to Sunday, October 25, 2026')).toBeVisible();
  await expect(report.getByText('No completed visits in this period.')).toBeVisible();
  await report.getByRole('button', { name: 'Next period' }).click();
  await expect(row).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Download CSV for payroll' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`pay-2026-10-26-to-2026-11-08-${employee.id}.csv`);
  const csv = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(csv.hasBom).toBe(true);
  expect(csv.rows[0]?.slice(0, 4)).toEqual(['Employee', 'Period start', 'Period end', 'Line']);
  expect(csv.rows[1]?.slice(3, 8)).toEqual(['Visit', '2026-10-27', `Pay ${tag}`, '180', '195']);
  expect(csv.rows[2]?.[3]).toBe('Total');
  expect(csv.rows[2]?.[16]).toBe('65.00');
  expect(errors).toEqual([]);

  // In French, on a phone's width.
  const { page: fr, errors: frErrors } = await signedInPage(browser, baseURL, adminEmail, 'fr');
  await fr.setViewportSize({ width: 390, height: 844 });
  await fr.goto(`/pay?employee=${employee.id}&date=2026-10-28`);
  await expect(fr.getByRole('heading', { level: 1, name: 'Heures et paie' })).toBeVisible();
  const frReport = fr.getByRole('region', { name: 'Période de paie' });
  await expect(frReport.getByRole('row').filter({ hasText: `Pay ${tag}` })).toContainText('65,00');
  await expect(
    fr.getByRole('region', { name: 'Conditions de paie' }).getByRole('cell', { name: /l’heure/ }),
  ).toBeVisible();
  await expect(frReport.getByRole('button', { name: 'Télécharger le CSV pour la paie' })).toBeVisible();
  expect(await seriousA11yViolations(fr)).toEqual([]);
  expect(frErrors).toEqual([]);
});
