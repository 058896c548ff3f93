import { expect, type Page, type Response } from '@playwright/test';

import { pickTime } from './slot-picker.ts';

/**
 * A customer, through the pages, in English or French: sets up the profile (/profile), picks services
 * (/services), a day and a time (/calendar-select), and confirms at checkout. The words are the pages'
 * own; specs add theirs to `CUSTOMER_TEXT` for what they check on the way.
 */

type Language = 'en' | 'fr';

const pad = (hour: number) => String(hour).padStart(2, '0');

export const CUSTOMER_TEXT = {
  en: {
    question: 'Would you like to set up a Customer Profile?',
    yes: 'Yes',
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Phone Number',
    address: 'Address',
    postalCode: 'Postal Code',
    postalError: 'Please enter a Canadian postal code, such as M5V 3L9.',
    save: 'Save',
    profileSaved: 'Profile updated successfully!',
    select: (service: string) => `Select ${service}`,
    continue: 'Continue',
    next: 'Next',
    nextMonth: 'Next month',
    time: (hour: number) => `${pad(hour)}:00`,
    confirm: 'Confirm Appointment',
    booked: 'Your appointment has been booked! You will receive a confirmation email shortly.',
    pending: 'Pending',
  },
  fr: {
    question: 'Voulez-vous créer un profil client?',
    yes: 'Oui',
    firstName: 'Prénom',
    lastName: 'Nom',
    phone: 'Numéro de téléphone',
    address: 'Adresse',
    postalCode: 'Code postal',
    postalError: 'Entrez un code postal canadien, comme H2X 1Y4.',
    save: 'Enregistrer',
    profileSaved: 'Profil mis à jour avec succès!',
    select: (service: string) => `Choisir ${service}`,
    continue: 'Continuer',
    next: 'Suivant',
    nextMonth: 'Mois suivant',
    time: (hour: number) => `${pad(hour)} h 00`,
    confirm: 'Confirmer le rendez-vous',
    booked: 'Votre rendez-vous est réservé! Vous recevrez un courriel de confirmation sous peu.',
    pending: 'En attente',
  },
} as const;

export type ProfileFields = {
  firstName: string;
  lastName: string;
  /** Typed key by key, as a person does (the field formats it as 123-456-7890). */
  phone: string;
  address: string;
  postalCode?: string;
};

/** /profile (on `base`, the site's unless given): the question, then Yes opens the empty form. */
export async function openProfileForm(page: Page, language: Language, base = '') {
  const t = CUSTOMER_TEXT[language];
  await page.goto(`${base}/profile`);
  await expect(page.getByRole('heading', { name: t.question })).toBeVisible();
  await page.getByRole('button', { name: t.yes, exact: true }).click();
}

/** Fills the open profile form (the postal code only when given); nothing is saved yet. */
export async function fillProfileForm(page: Page, language: Language, fields: ProfileFields) {
  const t = CUSTOMER_TEXT[language];
  await page.getByRole('textbox', { name: t.firstName, exact: true }).fill(fields.firstName);
  await page.getByRole('textbox', { name: t.lastName, exact: true }).fill(fields.lastName);
  await page.getByRole('textbox', { name: t.phone, exact: true }).pressSequentially(fields.phone);
  await page.getByRole('textbox', { name: t.address, exact: true }).fill(fields.address);
  if (fields.postalCode !== undefined) {
    await page.getByRole('textbox', { name: t.postalCode, exact: true }).fill(fields.postalCode);
  }
}

/** Save on the profile form, and the page says it is saved. */
export async function saveProfile(page: Page, language: Language) {
  const t = CUSTOMER_TEXT[language];
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.profileSaved)).toBeVisible();
}

/** The whole profile set up through the page: question, form, Save. */
export async function createProfile(page: Page, language: Language, fields: ProfileFields, base = '') {
  await openProfileForm(page, language, base);
  await fillProfileForm(page, language, fields);
  await saveProfile(page, language);
}

/** /services: the services (by title) checked, then Continue to the calendar. */
export async function chooseServices(page: Page, language: Language, titles: readonly string[], base = '') {
  const t = CUSTOMER_TEXT[language];
  await page.goto(`${base}/services`);
  for (const title of titles) await page.getByRole('checkbox', { name: t.select(title) }).check();
  await page.getByRole('button', { name: t.continue, exact: true }).click();
  await expect(page).toHaveURL(/\/calendar-select$/);
}

/** On /calendar-select: the day (after Next month when needed) and the hour, shown as chosen. */
export async function pickSlot(page: Page, language: Language, day: string, hour: number) {
  const t = CUSTOMER_TEXT[language];
  const time = await pickTime(page, day, language, { nextMonth: t.nextMonth, time: t.time(hour) });
  await expect(time).toHaveAttribute('aria-pressed', 'true');
}

/** The calendar's Next, on to checkout. */
export async function toCheckout(page: Page, language: Language) {
  await page.getByRole('button', { name: CUSTOMER_TEXT[language].next, exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

/** The customer's booking request (checkout's Confirm). */
export function isBooking(response: Response) {
  return response.request().method() === 'POST' && response.url().includes('/api/v1/appointments/customers/');
}

/**
 * Checkout's Confirm: the booking request, then My Appointments saying it is booked. Returns the
 * booking's response.
 */
export async function confirmBooking(page: Page, language: Language): Promise<Response> {
  const t = CUSTOMER_TEXT[language];
  const [booking] = await Promise.all([
    page.waitForResponse(isBooking),
    page.getByRole('button', { name: t.confirm }).click(),
  ]);
  await expect(page).toHaveURL(/\/my-appointments$/);
  await expect(page.getByText(t.booked)).toBeVisible();
  return booking;
}
