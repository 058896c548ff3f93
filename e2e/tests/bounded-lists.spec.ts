import type { Locator, Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn } from './support/accounts.ts';

/**
 * Issue 18, decision 024: the lists that grow with the customer base are read from the server a page at
 * a time. The admin finds a customer in the appointment form by typing (the server searches, accents
 * aside), and the dashboard's customers list shows 50, then "Show more" reads the next page from the
 * Link header until everything is shown.
 */

const TEXT = {
  en: {
    customer: 'Customer',
    firstName: 'First Name',
    narrow: 'More customers match: type more to narrow the list.',
    noMatch: (query: string) => `No customer matches “${query}”.`,
    search: 'Search customers by name, email or company',
    showMore: 'Show more',
    all: (count: number) => `Everything is shown (${count}).`,
  },
  fr: {
    customer: 'Client',
    firstName: 'Prénom',
    narrow: 'D’autres clients correspondent : précisez la recherche pour réduire la liste.',
    noMatch: (query: string) => `Aucun client ne correspond à « ${query} ».`,
    search: 'Rechercher un client par nom, courriel ou entreprise',
    showMore: 'Afficher plus',
    all: (count: number) => `Tout est affiché (${count}).`,
  },
} as const;

/** 55 customers sharing a last name made for this test (one of them Amélie), written through the API. */
async function seedCustomers(page: Page, lastName: string) {
  const headers = { Authorization: `Bearer ${await readAccessToken(page)}` };
  for (let n = 0; n < 55; n += 1) {
    const response = await page.request.post('/api/v1/customers', {
      headers,
      data: {
        firstName: n === 0 ? 'Amélie' : `Client${String(n).padStart(2, '0')}`,
        lastName,
        email: `${lastName.toLowerCase()}-${n}@example.com`,
        phoneNumber: '514-555-0101',
      },
    });
    expect(response.status()).toBe(201);
  }
}

/** At a phone's width and a desktop's, `shown` in view. */
async function shoot(page: Page, name: string, shown?: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shown?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
  }
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: the admin picks a customer by typing, and "Show more" reads the next customers`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tag = `Picker${language}${Date.now().toString(36)}`;
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    await seedCustomers(page, tag);

    // The appointment form: typing asks the server; 20 at a time, "type more" when more match.
    await page.goto('/appointments/add');
    const picker = page.getByRole('combobox', { name: t.customer });
    await picker.fill(tag.toLowerCase());
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(20);
    await expect(page.getByText(t.narrow)).toBeVisible();
    // Accents and case aside, every word anywhere: "amelie" and the last name find Amélie alone.
    await picker.fill(`amelie ${tag.toLowerCase()}`);
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await shoot(page, `customer-picker-${language}`);
    await page.getByRole('option', { name: new RegExp(`Amélie ${tag}`) }).click();
    await expect(page.getByRole('textbox', { name: t.firstName, exact: true })).toHaveValue('Amélie');
    // Checked with the list closed (open, it covers the fields under it).
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picker.fill(`${tag}-nobody`);
    await expect(page.getByText(t.noMatch(`${tag}-nobody`))).toBeVisible();

    // The dashboard's customers: 50, then the 5 others, then the button is gone.
    await page.goto('/admin-dashboard?tab=customers');
    await page.getByRole('searchbox', { name: t.search }).fill(tag);
    const rows = page.getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(50);
    const more = page.getByRole('button', { name: t.showMore });
    await more.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, `show-more-${language}`, more);
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(55);
    await expect(more).toHaveCount(0);
    await expect(page.getByText(t.all(55))).toBeFocused();
    await shoot(page, `show-more-end-${language}`, page.getByText(t.all(55)));
  });
}
