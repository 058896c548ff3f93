import { sql } from 'drizzle-orm';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, signedInPage, testServerDatabase } from './support/accounts.ts';
import { profileAndVisit } from './support/api-booking.ts';
import { BUSINESS_TIME_ZONE, businessDay } from './support/business-time.ts';
import { cleanerWithAccount, OWN_DAYS } from './support/own-team.ts';
import { toLocal } from '../../apps/api/src/lib/time-zone.ts';

/**
 * Access notes (issue 30 §5, decision 065), on a phone (390 px) in English and in French: the customer
 * writes them on their profile; on the visit's day the cleaner on it opens them on My Day; the customer
 * then sees that reading in the log on their profile.
 */

const HOUR = 60 * 60 * 1000;

const TEXT = {
  en: {
    doorCode: 'Door code',
    keys: 'Keys',
    save: 'Save access notes',
    saved: 'Access notes saved.',
    next: 'Next visit',
    show: 'Show access notes',
    nobody: 'Nobody has read your access notes yet.',
    reading: /^Émile read your access notes on .+, for your visit of .+\.$/,
  },
  fr: {
    doorCode: 'Code de porte',
    keys: 'Clés',
    save: 'Enregistrer les notes d’accès',
    saved: 'Notes d’accès enregistrées.',
    next: 'Prochaine visite',
    show: 'Afficher les notes d’accès',
    nobody: 'Personne n’a encore lu vos notes d’accès.',
    reading: /^Émile a lu vos notes d’accès le .+, pour votre visite du .+\.$/,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: the customer writes access notes, the cleaner reads them on the visit's day, the customer sees the reading`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const baseURL = testInfo.project.use.baseURL;
    const day = businessDay(OWN_DAYS.accessNotes[language] + 4 * testInfo.retry);
    const tag = `Access${language}${Date.now().toString(36)}`;
    const cleanerEmail = await createAccount('employee');
    await cleanerWithAccount(day, cleanerEmail, 'Émile', tag);

    const customerEmail = await createAccount('customer');
    const customer = await signedInPage(browser, baseURL, customerEmail, language);
    const booked = await profileAndVisit(customer.page, { day, language, firstName: 'Cora', lastName: tag });
    if (typeof booked === 'string') throw new Error(`The booking was refused: ${booked}`);
    const page = customer.page;
    await page.setViewportSize({ width: 390, height: 844 });

    // The customer writes the notes of their home on the profile.
    await page.goto('/profile');
    await page.getByRole('textbox', { name: t.doorCode }).fill('Door 4711#');
    await page.getByRole('textbox', { name: t.keys }).fill('Lockbox by the garage');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page.getByText(t.nobody)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({
      path: testInfo.outputPath(`access-notes-profile-${language}.png`),
      fullPage: true,
    });

    // The visit's day comes: it starts in an hour (moved in the database, as the clock cannot be).
    const start = new Date(Date.now() + HOUR);
    const db = await testServerDatabase();
    await db.execute(
      sql`update appointments set appointment_date = ${start.toISOString()}::timestamptz,
            ends_at = ${new Date(start.getTime() + 2 * HOUR).toISOString()}::timestamptz
          where id = ${booked.appointmentId}`,
    );

    // Émile's phone: the visit first, its access notes behind a button.
    const cleaner = await signedInPage(browser, baseURL, cleanerEmail, language);
    const phone = cleaner.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/my-day?date=${toLocal(start, BUSINESS_TIME_ZONE).date}`);
    const next = phone.getByRole('region', { name: t.next });
    await expect(next).toContainText(`Cora ${tag}`);
    await next.getByRole('button', { name: t.show }).click();
    await expect(next.getByText('Door 4711#')).toBeVisible();
    await expect(next.getByText('Lockbox by the garage')).toBeVisible();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.screenshot({
      path: testInfo.outputPath(`access-notes-my-day-${language}.png`),
      fullPage: true,
    });

    // The customer sees who read them, when, for which visit.
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: t.reading })).toHaveCount(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(cleaner.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await phone.context().close();
    await page.context().close();
  });
}
