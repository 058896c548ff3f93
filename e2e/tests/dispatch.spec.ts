import type { Browser, Page } from '@playwright/test';
import { addDays } from '@eclat/shared';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn } from './support/accounts.ts';
import { businessDay, businessInstant, longDay } from './support/business-time.ts';

/**
 * The dispatch board and an employee's day (issue 13) as people use them, in both languages: an admin
 * posts a team member's availability on a day nobody works yet, a customer books, the visit shows in
 * that employee's lane; the admin gives it to someone else with the keyboard, then takes it off everyone
 * (it goes on top); the employee sees it on their phone with its address.
 */

const TEXT = {
  en: {
    nextDay: 'Next day',
    unassigned: 'Unassigned',
    noOne: 'Unassigned',
    assignTo: 'Assign to…',
    assigned: (name: string) => new RegExp(`is now assigned to ${name}\\.`),
    overlap: (name: string) => `${name} already has a job at that time.`,
    unassignTitle: 'Unassign this visit?',
    unassignConfirm: 'Unassign',
    nowUnassigned: /is now unassigned\./,
    shiftHours: 'Shift hours',
    morningStart: 'Start',
    saveShiftHours: 'Save shift hours',
    shiftOrder: 'A shift must end after it starts.',
    maps: 'Open in maps',
    dayTitle: 'My Day',
    boardTitle: 'Dispatch Board',
    week: 'Week',
  },
  fr: {
    nextDay: 'Jour suivant',
    unassigned: 'Non attribuées',
    noOne: 'Non attribuée',
    assignTo: 'Attribuer à…',
    assigned: (name: string) => new RegExp(`est maintenant attribuée à ${name}\\.`),
    overlap: (name: string) => `${name} a déjà un travail à ce moment-là.`,
    unassignTitle: 'Retirer l’attribution de cette visite?',
    unassignConfirm: 'Retirer l’attribution',
    nowUnassigned: /n’est plus attribuée\./,
    shiftHours: 'Heures des quarts',
    morningStart: 'Début',
    saveShiftHours: 'Enregistrer les heures',
    shiftOrder: 'Un quart doit finir après son début.',
    maps: 'Ouvrir dans Cartes',
    dayTitle: 'Ma journée',
    boardTitle: 'Tableau de répartition',
    week: 'Semaine',
  },
} as const;

type Employee = { employeeId: string; firstName: string; lastName: string };

/** The API as the signed-in page's account, answering with the status it must. */
async function apiOf(page: Page) {
  const headers = { Authorization: `Bearer ${await readAccessToken(page)}` };
  const call = async <T>(method: 'GET' | 'POST', url: string, status: number, data?: unknown) => {
    const response = await page.request.fetch(url, { method, headers, data });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  };
  return {
    get: <T>(url: string) => call<T>('GET', url, 200),
    post: <T>(url: string, data: unknown) => call<T>('POST', url, 201, data),
  };
}

async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  language: 'en' | 'fr',
) {
  const context = await browser.newContext({ baseURL, locale: 'en-CA', timezoneId: 'America/Toronto' });
  const page = await context.newPage();
  await setLanguage(page, language);
  await page.goto('/');
  await signIn(page, email, language);
  return { context, page, api: await apiOf(page) };
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The lane (a list item of the board) headed by a name. */
function lane(page: Page, name: string) {
  return page
    .getByRole('region')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

/** Opens a visit's "Assign to…" menu from the keyboard and picks an entry with the arrow keys and Enter. */
async function pickWithKeyboard(page: Page, button: ReturnType<Page['getByRole']>, entry: string) {
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  for (let step = 0; step < 40; step += 1) {
    const focused = page.locator(':focus');
    if ((await focused.getAttribute('role')) === 'menuitem' && (await focused.innerText()).trim() === entry) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`"${entry}" was not reached with the arrow keys`);
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: the board shows a booked visit in its lane, reassigns it with the keyboard and unassigns it; the employee sees their day`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const baseURL = testInfo.project.use.baseURL;
    // After the demo team's weeks: nobody works that day until the admin says so. A day of each run's own:
    // a retry's or a repetition's (--repeat-each) would find the earlier run's Sofia free at 10:00 there
    // and the booking could go to her. Read once: the day before is this one's, even past midnight.
    const run = testInfo.retry + 2 * testInfo.repeatEachIndex;
    const day = businessDay((language === 'en' ? 212 : 219) + 14 * run);
    const suffix = `${language}${Date.now() % 100_000}`;

    // The admin puts a new team member on that morning.
    const adminEmail = await createAccount('admin');
    const employeeEmail = await createAccount('employee');
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, adminEmail, language);
    const admin = await apiOf(page);
    const dora = await admin.post<Employee>('/api/v1/employees', {
      firstName: 'Dora',
      lastName: `Dispatch${suffix}`,
      email: employeeEmail,
      phoneNumber: '514-555-0161',
      role: 'Cleaner',
      isActive: true,
    });
    const doraName = `Dora Dispatch${suffix}`;
    await admin.post('/api/v1/availabilities', {
      employeeId: dora.employeeId,
      availableDate: day,
      shift: 'MORNING',
      comments: 'Dispatch test',
    });

    // A customer books Window Washing at 10:00: Dora is the only one working, so it is hers.
    const customerSide = await signedInPage(browser, baseURL, await createAccount('customer'), language);
    const { customerId } = await customerSide.api.post<{ customerId: string }>('/api/v1/customers/me', {
      firstName: 'Céleste',
      lastName: `Board${suffix}`,
      phoneNumber: '514-555-0162',
      address: '1450 Rue Peel Montréal',
    });
    const services = await customerSide.api.get<{ serviceId: string; title: string }[]>('/api/v1/services');
    const windowWashing = services.find((service) => service.title === 'Window Washing')?.serviceId;
    expect(windowWashing).toBeDefined();
    await customerSide.api.post(`/api/v1/appointments/customers/${customerId}`, {
      serviceIds: [windowWashing],
      appointmentDate: businessInstant(day, 10),
    });
    await customerSide.context.close();
    const customer = `Céleste Board${suffix}`;

    // Dora, on her phone, sees her day: the visit, its address and a way to the maps.
    const employeeSide = await signedInPage(browser, baseURL, employeeEmail, language);
    await employeeSide.page.setViewportSize({ width: 390, height: 844 });
    await employeeSide.page.goto(`/my-day?date=${day}`);
    await expect(employeeSide.page.getByRole('heading', { level: 1, name: t.dayTitle })).toBeVisible();
    await expect(employeeSide.page.getByRole('heading', { name: longDay(day, language) })).toBeVisible();
    const stop = employeeSide.page.getByRole('listitem').filter({ hasText: customer });
    await expect(stop).toBeVisible();
    await expect(stop).toContainText('1450 Rue Peel Montréal');
    await expect(stop).toContainText('Window Washing');
    await expect(stop.getByRole('link', { name: new RegExp(`^${t.maps}`) })).toHaveAttribute(
      'href',
      /maps\/search\/\?api=1&query=1450%20Rue%20Peel/,
    );
    expect(await seriousA11yViolations(employeeSide.page)).toEqual([]);
    await shoot(employeeSide.page, `my-day-${language}`);
    await employeeSide.context.close();

    // Sofia (demo team) works that morning too, from now on, and gets another customer's 10:00.
    const team = await admin.get<Employee[]>('/api/v1/employees');
    const sofia = team.find((employee) => employee.firstName === 'Sofia' && employee.lastName === 'Nguyen');
    if (!sofia) throw new Error('The demo team has no Sofia Nguyen.');
    await admin.post('/api/v1/availabilities', {
      employeeId: sofia.employeeId,
      availableDate: day,
      shift: 'MORNING',
      comments: 'Dispatch test',
    });
    const other = await admin.post<{ customerId: string }>('/api/v1/customers', {
      firstName: 'Octave',
      lastName: `Other${suffix}`,
      email: `other-${suffix}@example.com`,
      phoneNumber: '514-555-0163',
    });
    const otherVisit = await admin.post<{ appointmentId: string }>('/api/v1/appointments', {
      customerId: other.customerId,
      serviceIds: [windowWashing],
      appointmentDate: businessInstant(day, 10),
      status: 'confirmed',
      comments: 'Dispatch test',
    });
    const assigned = await page.request.put(`/api/v1/appointments/${otherVisit.appointmentId}/assignments`, {
      headers: { Authorization: `Bearer ${await readAccessToken(page)}` },
      data: { employeeIds: [sofia.employeeId] },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    const otherCustomer = `Octave Other${suffix}`;

    // The board, reached from the day before with "Next day": each visit is in its employee's lane.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dispatch?date=${addDays(day, -1)}`);
    await expect(page.getByRole('heading', { level: 1, name: t.boardTitle })).toBeVisible();
    await page.getByRole('button', { name: t.nextDay }).click();
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expect(page.getByRole('heading', { level: 2, name: longDay(day, language) })).toBeVisible();
    const visitIn = (laneName: string, who = customer) =>
      lane(page, laneName).getByRole('listitem').filter({ hasText: who });
    await expect(visitIn(doraName)).toBeVisible();
    await expect(visitIn(doraName)).toContainText('1450 Rue Peel Montréal');
    await expect(visitIn('Sofia Nguyen', otherCustomer)).toBeVisible();
    await expect(visitIn(t.unassigned)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, `dispatch-day-${language}`);

    // To Sofia, with the keyboard only: she has a job then, so it is refused and nothing moves.
    await page.setViewportSize({ width: 1280, height: 900 });
    const assignButton = (laneName: string, who = customer) =>
      visitIn(laneName, who).getByRole('button', { name: t.assignTo });
    await pickWithKeyboard(page, assignButton(doraName), 'Sofia Nguyen');
    await expect(page.getByText(t.overlap('Sofia Nguyen'))).toBeVisible();
    await expect(visitIn(doraName)).toBeVisible();
    await expect(visitIn('Sofia Nguyen')).toHaveCount(0);

    // Her other job taken off her (after saying yes), the move goes through.
    await pickWithKeyboard(page, assignButton('Sofia Nguyen', otherCustomer), t.noOne);
    const dialog = page.getByRole('dialog', { name: t.unassignTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.unassignConfirm }).click();
    await expect(page.getByText(t.nowUnassigned)).toBeVisible();
    await expect(visitIn(t.unassigned, otherCustomer)).toBeVisible();
    await pickWithKeyboard(page, assignButton(doraName), 'Sofia Nguyen');
    await expect(page.getByText(t.assigned('Sofia Nguyen'))).toBeVisible();
    await expect(visitIn('Sofia Nguyen')).toBeVisible();
    await expect(visitIn(doraName)).toHaveCount(0);
    // The keyboard went along with the visit.
    await expect(assignButton('Sofia Nguyen')).toBeFocused();

    // Off everyone: it goes on top, unassigned.
    await pickWithKeyboard(page, assignButton('Sofia Nguyen'), t.noOne);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.unassignConfirm }).click();
    await expect(visitIn(t.unassigned)).toBeVisible();
    await expect(visitIn('Sofia Nguyen')).toHaveCount(0);
    await expect(assignButton(t.unassigned)).toBeFocused();
    await page.mouse.move(0, 0);
    await shoot(page, `dispatch-unassigned-${language}`);

    // The week view has it too, in the unassigned row.
    await page.getByText(t.week, { exact: true }).click();
    await expect(page).toHaveURL(/view=week/);
    await expect(page.getByRole('table').getByRole('listitem').filter({ hasText: customer })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, `dispatch-week-${language}`);

    // Shift hours: an end before the start is refused in the page's language.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: t.shiftHours }).click();
    const shiftDialog = page.getByRole('dialog', { name: t.shiftHours });
    const morningStart = shiftDialog
      .getByRole('group')
      .first()
      .getByRole('textbox', { name: t.morningStart });
    await expect(morningStart).toHaveValue(/^\d\d:\d\d$/);
    await morningStart.fill('23:00');
    await shiftDialog.getByRole('button', { name: t.saveShiftHours }).click();
    await expect(shiftDialog.getByText(t.shiftOrder)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}
