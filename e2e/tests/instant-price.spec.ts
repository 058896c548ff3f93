import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import PostalMime from 'postal-mime';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { setLanguage, signUp, uniqueEmail } from './support/accounts.ts';
import { businessDay, businessInstant, longDay } from './support/business-time.ts';
import { cleanersOfItsOwn, OWN_DAYS } from './support/own-team.ts';
import {
  chooseServices,
  confirmBooking,
  createProfile,
  CUSTOMER_TEXT,
  pickSlot,
  toCheckout,
} from './support/customer-booking.ts';

/**
 * Instant prices (issue 16, decisions 025 and 026), as a customer meets them: Whole Home Cleaning
 * (priced by rooms) for a 3-bedroom, 2-bathroom home with two extras shows its price and length live in
 * "Your home", the calendar offers only the times a cleaner is free for that long before closing, and the
 * booking, My Appointments and the confirmation email show the breakdown; the postal code of "Your home"
 * (the profile's, pre-filled) adds the demo's Oakville travel surcharge live and at booking, and one
 * outside the area offers the quote request instead of the times; in English and in French.
 */

const TEXT = {
  en: {
    ...CUSTOMER_TEXT.en,
    homeHeading: 'Your home',
    bedrooms: 'Bedrooms',
    bathrooms: 'Bathrooms',
    fridge: 'Inside the fridge',
    oven: 'Inside the oven',
    incomplete: 'Tell us about your home to see the price, the duration and the free times.',
    first: 'Tell us about your home first: the free times depend on how long the visit takes.',
    roomsOnly: 'Estimated price: $205.00 · Duration: 3 h 30 min',
    withExtras: 'Estimated price: $270.00 · Duration: 4 h 30 min',
    tooLate: (hour: number) =>
      `${String(hour).padStart(2, '0')}:00, too late: it would end after closing time`,
    basis: '3 bedrooms, 2 bathrooms',
    base: '$205.00',
    fridgePrice: '$30.00',
    ovenPrice: '$35.00',
    total: '$270.00',
    emailLines: [
      'Whole Home Cleaning (3 bedrooms, 2 bathrooms): $205.00',
      'Inside the fridge: $30.00',
      'Inside the oven: $35.00',
      'Total: $270.00',
    ],
    homePostalCode: 'Postal code of the home',
    ownAddress: 'At my address: 123 Main Street, L6J 4V1',
    otherAddress: 'At another address',
    street: 'Street address',
    city: 'City',
    cityRequired: 'Please enter the city.',
    surcharge: 'Includes a travel surcharge of $25.00 for L6J 4V1.',
    surchargeThere: 'Includes a travel surcharge of $25.00 for L6J 2Y5.',
    windowsPrice: 'Estimated price: $95.00 · Duration: 1 h 30 min',
    windowsWithSurcharge: 'Estimated price: $120.00 · Duration: 1 h 30 min',
    outside: 'We do not book this address online',
    requestQuote: 'Request a quote',
    requestTitle: 'Request a Quote',
    surchargeLine: 'Travel surcharge',
    surchargePrice: '$25.00',
    surchargeTotal: '$120.00',
    surchargeEmail: 'Travel surcharge: $25.00',
  },
  fr: {
    ...CUSTOMER_TEXT.fr,
    homeHeading: 'Votre logement',
    bedrooms: 'Chambres',
    bathrooms: 'Salles de bain',
    fridge: 'Intérieur du réfrigérateur',
    oven: 'Intérieur du four',
    incomplete: 'Parlez-nous de votre logement pour voir le prix, la durée et les heures libres.',
    first: 'Parlez-nous d’abord de votre logement : les heures libres dépendent de la durée de la visite.',
    roomsOnly: 'Prix estimé : 205,00 $ · Durée : 3 h 30 min',
    withExtras: 'Prix estimé : 270,00 $ · Durée : 4 h 30 min',
    tooLate: (hour: number) => `${hour} h 00, trop tard : finirait après la fermeture`,
    basis: '3 chambres, 2 salles de bain',
    base: '205,00 $',
    fridgePrice: '30,00 $',
    ovenPrice: '35,00 $',
    total: '270,00 $',
    emailLines: [
      'Whole Home Cleaning (3 chambres, 2 salles de bain) : 205,00 $',
      'Intérieur du réfrigérateur : 30,00 $',
      'Intérieur du four : 35,00 $',
      'Total : 270,00 $',
    ],
    homePostalCode: 'Code postal du logement',
    ownAddress: 'À mon adresse : 123 Main Street, L6J 4V1',
    otherAddress: 'À une autre adresse',
    street: 'Adresse (numéro et rue)',
    city: 'Ville',
    cityRequired: 'Veuillez indiquer la ville.',
    surcharge: 'Comprend des frais de déplacement de 25,00 $ pour L6J 4V1.',
    surchargeThere: 'Comprend des frais de déplacement de 25,00 $ pour L6J 2Y5.',
    windowsPrice: 'Prix estimé : 95,00 $ · Durée : 1 h 30 min',
    windowsWithSurcharge: 'Prix estimé : 120,00 $ · Durée : 1 h 30 min',
    outside: 'Nous ne réservons pas cette adresse en ligne',
    requestQuote: 'Demander une soumission',
    requestTitle: 'Demander une soumission',
    surchargeLine: 'Frais de déplacement',
    surchargePrice: '25,00 $',
    surchargeTotal: '120,00 $',
    surchargeEmail: 'Frais de déplacement : 25,00 $',
  },
} as const;

type Language = keyof typeof TEXT;

/** Spaces of any kind (French puts no-break spaces in prices and before colons) as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A new customer, signed up and with a profile (and this postal code, if any). Returns the email. */
async function newCustomer(page: Page, language: Language, name: string, postalCode?: string) {
  await setLanguage(page, language);
  await page.goto('/');
  const email = uniqueEmail(`${name}-${language}`);
  await signUp(page, email, language);
  await createProfile(page, language, {
    firstName: 'Camille',
    lastName: 'Gagnon',
    phone: '5145551234',
    address: '123 Main Street',
    ...(postalCode ? { postalCode } : {}),
  });
  return email;
}

/** The confirmation email the server without SMTP wrote for this address (DATA_DIR/mail). */
async function confirmationText(email: string): Promise<string> {
  const mailbox = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const safeTo = email.replace(/[^a-zA-Z0-9@._-]/g, '_');
  let text = '';
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(mailbox).catch(() => [])).filter((file) =>
          file.endsWith(`-${safeTo}.eml`),
        );
        for (const file of files) {
          const parsed = await PostalMime.parse(await fs.readFile(path.join(mailbox, file), 'utf8'));
          if (parsed.attachments.some((attachment) => attachment.mimeType.startsWith('text/calendar'))) {
            text = plain(parsed.text ?? '');
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  return text;
}

// Days no other spec books on (they use the next three weeks): a 4 h 30 visit takes a cleaner for
// most of an afternoon, which must not take the time another spec counts on. The demo team works
// the coming four weeks.
const DAYS_AHEAD = { en: 25, fr: 27 } as const;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: a 3-bedroom, 2-bathroom home with two extras gets its price and length live, books a time long enough, and sees the breakdown`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[language];
    const day = businessDay(DAYS_AHEAD[language]);
    const email = await newCustomer(page, language, 'instant-price');

    await chooseServices(page, language, ['Whole Home Cleaning']);

    // "Your home" comes first: nothing to pick before it says what the service needs.
    await expect(page.getByRole('heading', { name: t.homeHeading })).toBeVisible();
    const estimate = page.getByTestId('home-estimate');
    await expect(estimate).toHaveAttribute('aria-live', 'polite');
    await expect(estimate).toHaveText(t.incomplete);
    await page.getByRole('button', { name: t.next, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.first })).toBeVisible();

    await page.getByRole('textbox', { name: t.bedrooms }).fill('3');
    await page.getByRole('textbox', { name: t.bathrooms }).fill('2');
    await expect(estimate).toHaveText(t.roomsOnly);
    await page.getByRole('checkbox', { name: t.fridge }).check();
    await page.getByRole('checkbox', { name: t.oven }).check();
    await expect(estimate).toHaveText(t.withExtras);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 4 h 30 from 17:00 would end after closing (21:00): the calendar says so; 16:00 is free for that long.
    const dayButton = page.getByRole('button', { name: longDay(day, language), exact: true }).first();
    if (!(await dayButton.isVisible())) await page.getByRole('button', { name: t.nextMonth }).click();
    await dayButton.click();
    await expect(page.getByRole('button', { name: t.tooLate(17), exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const four = page.getByRole('button', { name: t.time(16), exact: true });
    await expect(four).toBeEnabled();
    await four.click();
    await expect(four).toHaveAttribute('aria-pressed', 'true');
    // A reload keeps the home, the extras and the time.
    await page.reload();
    await expect(page.getByTestId('home-estimate')).toHaveText(t.withExtras);
    await expect(page.getByRole('button', { name: t.time(16), exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await toCheckout(page, language);

    // Checkout: base (with the rooms), each extra, the total.
    const breakdown = page.getByTestId('price-breakdown');
    const service = breakdown.getByRole('listitem').filter({ hasText: 'Whole Home Cleaning' });
    await expect(service).toContainText(t.basis);
    await expect(service).toContainText(t.base);
    await expect(breakdown.getByRole('listitem').filter({ hasText: t.fridge })).toContainText(t.fridgePrice);
    await expect(breakdown.getByRole('listitem').filter({ hasText: t.oven })).toContainText(t.ovenPrice);
    await expect(page.getByTestId('checkout-total')).toHaveText(t.total);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const booking = await confirmBooking(page, language);
    expect(booking.status()).toBe(201);
    const sent = booking.request().postDataJSON() as { home: unknown; extraIds: string[] };
    expect(sent.home).toEqual({ bedrooms: 3, bathrooms: 2 });
    expect(sent.extraIds).toHaveLength(2);
    const booked = (await booking.json()) as { appointmentDate: string; endsAt: string; totalPrice: number };
    expect(booked.appointmentDate).toBe(businessInstant(day, 16));
    expect(Date.parse(booked.endsAt) - Date.parse(booked.appointmentDate)).toBe(270 * 60_000);
    expect(booked.totalPrice).toBe(270);

    // My Appointments: the card's breakdown.
    const card = page.getByRole('main').getByRole('article');
    await expect(card.getByTestId('appointment-time')).toHaveText(t.time(16));
    const lines = card.getByTestId('price-breakdown');
    await expect(lines.getByRole('listitem')).toHaveCount(3);
    await expect(lines.getByRole('listitem').first()).toContainText(t.basis);
    await expect(lines).toContainText(t.fridge);
    await expect(lines).toContainText(t.total);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The confirmation email lists the same lines.
    const text = await confirmationText(email);
    for (const line of t.emailLines) expect(text).toContain(line);
  });
}

for (const language of ['en', 'fr'] as const) {
  test(`${language}: the visit's address in "Your home" (the profile's, or another one typed) adds its travel surcharge live and at booking; outside the area, the quote request instead of the times`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[language];
    // A day of its own after the demo team's weeks, with a cleaner of its own: on a day of the demo team,
    // another test's visits (or the weekday) could leave nobody free at 10:00.
    const day = businessDay(OWN_DAYS.surcharge[language] + 4 * test.info().retry);
    await cleanersOfItsOwn(day, 1, `Surcharge${language}${Date.now().toString(36)}`);
    // Oakville: the demo area's $25 travel surcharge.
    const email = await newCustomer(page, language, 'surcharge', 'l6j 4v1');

    await chooseServices(page, language, ['Window Washing']);

    // A flat service asks nothing of the home but where it is: the profile's address, chosen and shown.
    await expect(page.getByRole('heading', { name: t.homeHeading })).toBeVisible();
    await expect(page.getByRole('radio', { name: t.ownAddress })).toBeChecked();
    const estimate = page.getByTestId('home-estimate');
    await expect(page.getByTestId('home-surcharge')).toHaveText(t.surcharge);
    await expect(estimate).toHaveText(t.windowsWithSurcharge);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Another address (issue 27): street, city and postal code, priced live at its postal code; a part
    // missing or not a postal code says so.
    await page.getByRole('radio', { name: t.otherAddress }).check();
    const postal = page.getByRole('textbox', { name: t.homePostalCode });
    await page.getByRole('textbox', { name: t.street }).fill('301 Front Street West');
    await postal.fill('M5V 3L9');
    // Next with the city left empty: the times wait, and the city says what it needs.
    await page.getByRole('button', { name: t.next, exact: true }).click();
    await expect(page.getByText(t.cityRequired)).toBeVisible();
    await page.getByRole('textbox', { name: t.city, exact: true }).fill('Toronto');
    await expect(estimate).toHaveText(t.windowsPrice);
    await expect(page.getByTestId('home-surcharge')).toHaveText('');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await postal.fill('90210A');
    await expect(page.getByText(t.postalError)).toBeVisible();

    // Outside the area: said right there, the quote request offered, no times to pick.
    await postal.fill('v6b 1a1');
    const outside = page.getByTestId('outside-area');
    await expect(outside.getByText(t.outside)).toBeVisible();
    await expect(estimate).toHaveText('');
    await expect(page.getByRole('button', { name: t.next, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.nextMonth })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await outside.getByRole('link', { name: t.requestQuote }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.requestTitle })).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.postalCode, exact: true })).toHaveValue('V6B 1A1');
    await expect(page.getByText('Window Washing').first()).toBeVisible();

    // Back, and booked at another Oakville address: its surcharge, a time, and checkout shows the place.
    await page.goBack();
    await expect(page).toHaveURL(/\/calendar-select$/);
    await page.getByRole('textbox', { name: t.street }).fill('5 Navy Street');
    await page.getByRole('textbox', { name: t.city, exact: true }).fill('Oakville');
    await page.getByRole('textbox', { name: t.homePostalCode }).fill('L6J 2Y5');
    await expect(page.getByTestId('home-surcharge')).toHaveText(t.surchargeThere);
    await pickSlot(page, language, day, 10);
    await toCheckout(page, language);
    await expect(page.getByTestId('checkout-address')).toHaveText('5 Navy Street, Oakville, L6J 2Y5');
    const breakdown = page.getByTestId('price-breakdown');
    await expect(breakdown.getByRole('listitem').filter({ hasText: t.surchargeLine })).toContainText(
      t.surchargePrice,
    );
    await expect(page.getByTestId('checkout-total')).toHaveText(t.surchargeTotal);

    const booking = await confirmBooking(page, language);
    expect(booking.status()).toBe(201);
    expect((booking.request().postDataJSON() as { place: unknown }).place).toEqual({
      street: '5 Navy Street',
      city: 'Oakville',
      postalCode: 'L6J 2Y5',
    });
    const booked = (await booking.json()) as { totalPrice: number; address: string; postalCode: string };
    expect(booked).toMatchObject({ totalPrice: 120, address: '5 Navy Street', postalCode: 'L6J 2Y5' });

    // My Appointments' card and the email list the surcharge.
    const lines = page.getByRole('main').getByRole('article').getByTestId('price-breakdown');
    await expect(lines.getByRole('listitem').filter({ hasText: t.surchargeLine })).toContainText(
      t.surchargePrice,
    );
    await expect(lines).toContainText(t.surchargeTotal);
    await expect(page.getByRole('main').getByRole('article')).toContainText(
      '5 Navy Street, Oakville, L6J 2Y5',
    );
    const text = await confirmationText(email);
    expect(text).toContain(t.surchargeEmail);
    expect(text).toContain('5 Navy Street, Oakville, L6J 2Y5');
  });
}
