import type { Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { setLanguage, signUp, uniqueEmail } from './support/accounts.ts';
import { businessDay, businessInstant } from './support/business-time.ts';
import {
  chooseServices,
  confirmBooking,
  CUSTOMER_TEXT,
  fillProfileForm,
  openProfileForm,
  pickSlot,
  saveProfile,
  toCheckout,
} from './support/customer-booking.ts';

/**
 * The main flow of the spec (§2): a new customer sets up a profile, picks services, a date and a
 * time, checks out, finds the appointment in My appointments, changes its time and cancels it, in
 * both languages; and, from a browser in another time zone, books the business-local hour.
 */

type Language = 'en' | 'fr';

const TEXT = {
  en: {
    ...CUSTOMER_TEXT.en,
    edit: 'Edit',
    cancelEdit: 'Cancel',
    company: 'Company Name',
    firstNameEmpty: 'First Name cannot be empty.',
    phoneFormat: 'Phone number must be in the format 123-456-7890.',
    addressFormat: 'Address must be in the format: 123 Main Street',
    missing: 'Please select a valid date and a valid time.',
    total: '$235.00',
    price: '$95.00',
    comments: 'Comments (optional)',
    showingFor: 'Showing appointments for',
    cancelled: 'Cancelled',
    editLink: /^Edit the appointment of/,
    saveChanges: 'Save Changes',
    updated: 'Appointment updated successfully (Customer).',
    cancel: /^Cancel Appointment: /,
    cancelQuestion: 'Are you sure you want to cancel this appointment?',
    cancelYes: 'Yes, cancel it',
    empty: 'No appointments found.',
    emptyPending: 'No pending appointments found.',
    filterCancelled: 'Cancelled',
    filterPending: 'Pending',
  },
  fr: {
    ...CUSTOMER_TEXT.fr,
    edit: 'Modifier',
    cancelEdit: 'Annuler',
    company: 'Nom de l’entreprise',
    firstNameEmpty: 'Le prénom ne peut pas être vide.',
    phoneFormat: 'Le numéro de téléphone doit être au format 123-456-7890.',
    addressFormat: 'L’adresse doit être au format : 123 Main Street',
    missing: 'Veuillez choisir une date et une heure valides.',
    total: '235,00 $',
    price: '95,00 $',
    comments: 'Commentaires (facultatif)',
    showingFor: 'Rendez-vous de',
    cancelled: 'Annulé',
    editLink: /^Modifier le rendez-vous du/,
    saveChanges: 'Enregistrer les modifications',
    updated: 'Rendez-vous mis à jour avec succès (client).',
    cancel: /^Annuler le rendez-vous du/,
    cancelQuestion: 'Voulez-vous vraiment annuler ce rendez-vous?',
    cancelYes: 'Oui, l’annuler',
    empty: 'Aucun rendez-vous trouvé.',
    emptyPending: 'Aucun rendez-vous en attente trouvé.',
    filterCancelled: 'Annulés',
    filterPending: 'En attente',
  },
} as const;

async function createProfileWithChecks(page: Page, language: Language) {
  const t = TEXT[language];
  await openProfileForm(page, language);

  // The spec §5 rules, before anything is sent.
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.firstNameEmpty)).toBeVisible();
  await expect(page.getByText(t.phoneFormat)).toBeVisible();

  // Typed with its punctuation and a digit too many: kept as 123-456-7890.
  await fillProfileForm(page, language, {
    firstName: 'Camille',
    lastName: 'Gagnon',
    phone: '(514) 555-12345',
    address: 'Main Street',
  });
  await expect(page.getByRole('textbox', { name: t.phone, exact: true })).toHaveValue('514-555-1234');
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.addressFormat)).toBeVisible();
  await page.getByRole('textbox', { name: t.address, exact: true }).fill('123 Main Street');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await saveProfile(page, language);
  await expect(page.getByRole('button', { name: t.edit, exact: true })).toBeVisible();
  await expect(page.getByText('514-555-1234')).toBeVisible();

  // Edit, then Cancel keeps the saved values; Edit, then Save changes them.
  await page.getByRole('button', { name: t.edit, exact: true }).click();
  await page.getByRole('textbox', { name: t.address, exact: true }).fill('9 Wrong Street');
  await page.getByRole('button', { name: t.cancelEdit, exact: true }).click();
  await expect(page.getByText('123 Main Street')).toBeVisible();
  await page.getByRole('button', { name: t.edit, exact: true }).click();
  await page.getByRole('textbox', { name: t.company, exact: true }).fill('Nettoyage Boréal');
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText('Nettoyage Boréal')).toBeVisible();
}

async function chooseServicesAndSlot(page: Page, language: Language, day: string, hour: number) {
  const t = TEXT[language];
  await chooseServices(page, language, ['Window Washing', 'Standard Home Cleaning']);
  await expect(page.getByRole('button', { name: t.next, exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Window Washing$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Standard Home Cleaning$/ })).toBeVisible();

  await page.getByRole('button', { name: t.next, exact: true }).click();
  await expect(page.getByText(t.missing)).toBeVisible();

  await pickSlot(page, language, day, hour);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // A reload keeps the services and the chosen time.
  await page.reload();
  await expect(page.getByRole('button', { name: t.time(hour), exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await toCheckout(page, language);
}

const DAYS_AHEAD = { en: 7, fr: 8 } as const;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: a new customer books, finds, changes and cancels an appointment`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = TEXT[language];
    const day = businessDay(DAYS_AHEAD[language]);
    await setLanguage(page, language);
    await page.goto('/');
    const email = uniqueEmail(`booking-${language}`);
    await signUp(page, email, language);
    await createProfileWithChecks(page, language);
    await chooseServicesAndSlot(page, language, day, 10);

    // Checkout: prices, total, the business-local time, the name from the profile.
    const main = page.getByRole('main');
    await expect(main.getByText(t.price)).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText(t.total);
    await expect(page.getByTestId('checkout-time')).toHaveText(t.time(10));
    await expect(page.getByRole('textbox', { name: t.firstName, exact: true })).toHaveValue('Camille');
    await page.getByRole('textbox', { name: t.comments }).fill('Code 1234');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // My appointments says it is booked.
    const booking = await confirmBooking(page, language);
    expect(booking.status()).toBe(201);
    expect(booking.request().headers()['idempotency-key']).toMatch(/^[\w-]{8,100}$/);
    expect(((await booking.json()) as { appointmentDate: string }).appointmentDate).toBe(
      businessInstant(day, 10),
    );

    // My appointments: the card, pending.
    await expect(page.getByText(t.showingFor)).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const cards = main.getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByText(t.pending)).toBeVisible();
    await expect(cards.getByTestId('appointment-time')).toHaveText(t.time(10));
    await expect(cards.getByText('Code 1234')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The selection was cleared after booking.
    expect(await page.evaluate(() => sessionStorage.getItem('eclat.booking.slot'))).toBeNull();

    // Change its time to 15:00.
    await cards.getByRole('link', { name: t.editLink }).click();
    await expect(page).toHaveURL(/\/my-appointments\/edit\//);
    const fifteen = page.getByRole('button', { name: t.time(15), exact: true });
    await expect(fifteen).toBeEnabled();
    await fifteen.click();
    await page.getByRole('button', { name: t.saveChanges }).click();
    await expect(page.getByText(t.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/my-appointments$/);
    await expect(cards.getByTestId('appointment-time')).toHaveText(t.time(15));

    // Cancel it: asked first, then gone from all and pending, listed under cancelled.
    await cards.getByRole('button', { name: t.cancel }).click();
    await expect(page.getByText(t.cancelQuestion)).toBeVisible();
    await page.getByRole('button', { name: t.cancelYes }).click();
    await expect(page.getByText(t.empty)).toBeVisible();
    await expect(cards).toHaveCount(0);
    await page.getByText(t.filterPending, { exact: true }).click();
    await expect(page.getByText(t.emptyPending)).toBeVisible();
    await page.getByText(t.filterCancelled, { exact: true }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.getByText(t.cancelled, { exact: true })).toBeVisible();
    await expect(cards.getByRole('button', { name: t.cancel })).toHaveCount(0);
  });
}

test.describe('from a browser in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('en: the 10:00 button books 10:00 business time (Toronto)', async ({ page }) => {
    test.setTimeout(90_000);
    const day = businessDay(9);
    await page.goto('/');
    await signUp(page, uniqueEmail('booking-tokyo'));
    await createProfileWithChecks(page, 'en');
    await chooseServicesAndSlot(page, 'en', day, 10);
    await expect(page.getByTestId('checkout-time')).toHaveText('10:00');
    const booking = await confirmBooking(page, 'en');
    expect(((await booking.json()) as { appointmentDate: string }).appointmentDate).toBe(
      businessInstant(day, 10),
    );
    await expect(page.getByRole('main').getByRole('article').getByTestId('appointment-time')).toHaveText(
      '10:00',
    );
  });
});

test('en: checkout sends a customer without a profile to create one and back; a full slot and a failed try are recoverable', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const day = businessDay(10);
  await page.goto('/');
  await signUp(page, uniqueEmail('booking-recover'));
  const windows = await page.evaluate(async () => {
    const services = (await (await fetch('/api/v1/services')).json()) as {
      serviceId: string;
      title: string;
    }[];
    return services.find((service) => service.title === 'Window Washing')?.serviceId;
  });
  expect(windows).toBeTruthy();
  await page.evaluate((id) => {
    sessionStorage.setItem('eclat.services.selection', JSON.stringify([id]));
  }, windows);
  await page.goto('/calendar-select');
  await pickSlot(page, 'en', day, 11);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // No profile yet: create it from checkout and come straight back.
  await expect(page.getByText('A customer profile is needed')).toBeVisible();
  await page.getByRole('link', { name: 'Create my profile' }).click();
  await expect(page).toHaveURL(/\/profile\?returnTo=%2Fcheckout$/);
  await fillProfileForm(page, 'en', {
    firstName: 'Alex',
    lastName: 'Roy',
    phone: '4185550000',
    address: '12 Rue Principale',
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Alex');
  await expect(page.getByTestId('checkout-time')).toHaveText('11:00');

  // The slot filled meanwhile: a clear message and a way back with the services kept.
  await page.route('**/api/v1/appointments/customers/**', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'SLOT_FULL', message: 'This slot is full.' }),
    }),
  );
  await page.getByRole('button', { name: 'Confirm Appointment' }).click();
  await expect(page.getByText('Sorry, this time slot was just fully booked.')).toBeVisible();
  await page.getByRole('button', { name: 'Choose another time' }).click();
  await expect(page).toHaveURL(/\/calendar-select$/);
  await expect(page.getByText('This time is now fully booked. Please choose another time.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Window Washing$/ })).toBeVisible();
  await page.unrouteAll();
  await pickSlot(page, 'en', day, 12);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('checkout-time')).toHaveText('12:00');

  // A failed try keeps the page; the retry carries the same Idempotency-Key and books once.
  const keys: string[] = [];
  let calls = 0;
  await page.route('**/api/v1/appointments/customers/**', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    calls += 1;
    if (calls === 1) await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Confirm Appointment' }).click();
  await expect(page.getByText('Error creating appointment. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Appointment' }).click();
  await expect(page).toHaveURL(/\/my-appointments$/);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('article').getByTestId('appointment-time')).toHaveText(
    '12:00',
  );
});
