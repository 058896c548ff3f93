import type { Browser, Page } from '@playwright/test';

import { PAGE_TEXT } from '../../apps/api/src/modules/auth/page-text.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import {
  createAccount,
  readAccessToken,
  setLanguage,
  signIn,
  signUp,
  uniqueEmail,
  confirmVerificationLink,
  verificationLinkFromMailbox,
} from './support/accounts.ts';

/**
 * The takeover of issue 11, on screens: an account signed up with the email of a customer record an admin
 * made sees none of that record (its phone, its appointment with a door code) and is asked to confirm its
 * address, with "Resend"; once it follows the emailed link, the record and its appointment are its own.
 */
const TEXT = {
  en: {
    bannerTitle: 'Confirm your email address',
    resend: 'Resend the email',
    sent: 'We sent a new link to',
    empty: 'No appointments found.',
    question: 'Would you like to set up a Customer Profile?',
    verified: 'Email address confirmed',
    continueToSite: 'Continue to Éclat',
  },
  fr: {
    bannerTitle: 'Confirmez votre adresse courriel',
    resend: 'Renvoyer le courriel',
    sent: 'Nous avons envoyé un nouveau lien à',
    empty: 'Aucun rendez-vous trouvé.',
    question: 'Voulez-vous créer un profil client?',
    verified: 'Adresse courriel confirmée',
    continueToSite: 'Continuer vers Éclat',
  },
} as const;

const DOOR_CODE = 'Door code 4821#';
const PHONE = '514-555-0188';
// Within the demo team's four weeks: a visit needs a cleaner who works then (decision 019).
const DAYS_AHEAD = { en: 17, fr: 19 } as const;

/** As an admin (in a page of its own): a customer record with the email, and an appointment of theirs. */
async function adminMadeRecord(browser: Browser, email: string, language: 'en' | 'fr') {
  const admin = await browser.newPage();
  try {
    await admin.goto('/');
    await signIn(admin, await createAccount('admin'));
    const headers = { Authorization: `Bearer ${await readAccessToken(admin)}` };
    const customer = await admin.request.post('/api/v1/customers', {
      headers,
      data: { firstName: 'Rose', lastName: 'Tremblay', email, phoneNumber: PHONE },
    });
    expect(customer.status()).toBe(201);
    const { customerId } = (await customer.json()) as { customerId: string };
    const services = (await (await admin.request.get('/api/v1/services')).json()) as { serviceId: string }[];
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + DAYS_AHEAD[language]);
    start.setUTCHours(16, 0, 0, 0);
    const appointment = await admin.request.post('/api/v1/appointments', {
      headers,
      data: {
        customerId,
        serviceIds: [services[0]?.serviceId],
        appointmentDate: start.toISOString(),
        status: 'pending',
        comments: DOOR_CODE,
      },
    });
    expect(appointment.status()).toBe(201);
  } finally {
    await admin.close();
  }
}

/** Screenshots at a phone's and a laptop's width, to look at (test-results). */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: an unverified sign-up sees nothing of the admin-made record with its email until it follows the link`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(`takeover-${language}`);
    await adminMadeRecord(browser, email, language);

    await setLanguage(page, language);
    await page.goto('/');
    await signUp(page, email, language, { verify: false });

    await page.goto('/my-appointments');
    const banner = page.getByRole('region', { name: t.bannerTitle });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(email)).toBeVisible();
    await expect(page.getByText(t.empty)).toBeVisible();
    await expect(page.getByText(DOOR_CODE)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshots(page, `banner-my-appointments-${language}`);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: t.question })).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(page.getByText(PHONE)).toHaveCount(0);

    // Resend: a second link is emailed. The sign-up's link is read first, so `second` is the new one.
    const first = await verificationLinkFromMailbox(email);
    await banner.getByRole('button', { name: t.resend }).click();
    await expect(page.getByText(`${t.sent} ${email}`)).toBeVisible();
    const second = await verificationLinkFromMailbox(email, undefined, [first]);

    // Opening the link only asks for the account's password (a mail scanner confirms nothing).
    await page.goto(second);
    await expect(page.getByRole('heading', { name: PAGE_TEXT[language].verifyTitle })).toBeVisible();
    await screenshots(page, `verify-form-${language}`);
    await confirmVerificationLink(page, second, language);
    await screenshots(page, `verified-page-${language}`);
    await page.getByRole('link', { name: t.continueToSite }).click();
    await expect(page).not.toHaveURL(/\/oidc\//);
    // The same link does not work twice.
    await page.goto(second);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(PAGE_TEXT[language].verifyInvalid);
    await screenshots(page, `used-link-page-${language}`);

    await page.goto('/my-appointments');
    await expect(page.getByText(DOOR_CODE)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: t.bannerTitle })).toHaveCount(0);
    await page.goto('/profile');
    await expect(page.getByText(PHONE)).toBeVisible({ timeout: 30_000 });
  });
}
