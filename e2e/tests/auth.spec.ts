import { expect, test } from './fixtures.ts';
import {
  createAccount,
  createAccountWithCli,
  nav,
  setLanguage,
  signIn,
  signUp,
  text,
  uniqueEmail,
} from './support/accounts.ts';

for (const language of ['en', 'fr'] as const) {
  test(`a visitor creates an account, stays signed in across a reload and signs out (${language})`, async ({
    page,
  }) => {
    const t = text(language);
    const labels =
      language === 'en'
        ? {
            myAppointments: 'My Appointments',
            services: 'Services',
            admin: 'Admin Dashboard',
            profile: 'My profile',
          }
        : {
            myAppointments: 'Mes rendez-vous',
            services: 'Services',
            admin: 'Tableau de bord',
            profile: 'Mon profil',
          };
    // Sign-up, the emailed link, then sign-in: longer than one sign-in.
    test.setTimeout(120_000);
    await setLanguage(page, language);
    await page.goto('/');
    await signUp(page, uniqueEmail(`new-${language}`), language);

    await expect(page).toHaveURL(/\/$/);
    const links = nav(page, language);
    await expect(links.getByRole('link', { name: labels.myAppointments })).toBeVisible();
    await expect(links.getByRole('link', { name: labels.services, exact: true })).toBeVisible();
    await expect(links.getByRole('link', { name: labels.admin })).toHaveCount(0);
    await expect(page.getByRole('link', { name: labels.profile })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: t.logOut })).toBeVisible();
    await expect(nav(page, language).getByRole('link', { name: labels.myAppointments })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: t.logOut }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: t.logIn })).toBeVisible();
    await expect(nav(page, language).getByRole('link', { name: labels.myAppointments })).toHaveCount(0);
  });
}

test('the provider pages follow the site language', async ({ page }) => {
  await setLanguage(page, 'fr');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an admin made with the CLI sees the Admin Dashboard and no Services link', async ({ page }) => {
  const email = createAccountWithCli('admin');
  await page.goto('/');
  await signIn(page, email);
  const links = nav(page);
  // The staff pages are in the bar's Work menu.
  await links.getByRole('button', { name: 'Work', exact: true }).click();
  await expect(links.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Services', exact: true })).toHaveCount(0);
  await expect(links.getByRole('link', { name: 'My Appointments' })).toHaveCount(0);
});

test('an employee sees Appointments, Schedule, My Availabilities, My Day and My Appointments', async ({
  page,
}) => {
  const email = await createAccount('employee');
  await page.goto('/');
  await signIn(page, email);
  // My Appointments in the bar; the staff pages in its Work menu.
  const links = nav(page);
  await expect(links.getByRole('link', { name: 'My Appointments', exact: true })).toBeVisible();
  await links.getByRole('button', { name: 'Work', exact: true }).click();
  await expect(links.getByRole('menuitem')).toHaveText([
    'Appointments',
    'Schedule',
    'My Availabilities',
    'My Day',
  ]);
  await expect(links.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('a signed-out visit to the admin dashboard lands on the home page, and sign-in returns there', async ({
  page,
}) => {
  const email = await createAccount('admin');
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a customer opening the appointments table is sent back', async ({ page }) => {
  const email = await createAccount('customer');
  await page.goto('/about-us');
  await signIn(page, email);
  await page.goto('/appointments');
  await expect(page).not.toHaveURL(/\/appointments$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
