import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { setLanguage } from './support/accounts.ts';

const PAGES = ['/', '/services', '/about-us', '/contacts'] as const;

for (const language of ['en', 'fr'] as const) {
  for (const path of PAGES) {
    test(`${language}: ${path} has a title, a description and no serious accessibility violation`, async ({
      page,
    }) => {
      await setLanguage(page, language);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Wait for the data of the page (reviews, service cards) before checking.
      if (path === '/') await expect(page.locator('figure').first()).toBeVisible();
      if (path === '/services') await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page).toHaveTitle(/ · Éclat$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
}

for (const width of [360, 1280]) {
  for (const language of ['en', 'fr'] as const) {
    test(`${language} at ${width} px: home and services fit the screen`, async ({ page }, testInfo) => {
      await setLanguage(page, language);
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/services']) {
        await page.goto(path);
        await expect(
          page
            .getByRole('main')
            .locator(path === '/' ? 'figure' : 'article')
            .first(),
        ).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: testInfo.outputPath(`${path === '/' ? 'home' : 'services'}-${language}-${width}.png`),
          fullPage: true,
        });
      }
    });
  }
}

test('en: the contact form asks for every field, sends, then empties itself', async ({ page }) => {
  await page.goto('/contacts');
  await expect(page.getByRole('link', { name: 'hello@eclat.example' })).toBeVisible();
  await expect(page.getByText('416-555-0199')).toBeVisible();

  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Camille Gagnon');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please fill in all fields.')).toBeVisible();

  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('type', 'email');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('camille@example.com');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('A quote for our office');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Hello, could you clean our 200 m² office every Friday evening?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email sent successfully!')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
});

test('fr: the contact form asks for every field in French', async ({ page }) => {
  await setLanguage(page, 'fr');
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Veuillez remplir tous les champs.')).toBeVisible();
});

test('fr: the about page tells the story and leads to the services', async ({ page }) => {
  await setLanguage(page, 'fr');
  await page.goto('/about-us');
  await expect(page.getByText(/fondée en 2014/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comment réserver' })).toBeVisible();
  await page.getByRole('link', { name: 'Voir nos services' }).click();
  await expect(page).toHaveURL(/\/services$/);
});

test('fr: the calendar test page shows the chosen date in French', async ({ page }) => {
  await setLanguage(page, 'fr');
  await page.goto('/calendar-test');
  await expect(page.getByText('Aucune date choisie pour l’instant.')).toBeVisible();
  await page.getByRole('button', { name: /^15 / }).first().click();
  await expect(page.getByText(/^Date choisie : 15 [a-zéû]+ \d{4}$/)).toBeVisible();
});
