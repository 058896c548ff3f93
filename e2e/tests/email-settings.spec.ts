import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { profileAndVisit } from './support/api-booking.ts';
import { createAccount, readAccessToken, setLanguage, signIn, signedInPage } from './support/accounts.ts';
import { businessDay } from './support/business-time.ts';

/**
 * Issue 15, the customer's side: reminders on and off from the profile (kept after a reload), a private
 * calendar address made, copied and read as a calendar with the customer's visit in it, then no longer
 * shared (it answers 404); and the admin's Emails tab.
 */
const TEXT = {
  en: {
    reminders: 'Email me reminders before each visit and a feedback request after it',
    off: 'Reminders and feedback requests are off.',
    on: 'Reminders and feedback requests are on.',
    calendarTitle: 'My calendar',
    get: 'Get my calendar address',
    address: 'Your private calendar address',
    copy: 'Copy',
    copied: 'Copied',
    stop: 'Stop sharing',
    stopped: 'Your calendar address no longer works.',
    remake: 'Make a new address',
    jobsTitle: 'My jobs in my calendar',
    emailsTab: 'Emails',
    noFailed: 'No failed emails',
  },
  fr: {
    reminders: 'M’envoyer un rappel avant chaque visite et une demande d’avis après',
    off: 'Les rappels et les demandes d’avis sont désactivés.',
    on: 'Les rappels et les demandes d’avis sont activés.',
    calendarTitle: 'Mon calendrier',
    get: 'Obtenir l’adresse de mon calendrier',
    address: 'L’adresse privée de votre calendrier',
    copy: 'Copier',
    copied: 'Copiée',
    stop: 'Arrêter le partage',
    stopped: 'L’adresse de votre calendrier ne fonctionne plus.',
    remake: 'Créer une nouvelle adresse',
    jobsTitle: 'Mes tâches dans mon calendrier',
    emailsTab: 'Courriels',
    noFailed: 'Aucun courriel en échec',
  },
} as const;

/** Days no other spec books on, inside the demo team's four weeks (a visit needs a cleaner). */
const DAYS_AHEAD = { en: 11, fr: 27 } as const;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: a customer turns reminders off and on, and shares then stops sharing a calendar of their visits`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = TEXT[language];
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('customer'), language);

    // A profile and one booked visit, through the API as the page's own session.
    const booked = await profileAndVisit(page, {
      day: businessDay(DAYS_AHEAD[language]),
      language,
      firstName: 'Élise',
      lastName: 'Tremblay',
    });
    if (typeof booked === 'string') throw new Error(booked);
    const { appointmentId } = booked;
    expect(appointmentId).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto('/profile');
    const main = page.getByRole('main');
    const reminders = main.getByRole('switch', { name: t.reminders });
    await expect(reminders).toBeChecked();

    // Off, kept after a reload; then on again, kept too.
    await reminders.click();
    await expect(page.getByText(t.off)).toBeVisible();
    await expect(reminders).not.toBeChecked();
    await page.reload();
    await expect(reminders).not.toBeChecked();
    await reminders.press('Space');
    await expect(page.getByText(t.on)).toBeVisible();
    await page.reload();
    await expect(reminders).toBeChecked();

    // The calendar address: made, shown once, copied.
    await expect(main.getByRole('heading', { name: t.calendarTitle })).toBeVisible();
    await main.getByRole('button', { name: t.get }).click();
    const address = main.getByRole('textbox', { name: t.address });
    await expect(address).toBeFocused();
    const webcalUrl = await address.inputValue();
    expect(webcalUrl).toMatch(/^webcal:\/\/.+\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await main.getByRole('button', { name: t.copy, exact: true }).click();
    await expect(main.getByRole('button', { name: t.copied, exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webcalUrl);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The address read as a calendar app would (its http(s) form): the visit is in it.
    const feedUrl = webcalUrl.replace(/^webcal:/, new URL(page.url()).protocol);
    const feed = await request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`UID:${appointmentId}@`);

    // Stop sharing, after a confirmation: the address answers 404 and the card offers a new one.
    await main.getByRole('button', { name: t.stop }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.stop }).click();
    await expect(page.getByText(t.stopped)).toBeVisible();
    await expect(main.getByRole('button', { name: t.get })).toBeVisible();
    await expect(main.getByRole('button', { name: t.remake })).toHaveCount(0);
    expect((await request.get(feedUrl)).status()).toBe(404);
  });

  test(`${language}: the admin's Emails tab lists failed emails, or says there are none`, async ({
    page,
  }) => {
    const t = TEXT[language];
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    await page.goto('/admin-dashboard');
    await page.getByRole('tab', { name: t.emailsTab }).click();
    await expect(page).toHaveURL(/tab=emails/);
    const panel = page.getByRole('tabpanel', { name: t.emailsTab });
    await expect(panel.getByRole('heading', { name: t.emailsTab })).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: t.noFailed })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test(`${language}: an employee gets a calendar address of their jobs on My Day, then stops sharing it`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const t = TEXT[language];
    // The admin puts the account on the team (My Day is for employees with a record).
    const employeeEmail = await createAccount('employee');
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    const created = await page.request.post('/api/v1/employees', {
      headers: { Authorization: `Bearer ${await readAccessToken(page)}` },
      data: {
        firstName: 'Jade',
        lastName: `Calendar${language}`,
        email: employeeEmail,
        phoneNumber: '514-555-0162',
        role: 'Cleaner',
        isActive: true,
      },
    });
    expect(created.status()).toBe(201);

    const employee = await signedInPage(browser, testInfo.project.use.baseURL, employeeEmail, language);
    await employee.page.goto('/my-day');
    const main = employee.page.getByRole('main');
    await expect(main.getByRole('heading', { name: t.jobsTitle })).toBeVisible();
    await main.getByRole('button', { name: t.get }).click();
    const webcalUrl = await main.getByRole('textbox', { name: t.address }).inputValue();
    expect(webcalUrl).toMatch(/^webcal:\/\//);
    const feedUrl = webcalUrl.replace(/^webcal:/, new URL(employee.page.url()).protocol);
    const feed = await request.get(feedUrl);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    expect(await seriousA11yViolations(employee.page)).toEqual([]);

    await main.getByRole('button', { name: t.stop }).click();
    await employee.page.getByRole('dialog').getByRole('button', { name: t.stop }).click();
    await expect(main.getByRole('button', { name: t.get })).toBeVisible();
    expect((await request.get(feedUrl)).status()).toBe(404);
    expect(employee.errors).toEqual([]);
    await employee.page.context().close();
  });
}
