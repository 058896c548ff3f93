import type { Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, signedInPage } from './support/accounts.ts';
import { profileAndVisit } from './support/api-booking.ts';
import { businessDay } from './support/business-time.ts';
import { fromMailbox } from './support/mailbox.ts';
import { cleanerWithAccount, OWN_DAYS } from './support/own-team.ts';
import { holdPhoneOnDay, moveToToday } from './support/today-visit.ts';

/**
 * The visit in the field (issue 30, decisions 062 and 063), on a phone (390 px) in English and in French:
 * a customer books a day of its own with a cleaner of its own; the visit's day comes (it is moved to
 * today: steps start on the visit's day, and no booking makes a visit of today whatever the hour); the
 * cleaner, on My Day, finds the visit first with its address, maps link and big buttons and goes On my
 * way (the minutes told) → Arrived → Done; the customer gets the "on my way" email and sees each step on
 * My Appointments. The day before, the same visit has no buttons.
 */

const TEXT = {
  en: {
    next: 'Next visit',
    onTheDay: 'show on the day of the visit',
    maps: 'Open in maps: 48 Rue Saint Paul',
    minutes: 'Minutes until I arrive',
    onMyWay: 'On my way',
    arrived: 'Arrived',
    done: 'Done',
    noAccess: 'Could not get in',
    onTheWayBadge: 'On the way',
    completed: 'Completed',
    customerOnTheWay: 'Émile is on the way. Expected in about 15 min.',
    inProgress: 'Cleaning in progress',
    subject: 'Émile is on the way',
    emailBody: 'about 15 minutes',
    myAppointments: 'My Appointments',
  },
  fr: {
    next: 'Prochaine visite',
    onTheDay: 's’affichent le jour de la visite',
    maps: 'Ouvrir dans Cartes : 48 Rue Saint Paul',
    minutes: 'Minutes avant mon arrivée',
    onMyWay: 'Je suis en route',
    arrived: 'Je suis arrivé(e)',
    done: 'Terminé',
    noAccess: 'Pas pu entrer',
    onTheWayBadge: 'En route',
    completed: 'Terminé',
    customerOnTheWay: 'Émile est en route. Arrivée prévue dans environ 15 min.',
    inProgress: 'Ménage en cours',
    subject: 'Émile est en route',
    emailBody: 'environ 15\u00a0minutes',
    myAppointments: 'Mes rendez-vous',
  },
} as const;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: the cleaner goes on my way, arrives and is done from My Day; the customer is told and follows it`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const baseURL = testInfo.project.use.baseURL;
    const day = businessDay(OWN_DAYS.visitSteps[language] + 4 * testInfo.retry);
    const tag = `Steps${language}${Date.now().toString(36)}`;
    const cleanerEmail = await createAccount('employee');
    await cleanerWithAccount(day, cleanerEmail, 'Émile', tag);

    // The customer books that day: Émile is the only one working, so the visit is his.
    const customerEmail = await createAccount('customer');
    const customer = await signedInPage(browser, baseURL, customerEmail, language);
    const booked = await profileAndVisit(customer.page, {
      day,
      language,
      firstName: 'Cora',
      lastName: tag,
    });
    if (typeof booked === 'string') throw new Error(`The booking was refused: ${booked}`);
    await customer.page.setViewportSize({ width: 390, height: 844 });

    // Émile's phone before the visit's day: the visit on that day's route, no buttons yet.
    const cleaner = await signedInPage(browser, baseURL, cleanerEmail, language);
    const phone = cleaner.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/my-day?date=${day}`);
    await expect(phone.getByText(t.onTheDay)).toBeVisible();
    await expect(phone.getByRole('listitem').filter({ hasText: `Cora ${tag}` })).toBeVisible();
    await expect(phone.getByRole('region', { name: t.next })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: t.onMyWay, exact: true })).toHaveCount(0);

    // Its day comes: today, the visit first, with its address, maps link and big buttons.
    const today = await moveToToday(booked.appointmentId);
    await holdPhoneOnDay(phone, today.readAt);
    await phone.goto('/my-day');
    const next = phone.getByRole('region', { name: t.next });
    await expect(next).toContainText(`Cora ${tag}`);
    const maps = next.getByRole('link', { name: new RegExp(`^${t.maps}`) });
    await expect(maps).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=48%20Rue%20Saint%20Paul/,
    );
    await expect(maps).toHaveAttribute('target', '_blank');
    await expect(next.getByRole('button', { name: t.noAccess })).toBeVisible();
    await next.getByRole('textbox', { name: t.minutes }).fill('15');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await shoot(phone, `visit-steps-planned-${language}`);

    await next.getByRole('button', { name: t.onMyWay, exact: true }).click();
    await expect(next.getByRole('button', { name: t.arrived, exact: true })).toBeEnabled();
    await expect(next.getByText(t.onTheWayBadge, { exact: true })).toBeVisible();

    // The customer is emailed, in their language, with the minutes Émile gave.
    const email = await fromMailbox(customerEmail, (mail) => (mail.subject === t.subject ? mail : undefined));
    expect(email.text).toContain(t.emailBody);
    // And sees it on My Appointments.
    await customer.page.goto('/my-appointments');
    await expect(customer.page.getByRole('status').filter({ hasText: t.customerOnTheWay })).toBeVisible();
    expect(await seriousA11yViolations(customer.page)).toEqual([]);
    await shoot(customer.page, `visit-steps-customer-on-the-way-${language}`);

    await next.getByRole('button', { name: t.arrived, exact: true }).click();
    await expect(next.getByRole('button', { name: t.done, exact: true })).toBeEnabled();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await shoot(phone, `visit-steps-arrived-${language}`);
    await customer.page.reload();
    await expect(customer.page.getByRole('status').filter({ hasText: t.inProgress })).toBeVisible();

    await next.getByRole('button', { name: t.done, exact: true }).click();
    // Done: nothing left to do that day, and the visit is completed.
    await expect(phone.getByRole('region', { name: t.next })).toHaveCount(0);
    const stop = phone.getByRole('listitem').filter({ hasText: `Cora ${tag}` });
    await expect(stop.getByText(t.completed).first()).toBeVisible();
    await shoot(phone, `visit-steps-done-${language}`);
    await customer.page.reload();
    await expect(customer.page.getByRole('status').filter({ hasText: t.completed })).toBeVisible();
    expect(await seriousA11yViolations(customer.page)).toEqual([]);

    expect(cleaner.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await cleaner.page.context().close();
    await customer.page.context().close();
  });
}
