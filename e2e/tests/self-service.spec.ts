import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { profileAndVisit } from './support/api-booking.ts';
import { createAccount, readAccessToken, setLanguage, signIn, signedInPage } from './support/accounts.ts';
import { businessDay, businessInstant } from './support/business-time.ts';
import { fromMailbox } from './support/mailbox.ts';

/**
 * Issue 15, self-service with a cut-off (decision 027, CHANGE_CUTOFF_HOURS 24 by default): a visit that
 * starts within 24 hours can no longer be moved or cancelled online (the card and the edit page say whom
 * to call; the API refuses with TOO_LATE_TO_CHANGE); a visit further ahead is moved from My Appointments
 * and its customer gets the "moved" notice in their language.
 */
const TEXT = {
  en: {
    tooLate:
      /^This visit starts in less than 24 hours, so it can no longer be moved or cancelled online\. To change it, call us at 416-555-0199$/,
    changeUntil: /^You can move or cancel it online until .+\.$/,
    editLink: /^Edit the appointment of/,
    cancel: /^Cancel Appointment: /,
    time: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
    saveChanges: 'Save Changes',
    updated: 'Appointment updated successfully (Customer).',
    moved: /^Visit moved from .+ to .+$/,
  },
  fr: {
    tooLate:
      /^Cette visite commence dans moins de 24 heures : elle ne peut plus être déplacée ni annulée en ligne\. Pour la modifier, appelez-nous au 416-555-0199$/,
    changeUntil: /^Vous pouvez la déplacer ou l’annuler en ligne jusqu’au .+\.$/,
    editLink: /^Modifier le rendez-vous du/,
    cancel: /^Annuler le rendez-vous du /,
    time: (hour: number) => `${String(hour).padStart(2, '0')} h 00`,
    saveChanges: 'Enregistrer les modifications',
    updated: 'Rendez-vous mis à jour avec succès (client).',
    moved: /^Visite déplacée du .+ au .+$/,
  },
} as const;

/** Days no other spec books on, inside the demo team's weeks. */
const DAYS_AHEAD = { en: 13, fr: 15 } as const;
const HOUR = 60 * 60 * 1000;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: inside the cut-off a visit is the office's to change; further ahead the customer moves it and is told`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[language];
    await setLanguage(page, language);
    await page.goto('/');
    const email = await createAccount('customer');
    await signIn(page, email, language);
    const far = await profileAndVisit(page, {
      day: businessDay(DAYS_AHEAD[language]),
      language,
      firstName: 'Noé',
      lastName: 'Gagnon',
    });
    if (typeof far === 'string') throw new Error(far);

    // The office books the same customer a visit a few hours from now (customers need 12 hours' notice).
    const office = await signedInPage(browser, baseURL, await createAccount('admin'), language);
    const adminToken = await readAccessToken(office.page);
    const candidates = [0, 1]
      .flatMap((days) => Array.from({ length: 12 }, (_, i) => businessInstant(businessDay(days), 9 + i)))
      .filter((start) => {
        const ahead = Date.parse(start) - Date.now();
        return ahead > 2 * HOUR && ahead < 22 * HOUR;
      });
    const nearId = await office.page.evaluate(
      async ({ adminToken, candidates, customerId, serviceId }) => {
        const refusals: string[] = [];
        for (const appointmentDate of candidates) {
          const res = await fetch('/api/v1/appointments', {
            method: 'POST',
            headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              customerId,
              serviceIds: [serviceId],
              appointmentDate,
              status: 'confirmed',
            }),
          });
          const body = (await res.json()) as { appointmentId?: string; code?: string };
          if (body.appointmentId) return body.appointmentId;
          refusals.push(`${appointmentDate} ${res.status} ${body.code ?? ''}`);
        }
        return `no time a cleaner is free: ${refusals.join(', ')}`;
      },
      { adminToken, candidates, customerId: far.customerId, serviceId: far.serviceId },
    );
    expect(nearId).toMatch(/^[0-9a-f-]{36}$/);
    await office.page.context().close();

    // My Appointments: the near visit says whom to call and offers neither Edit nor Cancel.
    await page.goto('/my-appointments');
    const main = page.getByRole('main');
    const cards = main.getByRole('article');
    await expect(cards).toHaveCount(2);
    const notice = main.getByTestId('too-late-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toHaveText(t.tooLate);
    await expect(notice.getByRole('link', { name: '416-555-0199' })).toHaveAttribute(
      'href',
      'tel:+14165550199',
    );
    await expect(main.getByRole('link', { name: t.editLink })).toHaveCount(1);
    await expect(main.getByRole('button', { name: t.cancel })).toHaveCount(1);
    await expect(main.getByTestId('change-until')).toHaveText(t.changeUntil);
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `../test-results/self-service-${language}-${width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // Its edit page says the same; the API refuses a move with its code, and the visit stays.
    await page.goto(`/my-appointments/edit/${nearId}`);
    await expect(main.getByTestId('too-late-notice')).toHaveText(t.tooLate);
    await expect(main.getByRole('button', { name: t.saveChanges })).toHaveCount(0);
    const customerToken = await readAccessToken(page);
    const refused = await page.evaluate(
      async ({ customerToken, nearId, serviceId, later }) => {
        const res = await fetch(`/api/v1/appointments/customer/${nearId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${customerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ serviceIds: [serviceId], appointmentDate: later }),
        });
        return [res.status, ((await res.json()) as { code?: string }).code];
      },
      {
        customerToken,
        nearId,
        serviceId: far.serviceId,
        later: businessInstant(businessDay(DAYS_AHEAD[language] + 1), 14),
      },
    );
    expect(refused).toEqual([409, 'TOO_LATE_TO_CHANGE']);

    // The visit further ahead: moved from its card, and the customer is told by email.
    await page.goto('/my-appointments');
    await main.getByRole('link', { name: t.editLink }).click();
    await expect(page).toHaveURL(/\/my-appointments\/edit\//);
    const times = [14, 15, 16, 13, 12, 11].map((hour) =>
      page.getByRole('button', { name: t.time(hour), exact: true }),
    );
    await expect(page.getByRole('button', { name: t.time(9), exact: true })).toBeVisible();
    let chosen = false;
    for (const time of times) {
      // A taken time's name says why ("14:00 No cleaner free"): it does not match, so count, not wait.
      if ((await time.count()) === 1 && (await time.isEnabled())) {
        await time.click();
        chosen = true;
        break;
      }
    }
    expect(chosen).toBe(true);
    await page.getByRole('button', { name: t.saveChanges }).click();
    await expect(page.getByText(t.updated)).toBeVisible();
    const subject = await fromMailbox(email, (message) =>
      t.moved.test(message.subject ?? '') ? message.subject : undefined,
    );
    expect(subject).toMatch(t.moved);
  });
}
