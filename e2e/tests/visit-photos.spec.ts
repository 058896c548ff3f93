import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, signedInPage } from './support/accounts.ts';
import { profileAndVisit } from './support/api-booking.ts';
import { businessDay } from './support/business-time.ts';
import { fromMailbox } from './support/mailbox.ts';
import { cleanerWithAccount, OWN_DAYS } from './support/own-team.ts';
import { holdPhoneOnDay, moveToToday } from './support/today-visit.ts';

/**
 * Photos and problem reports from the field (issue 30 §4, decision 068), on a phone (390 px) in English and
 * in French: the cleaner of a visit of its own, on the visit's day (it is moved to today: My Day shows the
 * next visit only on today's view, decision 063, and no booking makes a visit of today whatever the hour), adds a
 * before and an after photo from My Day and reports a problem with a photo; the office is emailed, and the
 * admin sees the report and its photo on the visit.
 */

/** A 48 × 32 JPEG, as a phone's camera gives a file. */
const PHOTO = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAIF/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AsAUwwAAAAAAAAAH/2Q==',
  'base64',
);
const photoFile = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: PHOTO });

/** The office's address (CONTACT_TO's default): problems are emailed there. */
const OFFICE = 'hello@eclat.example';

const TEXT = {
  en: {
    next: 'Next visit',
    addBefore: 'Add a before photo (0 of 10)',
    addAfter: 'Add an after photo (0 of 10)',
    sent: 'Photo sent.',
    before1: 'Before photo 1',
    after1: 'After photo 1',
    report: 'Report a problem',
    dialog: 'Report a problem to the office',
    noSupplies: 'No supplies',
    note: 'What happened?',
    addPhoto: 'Add a photo',
    problem1: 'Problem photo 1',
    send: 'Send to the office',
    told: 'The office was told about the problem.',
    subject: 'Problem reported: No supplies',
    fieldReport: 'Photos and problems from the field',
  },
  fr: {
    next: 'Prochaine visite',
    addBefore: 'Ajouter une photo avant (0 sur 10)',
    addAfter: 'Ajouter une photo après (0 sur 10)',
    sent: 'Photo envoyée.',
    before1: 'Photo avant 1',
    after1: 'Photo après 1',
    report: 'Signaler un problème',
    dialog: 'Signaler un problème au bureau',
    noSupplies: 'Plus de produits',
    note: 'Que s’est-il passé',
    addPhoto: 'Ajouter une photo',
    problem1: 'Photo du problème 1',
    send: 'Envoyer au bureau',
    told: 'Le bureau a été prévenu du problème.',
    subject: 'Problem reported: No supplies',
    fieldReport: 'Photos et problèmes sur le terrain',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: the cleaner adds before and after photos and reports a problem; the admin sees the report`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const baseURL = testInfo.project.use.baseURL;
    const day = businessDay(OWN_DAYS.visitPhotos[language] + 4 * testInfo.retry);
    const tag = `Photos${language}${Date.now().toString(36)}`;
    const cleanerEmail = await createAccount('employee');
    await cleanerWithAccount(day, cleanerEmail, 'Émile', tag);

    // A customer books that day: Émile is the only one working, so the visit is his.
    const customerEmail = await createAccount('customer');
    const customer = await signedInPage(browser, baseURL, customerEmail, language);
    const booked = await profileAndVisit(customer.page, { day, language, firstName: 'Cora', lastName: tag });
    if (typeof booked === 'string') throw new Error(`The booking was refused: ${booked}`);
    await customer.page.context().close();

    // Its day comes: Émile's phone on today, the visit next.
    const today = await moveToToday(booked.appointmentId);
    const cleaner = await signedInPage(browser, baseURL, cleanerEmail, language);
    const phone = cleaner.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await holdPhoneOnDay(phone, today.readAt);
    await phone.goto('/my-day');
    const next = phone.getByRole('region', { name: t.next });
    await expect(next).toContainText(`Cora ${tag}`);
    await expect(next.getByRole('button', { name: t.addBefore })).toBeVisible();
    expect(await seriousA11yViolations(phone)).toEqual([]);

    // The camera's inputs, behind their buttons: before, then after.
    const inputs = next.locator('input[type="file"][capture="environment"]');
    await inputs.nth(0).setInputFiles(photoFile('before.jpg'));
    await expect(next.getByRole('link', { name: t.before1 })).toBeVisible();
    await inputs.nth(1).setInputFiles(photoFile('after.jpg'));
    await expect(next.getByRole('link', { name: t.after1 })).toBeVisible();
    await phone.screenshot({ path: testInfo.outputPath(`visit-photos-${language}.png`), fullPage: true });

    await next.getByRole('button', { name: t.report }).click();
    const dialog = phone.getByRole('dialog', { name: t.dialog });
    await dialog.getByRole('radio', { name: t.noSupplies }).check();
    await dialog.getByRole('textbox', { name: t.note }).fill(`No floor soap left (${tag})`);
    await dialog.locator('input[type="file"]').setInputFiles(photoFile('problem.jpg'));
    await expect(dialog.getByRole('link', { name: t.problem1 })).toBeVisible();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.screenshot({ path: testInfo.outputPath(`visit-photos-problem-${language}.png`) });
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(dialog).toHaveCount(0);
    await expect(next.getByRole('status').filter({ hasText: t.told })).toBeVisible();

    // The office is emailed at once (in the business's language, English by default).
    const email = await fromMailbox(OFFICE, (mail) =>
      mail.subject?.startsWith(t.subject) && mail.text?.includes(tag) ? mail : undefined,
    );
    expect(email.text ?? '').toContain(`/appointments/edit/${booked.appointmentId}`);

    // The admin sees the report and its photo on the visit's page.
    const admin = await signedInPage(browser, baseURL, await createAccount('admin'), language);
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await admin.page.goto(`/appointments/edit/${booked.appointmentId}`);
    const report = admin.page.getByRole('region', { name: t.fieldReport });
    await expect(report).toContainText(`No floor soap left (${tag})`);
    await expect(report.getByRole('img', { name: t.problem1 })).toBeVisible();
    await expect(report.getByRole('img', { name: t.before1 })).toBeVisible();
    await expect(report.getByRole('img', { name: t.after1 })).toBeVisible();
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await admin.page.screenshot({
      path: testInfo.outputPath(`visit-photos-admin-${language}.png`),
      fullPage: true,
    });

    expect(cleaner.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await cleaner.page.context().close();
    await admin.page.context().close();
  });
}
