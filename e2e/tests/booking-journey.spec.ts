import type { Page, Response } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { setLanguage, signUp, uniqueEmail } from './support/accounts.ts';
import { businessDay, businessInstant, longDay } from './support/business-time.ts';

/**
 * The main flow of the spec (§2): a new customer sets up a profile, picks services, a date and a
 * time, checks out, finds the appointment in My appointments, changes its time and cancels it, in
 * both languages; and, from a browser in another time zone, books the business-local hour.
 */

type Language = 'en' | 'fr';

const TEXT = {
  en: {
    question: 'Would you like to set up a Customer Profile?',
    yes: 'Yes',
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Phone Number',
    address: 'Address',
    save: 'Save',
    edit: 'Edit',
    cancelEdit: 'Cancel',
    company: 'Company Name',
    firstNameEmpty: 'First Name cannot be empty.',
    phoneFormat: 'Phone number must be in the format 123-456-7890.',
    addressFormat: 'Address must be in the format: 123 Main Street',
    profileSaved: 'Profile updated successfully!',
    selectWindows: 'Select Window Washing',
    selectStandard: 'Select Standard Home Cleaning',
    continue: 'Continue',
    next: 'Next',
    missing: 'Please select a valid date and a valid time.',
    nextMonth: 'Next month',
    time: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
    total: '$235.00',
    price: '$95.00',
    comments: 'Comments (optional)',
    confirm: 'Confirm Appointment',
    booked: 'Your appointment has been booked! You will receive a confirmation email shortly.',
    showingFor: 'Showing appointments for',
    pending: 'Pending',
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
    question: 'Voulez-vous créer un profil client?',
    yes: 'Oui',
    firstName: 'Prénom',
    lastName: 'Nom',
    phone: 'Numéro de téléphone',
    address: 'Adresse',
    save: 'Enregistrer',
    edit: 'Modifier',
    cancelEdit: 'Annuler',
    company: 'Nom de l’entreprise',
    firstNameEmpty: 'Le prénom ne peut pas être vide.',
    phoneFormat: 'Le numéro de téléphone doit être au format 123-456-7890.',
    addressFormat: 'L’adresse doit être au format : 123 Main Street',
    profileSaved: 'Profil mis à jour avec succès!',
    selectWindows: 'Choisir Window Washing',
    selectStandard: 'Choisir Standard Home Cleaning',
    continue: 'Continuer',
    next: 'Suivant',
    missing: 'Veuillez choisir une date et une heure valides.',
    nextMonth: 'Mois suivant',
    time: (hour: number) => `${hour} h 00`,
    total: '235,00 $',
    price: '95,00 $',
    comments: 'Commentaires (facultatif)',
    confirm: 'Confirmer le rendez-vous',
    booked: 'Votre rendez-vous est réservé! Vous recevrez un courriel de confirmation sous peu.',
    showingFor: 'Rendez-vous de',
    pending: 'En attente',
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

async function createProfile(page: Page, language: Language) {
  const t = TEXT[language];
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: t.question })).toBeVisible();
  await page.getByRole('button', { name: t.yes, exact: true }).click();

  // The spec §5 rules, before anything is sent.
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.firstNameEmpty)).toBeVisible();
  await expect(page.getByText(t.phoneFormat)).toBeVisible();

  await page.getByRole('textbox', { name: t.firstName, exact: true }).fill('Camille');
  await page.getByRole('textbox', { name: t.lastName, exact: true }).fill('Gagnon');
  const phone = page.getByRole('textbox', { name: t.phone, exact: true });
  await phone.pressSequentially('(514) 555-12345');
  await expect(phone).toHaveValue('514-555-1234');
  const address = page.getByRole('textbox', { name: t.address, exact: true });
  await address.fill('Main Street');
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.addressFormat)).toBeVisible();
  await address.fill('123 Main Street');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.profileSaved)).toBeVisible();
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

/** On /calendar-select: a day (moving to the next month if needed) and an hour. */
async function pickSlot(page: Page, language: Language, day: string, hour: number) {
  const t = TEXT[language];
  const dayButton = page.getByRole('button', { name: longDay(day, language), exact: true }).first();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: t.nextMonth }).click();
  await dayButton.click();
  const time = page.getByRole('button', { name: t.time(hour), exact: true });
  await expect(time).toBeEnabled();
  await time.click();
  await expect(time).toHaveAttribute('aria-pressed', 'true');
}

async function chooseServicesAndSlot(page: Page, language: Language, day: string, hour: number) {
  const t = TEXT[language];
  await page.goto('/services');
  await page.getByRole('checkbox', { name: t.selectWindows }).check();
  await page.getByRole('checkbox', { name: t.selectStandard }).check();
  await page.getByRole('button', { name: t.continue, exact: true }).click();
  await expect(page).toHaveURL(/\/calendar-select$/);
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
  await page.getByRole('button', { name: t.next, exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

function isBooking(response: Response) {
  return response.request().method() === 'POST' && response.url().includes('/api/v1/appointments/customers/');
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
    await createProfile(page, language);
    await chooseServicesAndSlot(page, language, day, 10);

    // Checkout: prices, total, the business-local time, the name from the profile.
    const main = page.getByRole('main');
    await expect(main.getByText(t.price)).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText(t.total);
    await expect(page.getByTestId('checkout-time')).toHaveText(t.time(10));
    await expect(page.getByRole('textbox', { name: t.firstName, exact: true })).toHaveValue('Camille');
    await page.getByRole('textbox', { name: t.comments }).fill('Code 1234');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [booking] = await Promise.all([
      page.waitForResponse(isBooking),
      page.getByRole('button', { name: t.confirm }).click(),
    ]);
    expect(booking.status()).toBe(201);
    expect(booking.request().headers()['idempotency-key']).toMatch(/^[\w-]{8,100}$/);
    expect(((await booking.json()) as { appointmentDate: string }).appointmentDate).toBe(
      businessInstant(day, 10),
    );

    // My appointments: the success message, the card, pending.
    await expect(page).toHaveURL(/\/my-appointments$/);
    await expect(page.getByText(t.booked)).toBeVisible();
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
    await createProfile(page, 'en');
    await chooseServicesAndSlot(page, 'en', day, 10);
    await expect(page.getByTestId('checkout-time')).toHaveText('10:00');
    const [booking] = await Promise.all([
      page.waitForResponse(isBooking),
      page.getByRole('button', { name: 'Confirm Appointment' }).click(),
    ]);
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
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Alex');
  await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Roy');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('4185550000');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Rue Principale');
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
