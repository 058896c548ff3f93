import type { Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn } from './support/accounts.ts';
import { businessDay, businessInstant, longDay } from './support/business-time.ts';

/**
 * The booking rules (decision 012) as a person meets them: a checkout the server refuses says why in
 * the page's language and offers the way back; services longer than a day are said so on the calendar;
 * an admin who is also the customer deletes their appointment from the table for good.
 */

const TEXT = {
  en: {
    selectStandard: 'Select Standard Home Cleaning',
    continue: 'Continue',
    next: 'Next',
    nextMonth: 'Next month',
    time: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
    confirm: 'Confirm Appointment',
    overlap: 'You already have a cleaning at that time. Please choose another time.',
    tooLong:
      'Together these services take longer than one working day (09:00 to 21:00). Please book fewer services per visit.',
    anotherTime: 'Choose another time',
    changeServices: 'Change services',
    tooLate: (hour: number) =>
      `${String(hour).padStart(2, '0')}:00, too late: it would end after closing time`,
    delete: /^Delete the appointment of /,
    deleteTitle: 'Delete this appointment?',
    deleteConfirm: 'Delete',
    deleted: 'Appointment deleted successfully.',
  },
  fr: {
    selectStandard: 'Choisir Standard Home Cleaning',
    continue: 'Continuer',
    next: 'Suivant',
    nextMonth: 'Mois suivant',
    time: (hour: number) => `${hour} h 00`,
    confirm: 'Confirmer le rendez-vous',
    overlap: 'Vous avez déjà un ménage prévu à ce moment. Veuillez choisir un autre moment.',
    tooLong:
      'Ensemble, ces services prennent plus d’une journée de travail (de 9\u00a0h à 21\u00a0h). Veuillez réserver moins de services par visite.',
    anotherTime: 'Choisir une autre heure',
    changeServices: 'Modifier les services',
    tooLate: (hour: number) => `${hour} h 00, trop tard\u00a0: finirait après la fermeture`,
    delete: /^Supprimer le rendez-vous de /,
    deleteTitle: 'Supprimer ce rendez-vous?',
    deleteConfirm: 'Supprimer',
    deleted: 'Rendez-vous supprimé avec succès.',
  },
} as const;

type Service = { serviceId: string; title: string; isAvailable: boolean; pricingModel: { kind: string } };

/** The signed-in person's API: their profile and a booking, as the pages would make them. */
async function customerApi(page: Page, lastName: string) {
  const headers = { Authorization: `Bearer ${await readAccessToken(page)}` };
  const profile = await page.request.post('/api/v1/customers/me', {
    headers,
    data: { firstName: 'Élise', lastName, phoneNumber: '514-555-0199', address: '12 Main Street' },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const { customerId } = (await profile.json()) as { customerId: string };
  const services = (await (await page.request.get('/api/v1/services')).json()) as Service[];
  const idOf = (title: string) => services.find((service) => service.title === title)?.serviceId ?? '';
  return {
    services,
    idOf,
    book: async (serviceIds: string[], appointmentDate: string) => {
      const res = await page.request.post(`/api/v1/appointments/customers/${customerId}`, {
        headers,
        data: { serviceIds, appointmentDate },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { appointmentId: string };
    },
  };
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: a checkout refused by a booking rule says why and leads back`, async ({ page }) => {
    test.setTimeout(180_000);
    const day = businessDay((language === 'en' ? 12 : 13) + 2 * test.info().retry);
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('customer'), language);
    const api = await customerApi(page, `Rules-${language}`);
    // Already booked: Window Washing at 10:00 that day.
    await api.book([api.idOf('Window Washing')], businessInstant(day, 10));

    // Another cleaning at the same time: the household already has a team then.
    await page.goto('/services');
    await page.getByRole('checkbox', { name: t.selectStandard }).check();
    await page.getByRole('button', { name: t.continue, exact: true }).click();
    const dayButton = page.getByRole('button', { name: longDay(day, language), exact: true }).first();
    for (let turn = 0; turn < 3 && !(await dayButton.isVisible()); turn += 1) {
      await page.getByRole('button', { name: t.nextMonth }).click();
    }
    await dayButton.click();
    // Standard Home Cleaning (2 h) cannot start at 20:00: it would end after closing.
    await expect(page.getByRole('button', { name: t.tooLate(20) })).toBeDisabled();
    await page.getByRole('button', { name: t.time(10), exact: true }).click();
    await page.getByRole('button', { name: t.next, exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByRole('button', { name: t.confirm }).click();
    const refusal = page.getByTestId('booking-refusal');
    await expect(refusal).toHaveText(new RegExp(t.overlap.replace(/[.?()]/g, '\\$&')));
    await expect(page.getByRole('button', { name: t.confirm })).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, `checkout-overlap-${language}`);
    await refusal.getByRole('button', { name: t.anotherTime }).click();
    await expect(page).toHaveURL(/\/calendar-select$/);

    // Every service at once (more than a day): checkout says so and leads back to the services. Those
    // priced by the home would first ask for it (decision 025): the flat ones are far more than a day.
    const all = api.services
      .filter((service) => service.isAvailable && service.pricingModel.kind === 'flat')
      .map((service) => service.serviceId);
    await page.evaluate(
      ({ serviceIds, slot }) => {
        window.sessionStorage.setItem('eclat.services.selection', JSON.stringify(serviceIds));
        window.sessionStorage.setItem('eclat.booking.slot', slot);
      },
      { serviceIds: all, slot: businessInstant(day, 9) },
    );
    await page.goto('/checkout');
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(refusal).toContainText(t.tooLong);
    await shoot(page, `checkout-too-long-${language}`);
    await refusal.getByRole('link', { name: t.changeServices }).click();
    await expect(page).toHaveURL(/\/services$/);

    // The calendar says it before any checkout, with the same way back.
    await page.goto('/calendar-select');
    await expect(page.getByRole('alert').filter({ hasText: t.tooLong })).toBeVisible();
    await expect(page.getByRole('link', { name: t.changeServices }).last()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, `calendar-too-long-${language}`);
  });

  test(`${language}: an admin who is also the customer deletes the appointment from the table`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lastName = `Owner-${language}${Date.now().toString(36)}`;
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    const api = await customerApi(page, lastName);
    // The latest appointment of the table, so it is on its first page.
    const day = businessDay((language === 'en' ? 340 : 341) + 2 * test.info().retry);
    // Past the demo team's weeks: the admin has a cleaner work that day first (decision 019).
    const headers = { Authorization: `Bearer ${await readAccessToken(page)}` };
    const team = (await (await page.request.get('/api/v1/employees', { headers })).json()) as {
      employeeId: string;
      email: string;
    }[];
    const cleaner = team.find((member) => member.email === 'employee@example.com');
    const shift = await page.request.post('/api/v1/availabilities', {
      headers,
      data: { employeeId: cleaner?.employeeId, availableDate: day, shift: 'MORNING' },
    });
    expect(shift.status(), await shift.text()).toBe(201);
    const { appointmentId } = await api.book([api.idOf('Window Washing')], businessInstant(day, 11));

    await page.goto('/appointments');
    const row = page.getByRole('row').filter({ hasText: lastName });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: t.delete }).click();
    await page
      .getByRole('dialog', { name: t.deleteTitle })
      .getByRole('button', { name: t.deleteConfirm })
      .click();
    await expect(page.getByText(t.deleted)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: lastName })).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('row').filter({ hasText: lastName })).toHaveCount(0);
    // Gone for good, not kept as cancelled.
    expect((await page.request.get(`/api/v1/appointments/${appointmentId}`, { headers })).status()).toBe(404);
  });
}
