import { expect, test } from './fixtures.ts';

/**
 * The public pages paint before their script (decision 018): with script off they are whole, in both
 * languages; with it on, the page hydrates without a mismatch warning and takes over.
 */

const CONTENT = {
  en: {
    '/': {
      h1: 'A spotless place, without lifting a finger.',
      text: 'They clean our clinic every evening and our patients notice.',
    },
    '/services': { h1: 'Services', text: 'Deep Cleaning' },
    '/about-us': { h1: 'About Us', text: 'What we stand for' },
    '/contacts': { h1: 'Contacts', text: 'hello@eclat.example' },
    nav: 'Main navigation',
    home: 'Home',
  },
  fr: {
    '/': {
      h1: 'Un lieu impeccable, sans lever le petit doigt.',
      text: 'They clean our clinic every evening and our patients notice.',
    },
    '/services': { h1: 'Services', text: 'Deep Cleaning' },
    '/about-us': { h1: 'À propos', text: 'Nos valeurs' },
    '/contacts': { h1: 'Nous joindre', text: 'hello@eclat.example' },
    nav: 'Navigation principale',
    home: 'Accueil',
  },
} as const;

const PAGES = ['/', '/services', '/about-us', '/contacts'] as const;

test.describe('with script off', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of ['en', 'fr'] as const) {
    test(`${language}: every public page shows its content, its navigation and its language`, async ({
      page,
    }) => {
      const t = CONTENT[language];
      for (const path of PAGES) {
        await page.goto(`${path}?lang=${language}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t[path].h1);
        await expect(page.getByRole('main').getByText(t[path].text).first()).toBeVisible();
        await expect(
          page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.home, exact: true }),
        ).toBeAttached();
        await expect(page).toHaveTitle(/ · Éclat$/);
      }
    });
  }

  test('the browser’s language picks the page’s, and the EN/FR choice wins over it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CONTENT.fr['/about-us'].h1);
    await context.addCookies([{ name: 'eclat_language', value: 'en', url: page.url() }]);
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CONTENT.en['/about-us'].h1);
    await context.close();
  });
});

for (const language of ['en', 'fr'] as const) {
  test(`${language}: each page hydrates without a warning, then works without reloading the page`, async ({
    page,
    consoleErrors,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const t = CONTENT[language];
    for (const path of PAGES) {
      await page.goto(`${path}?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t[path].h1);
    }
    // Hydrated: the language switch works in the page, and keeps the page's own address in step.
    const other = language === 'en' ? 'fr' : 'en';
    await page.locator('label', { hasText: other.toUpperCase() }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CONTENT[other]['/contacts'].h1);
    await expect(page).toHaveURL(new RegExp(`/contacts\\?lang=${other}$`));
    expect(warnings).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}
