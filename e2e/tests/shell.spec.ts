import { expect, seriousA11yViolations, test } from './fixtures.ts';

test.describe('the app shell', () => {
  test('renders the home page in English with the navigation and no console error', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Services', 'About Us', 'Contacts']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about-us');
    await expect(page).toHaveTitle(/Éclat/);
    expect(consoleErrors).toEqual([]);
  });

  test('switches to French, says so, and remembers the choice after a reload', async ({ page }) => {
    await page.goto('/');
    await page.locator('label[for="language-fr"]').click();
    await expect(page.getByText('Langue changée en Français (FR)')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Accueil', exact: true })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(nav.getByRole('link', { name: 'Accueil', exact: true })).toBeVisible();

    await page.locator('label[for="language-en"]').click();
    await expect(page.getByText('Switched language to English (EN)')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('opens any route directly (history fallback) and navigates without a reload', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Contacts' })
      .click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('shows a translated page for an unknown address', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  });

  test('uses the mobile menu on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
  });

  for (const language of ['en', 'fr'] as const) {
    test(`has no serious accessibility violation on the home page (${language})`, async ({ page }) => {
      await page.addInitScript((lng) => {
        window.localStorage.setItem('eclat.language', lng);
      }, language);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});

test('the API reference renders under the content security policy', async ({ page, consoleErrors }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('/api/v1/health').first()).toBeVisible();
  await expect(page.getByText('/api/v1/auth/users').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
