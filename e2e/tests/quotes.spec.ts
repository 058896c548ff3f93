import type { Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signedInPage, signIn } from './support/accounts.ts';
import { businessDay } from './support/business-time.ts';
import { CUSTOMER_TEXT, fillProfileForm, openProfileForm, saveProfile } from './support/customer-booking.ts';
import { pickTime } from './support/slot-picker.ts';
import { BOOKING_SLOT_KEY } from '../../apps/web/src/features/booking/booking-selection.ts';
import { SELECTED_SERVICES_KEY } from '../../apps/web/src/features/services/selection.ts';

/**
 * Issue 16, service area and quotes, as people meet them: a customer whose postal code is outside the
 * demo service area (Toronto and Montréal) reaches checkout, is told online booking is closed there and
 * offered a quote request instead; the request (pre-filled with the service and the postal code) reaches
 * the admin's Quotes tab, the admin answers with a price and a length; the customer accepts, picks a
 * time among the quote's, and finds the visit at that price in My Appointments.
 */

const TEXT = {
  en: {
    ...CUSTOMER_TEXT.en,
    outside: 'We do not book this address online',
    requestQuote: 'Request a quote',
    requestTitle: 'Request a Quote',
    services: 'Services',
    description: 'What should we clean?',
    descriptionError: 'Tell us what you need cleaned.',
    bedrooms: 'Bedrooms',
    send: 'Send my request',
    sent: 'Your quote request was sent. We will email you our price.',
    myQuotes: 'My Quotes',
    waiting: 'Waiting for a price',
    quotesTab: 'Quotes',
    answer: /^Answer with a price/,
    price: 'Price ($)',
    typedPrice: '450.50',
    hours: 'Visit length (hours)',
    message: 'Message to the customer (optional)',
    sendPrice: 'Send the price',
    answered: 'The price was sent to the customer.',
    priceGiven: 'Price given',
    summary: 'Our price: $450.50 for a visit of about 3 hours',
    accept: 'Accept and choose a time',
    book: 'Book at this price',
    total: '$450.50',
    accepted: 'Accepted',
  },
  fr: {
    ...CUSTOMER_TEXT.fr,
    outside: 'Nous ne réservons pas cette adresse en ligne',
    requestQuote: 'Demander une soumission',
    requestTitle: 'Demander une soumission',
    services: 'Services',
    description: 'Que devons-nous nettoyer?',
    descriptionError: 'Dites-nous ce que nous devons nettoyer.',
    bedrooms: 'Chambres',
    send: 'Envoyer ma demande',
    sent: 'Votre demande de soumission est envoyée. Nous vous enverrons notre prix par courriel.',
    myQuotes: 'Mes soumissions',
    waiting: 'En attente d’un prix',
    quotesTab: 'Soumissions',
    answer: /^Répondre avec un prix/,
    price: 'Prix ($)',
    typedPrice: '450,50',
    hours: 'Durée de la visite (heures)',
    message: 'Message au client (facultatif)',
    sendPrice: 'Envoyer le prix',
    answered: 'Le prix a été envoyé au client.',
    priceGiven: 'Prix proposé',
    summary: 'Notre prix\u00a0: 450,50\u00a0$ pour une visite d’environ 3 heures',
    accept: 'Accepter et choisir une heure',
    book: 'Réserver à ce prix',
    total: '450,50\u00a0$',
    accepted: 'Acceptée',
  },
} as const;

type Language = keyof typeof TEXT;

/** Outside the demo area (Vancouver), and the day each language books (apart from the other specs'). */
const POSTAL_CODE = 'v6b 1a1';
const DAYS_AHEAD = { en: 15, fr: 16 } as const;
const LAST_NAME = { en: 'Lefebvre', fr: 'Bouchard' } as const;

/** The profile, through the page: a postal code that is not one is refused first. */
async function createProfileOutsideTheArea(page: Page, language: Language) {
  const t = TEXT[language];
  await openProfileForm(page, language);
  await fillProfileForm(page, language, {
    firstName: 'Camille',
    lastName: LAST_NAME[language],
    phone: '6045550199',
    address: '88 West Hastings Street',
    postalCode: '90210',
  });
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.postalError)).toBeVisible();
  await page.getByRole('textbox', { name: t.postalCode, exact: true }).fill(POSTAL_CODE);
  await saveProfile(page, language);
  // Kept in its one form, upper case with one space.
  await expect(page.getByText('V6B 1A1')).toBeVisible();
}

for (const language of ['en', 'fr'] as const) {
  test(`${language}: outside the service area, a quote request answered by the admin and accepted books a visit at that price`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const t = TEXT[language];
    const day = businessDay(DAYS_AHEAD[language] + 2 * test.info().retry);
    await setLanguage(page, language);
    await page.goto('/');
    const email = await createAccount('customer');
    await signIn(page, email, language);
    await createProfileOutsideTheArea(page, language);

    // Checkout with Standard Home Cleaning at a time: the address is outside the area, so no booking.
    const token = await readAccessToken(page);
    const services = (await (
      await page.request.get('/api/v1/services', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { serviceId: string; title: string }[];
    const standard = services.find((service) => service.title === 'Standard Home Cleaning');
    if (!standard) throw new Error('no demo service');
    await page.evaluate(
      ({ keys, serviceId, slot }) => {
        window.sessionStorage.setItem(keys.services, JSON.stringify([serviceId]));
        window.sessionStorage.setItem(keys.slot, slot);
      },
      {
        keys: { services: SELECTED_SERVICES_KEY, slot: BOOKING_SLOT_KEY },
        serviceId: standard.serviceId,
        slot: `${day}T15:00:00.000Z`,
      },
    );
    await page.goto('/checkout');
    const outside = page.getByTestId('outside-area');
    await expect(outside.getByText(t.outside)).toBeVisible();
    await expect(outside.getByText(/V6B 1A1/)).toBeVisible();
    await expect(page.getByRole('button', { name: t.confirm })).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The quote request, pre-filled with the service and the postal code.
    await outside.getByRole('link', { name: t.requestQuote }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.requestTitle })).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.postalCode, exact: true })).toHaveValue('V6B 1A1');
    await expect(page.getByText('Standard Home Cleaning').first()).toBeVisible();
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.descriptionError, { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: t.description }).fill('A two-storey house, the basement too.');
    await page.getByRole('textbox', { name: t.bedrooms }).fill('3');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.sent)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.myQuotes })).toBeVisible();
    const card = page.getByTestId('my-quote');
    await expect(card).toHaveCount(1);
    await expect(card.getByText(t.waiting)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The admin answers on the Quotes tab.
    const admin = await signedInPage(browser, baseURL, await createAccount('admin'), language);
    await admin.page.goto('/admin-dashboard?tab=quotes');
    const panel = admin.page.getByRole('tabpanel', { name: t.quotesTab });
    const request = panel.getByTestId('admin-quote').filter({ hasText: email });
    await expect(request.getByText('A two-storey house, the basement too.')).toBeVisible();
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await request.getByRole('button', { name: t.answer }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: t.price }).fill(t.typedPrice);
    await dialog.getByRole('textbox', { name: t.hours }).fill('3');
    await dialog.getByRole('textbox', { name: t.message }).fill('Two cleaners for the morning.');
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await dialog.getByRole('button', { name: t.sendPrice }).click();
    await expect(admin.page.getByText(t.answered)).toBeVisible();
    await expect(request.getByText(t.priceGiven)).toBeVisible();
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();

    // The customer sees the price, accepts, chooses a time of the quote's length.
    await page.reload();
    await expect(card.getByText(t.priceGiven)).toBeVisible();
    await expect(card.getByTestId('quote-price')).toHaveText(t.summary);
    await expect(card.getByText('Two cleaners for the morning.')).toBeVisible();
    await card.getByRole('button', { name: t.accept }).click();
    await pickTime(card, day, language, { nextMonth: t.nextMonth, time: t.time(13) });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.getByRole('button', { name: t.book }).click();

    // My Appointments: the visit at the quoted price; the quote is accepted.
    await expect(page.getByText(t.booked)).toBeVisible();
    const visits = page.getByRole('main').getByRole('article');
    await expect(visits).toHaveCount(1);
    await expect(visits.getByText(t.total).first()).toBeVisible();
    await expect(visits.getByTestId('appointment-time')).toHaveText(t.time(13));
    await page.goto('/my-quotes');
    await expect(card.getByText(t.accepted)).toBeVisible();
  });
}

test('en: a service priced on request leads to the quote request, with that service chosen', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, await createAccount('customer'));
  await page.goto('/services');
  await page.getByRole('link', { name: 'Request a quote for Post-Renovation Cleanup' }).click();
  await expect(page).toHaveURL(/\/request-quote\?services=/);
  // No profile yet: the form asks for one first, and comes back here once it is saved.
  await expect(page.getByRole('link', { name: 'Create my profile' })).toHaveAttribute(
    'href',
    '/profile?returnTo=%2Frequest-quote',
  );
  // With a profile: the form, the service chosen, the address and postal code from the profile.
  const created = await page.request.post('/api/v1/customers/me', {
    headers: { Authorization: `Bearer ${await readAccessToken(page)}` },
    data: {
      firstName: 'Noah',
      lastName: 'Tremblay',
      phoneNumber: '514-555-0111',
      address: '4500 Rue Sainte Catherine',
      postalCode: 'h3b 4w8',
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Postal Code', exact: true })).toHaveValue('H3B 4W8');
  await expect(page.getByText('Post-Renovation Cleanup', { exact: true }).first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
