import type { Browser } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn } from './support/accounts.ts';

const TEXT = {
  en: {
    heading: 'Admin Dashboard',
    allTabs: [
      'Employees',
      'Customers',
      'Services',
      'Feedbacks',
      'Appointments',
      'Recurring',
      'Quotes',
      'Employee Availabilities',
      'Employee Schedule',
      'User Roles',
    ],
    tabs: 'Dashboard sections',
    employees: 'Employees',
    roles: 'User Roles',
    feedbacks: 'Feedbacks',
    addEmployee: 'Add Employee',
    load: 'Load permissions',
    assign: 'Assign Employee Role',
    remove: 'Remove Employee Role',
    assigned: 'Assigned Employee Role',
    removed: 'Removed Employee Role',
    customer: 'Customer',
    employee: 'Employee',
    permissionsOf: /^Permissions of /,
    visibleSwitch: 'Show on the home page',
    visible: 'Visible',
    hidden: 'Hidden',
    shown: 'The feedback is now shown on the home page.',
    deleteTitle: 'Delete this feedback?',
    delete: 'Delete',
    deleted: 'Feedback deleted.',
    homeSection: 'What our customers say',
  },
  fr: {
    heading: 'Tableau de bord',
    allTabs: [
      'Employés',
      'Clients',
      'Services',
      'Avis',
      'Rendez-vous',
      'Récurrents',
      'Soumissions',
      'Disponibilités des employés',
      'Horaire des employés',
      'Rôles des utilisateurs',
    ],
    tabs: 'Sections du tableau de bord',
    employees: 'Employés',
    roles: 'Rôles des utilisateurs',
    feedbacks: 'Avis',
    addEmployee: 'Ajouter un employé',
    load: 'Charger les permissions',
    assign: 'Attribuer le rôle d’employé',
    remove: 'Retirer le rôle d’employé',
    assigned: 'Rôle d’employé attribué',
    removed: 'Rôle d’employé retiré',
    customer: 'Client',
    employee: 'Employé',
    permissionsOf: /^Permissions de /,
    visibleSwitch: 'Afficher sur la page d’accueil',
    visible: 'Visible',
    hidden: 'Masqué',
    shown: 'L’avis est maintenant affiché sur la page d’accueil.',
    deleteTitle: 'Supprimer cet avis?',
    delete: 'Supprimer',
    deleted: 'Avis supprimé.',
    homeSection: 'Ce que disent nos clients',
  },
} as const;

/** A customer signs in and leaves feedback through the API; it starts hidden. */
async function postCustomerFeedback(browser: Browser, baseURL: string | undefined, content: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, await createAccount('customer'));
  const response = await page.request.post('/api/v1/feedbacks', {
    headers: { Authorization: `Bearer ${await readAccessToken(page)}` },
    data: { stars: 4, content },
  });
  expect(response.status()).toBe(201);
  await context.close();
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  // The ten tabs in three parts, side by side on the workers: each tab is checked with axe, and one test
  // for the ten took 100 s and more (the Employee Availabilities tab alone, with everyone's next eight
  // weeks, takes about half of it). A part starts on the tab the part before ended on (checked there) and
  // goes on from it with the arrow key: every step from one tab to the next is taken with the keyboard once,
  // and every tab is checked once.
  const parts = [
    { from: 0, to: 4 },
    { from: 4, to: 7 },
    { from: 7, to: 9 },
  ] as const;
  for (const { from, to } of parts) {
    test(`${language}: an admin goes through tabs ${from + 1} to ${to + 1} of the ten with the keyboard, each loads its table`, async ({
      page,
    }) => {
      // Generous: one tab with a long table took 90 s under a load average of 29.
      test.setTimeout(200_000);
      await setLanguage(page, language);
      await page.goto('/');
      await signIn(page, await createAccount('admin'), language);
      await page.goto('/admin-dashboard');
      const tabs = page.getByRole('tablist', { name: t.tabs });
      // A later part starts on the tab the part before ended on (checked there).
      if (from > 0) await tabs.getByRole('tab', { name: t.allTabs[from] }).click();
      await tabs.getByRole('tab', { name: t.allTabs[from], selected: true }).focus();
      for (let index = from; index <= to; index += 1) {
        const name = t.allTabs[index];
        if (index > 0 && index === from) continue;
        if (index > from) await page.keyboard.press('ArrowRight');
        await expect(tabs.getByRole('tab', { name, selected: true })).toBeFocused();
        const panel = page.getByRole('tabpanel', { name });
        await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
        // Loaded: a table or a list of cards, or an empty-state line; never a load error.
        await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(
          panel.getByRole('table').or(panel.getByRole('list')).or(panel.getByRole('status')).first(),
        ).toBeVisible();
        await expect(panel.getByRole('alert')).toHaveCount(0);
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      if (to === t.allTabs.length - 1) {
        // The last tab is in the address: a reload keeps it.
        await page.reload();
        await expect(tabs.getByRole('tab', { name: t.allTabs[to], selected: true })).toBeVisible();
      }
    });
  }

  test(`${language}: an admin manages the employee role of a customer from the dashboard`, async ({
    page,
  }) => {
    const customerEmail = await createAccount('customer');
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    await page.goto('/admin-dashboard');

    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: t.tabs });
    // The ten above, Overview (overview.spec.ts) and Emails (email-settings.spec.ts).
    await expect(tabs.getByRole('tab')).toHaveCount(t.allTabs.length + 2);
    await expect(tabs.getByRole('tab', { name: t.employees, selected: true })).toBeVisible();
    await expect(page.getByRole('link', { name: t.addEmployee })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await tabs.getByRole('tab', { name: t.roles }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=roles$/);
    await page.reload();
    await expect(tabs.getByRole('tab', { name: t.roles, selected: true })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: customerEmail });
    await row.getByRole('button', { name: t.load }).click();
    const badges = row.getByRole('list', { name: t.permissionsOf });
    await expect(badges.getByRole('listitem')).toHaveText([t.customer]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('button', { name: t.assign }).click();
    await expect(page.getByText(t.assigned, { exact: true })).toBeVisible();
    await expect(badges.getByText(t.employee, { exact: true })).toBeVisible();
    await expect(badges.getByRole('listitem')).toHaveCount(2);

    await row.getByRole('button', { name: t.remove }).click();
    await expect(page.getByText(t.removed, { exact: true })).toBeVisible();
    await expect(badges.getByText(t.employee, { exact: true })).toHaveCount(0);
    await expect(badges.getByRole('listitem')).toHaveText([t.customer]);
  });

  test(`${language}: an admin publishes a customer's feedback, then deletes it`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const content = `Spotless kitchen, admin check ${language}-${Date.now()}`;
    await postCustomerFeedback(browser, baseURL, content);

    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    await page.goto('/admin-dashboard');
    await page.getByRole('tab', { name: t.feedbacks }).click();
    await expect(page).toHaveURL(/\?tab=feedbacks$/);

    const card = page.getByRole('article').filter({ hasText: content });
    await expect(card.getByText(t.hidden, { exact: true })).toBeVisible();
    const toggle = card.getByRole('switch', { name: t.visibleSwitch });
    await expect(toggle).not.toBeChecked();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await toggle.click();
    await expect(page.getByText(t.shown)).toBeVisible();
    await expect(toggle).toBeChecked();
    await expect(card.getByText(t.visible, { exact: true })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('region', { name: t.homeSection }).getByText(content)).toBeVisible();

    await page.goto('/admin-dashboard?tab=feedbacks');
    await card.getByRole('button', { name: t.delete }).click();
    const dialog = page.getByRole('dialog', { name: t.deleteTitle });
    await dialog.getByRole('button', { name: t.delete }).click();
    await expect(page.getByText(t.deleted)).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.goto('/');
    await expect(
      page.getByRole('region', { name: t.homeSection }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByText(content)).toHaveCount(0);
  });
}
