import type { Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, signedInPage, testServerDatabase } from './support/accounts.ts';
import { businessDay, businessInstant } from './support/business-time.ts';
import { cleanerWithAccount, OWN_DAYS } from './support/own-team.ts';
import { holdPhoneOnDay, moveToToday } from './support/today-visit.ts';
import { createService } from '../../apps/api/src/modules/services/services.repository.ts';
import { replaceAssignments } from '../../apps/api/src/modules/scheduling/staff.repository.ts';

/**
 * Checklists (issue 30 §3, decision 064), on a phone (390 px) in English and in French: the admin writes a
 * service's checklist (items added, one removed after a confirmation, one moved up); a visit of that
 * service on a day of its own, with a cleaner of its own; the visit's day comes (it is moved to today: a
 * visit's steps start on its day, decision 063, and no booking makes a visit of today whatever the hour); the
 * cleaner on My Day ticks all but one, is refused Done until that one has a note, notes it and is done;
 * the customer sees what was done.
 */

const TEXT = {
  en: {
    checklist: 'Checklist',
    add: 'Add an item',
    textEn: (number: number) => `Item ${String(number)} in English`,
    textFr: (number: number) => `Item ${String(number)} in French`,
    remove: (number: number) => `Remove item ${String(number)}`,
    removeConfirm: 'Remove the item',
    moveUp: (number: number) => `Move up item ${String(number)}`,
    save: 'Save the checklist',
    saved: 'Checklist saved.',
    next: 'Next visit',
    onMyWay: 'On my way',
    arrived: 'Arrived',
    done: 'Done',
    missing: '1 item to tick, or to note why not, before Done',
    refused: 'Tick every checklist item, or add a note',
    addNote: 'Not done? Add a note',
    noteLabel: 'Why was it not done?',
    saveNote: 'Save the note',
    completed: 'Completed',
    whatWasDone: 'What was done',
    ticked: 'Done:',
    notDone: 'Not done:',
  },
  fr: {
    checklist: 'Liste de contrôle',
    add: 'Ajouter un point',
    textEn: (number: number) => `Point ${String(number)} en anglais`,
    textFr: (number: number) => `Point ${String(number)} en français`,
    remove: (number: number) => `Retirer le point ${String(number)}`,
    removeConfirm: 'Retirer le point',
    moveUp: (number: number) => `Monter le point ${String(number)}`,
    save: 'Enregistrer la liste',
    saved: 'Liste enregistrée.',
    next: 'Prochaine visite',
    onMyWay: 'Je suis en route',
    arrived: 'Je suis arrivé(e)',
    done: 'Terminé',
    missing: '1 point à cocher, ou à expliquer, avant Terminé',
    refused: 'Cochez chaque point de la liste, ou ajoutez une note',
    addNote: 'Pas fait ? Ajouter une note',
    noteLabel: 'Pourquoi ce n’est pas fait ?',
    saveNote: 'Enregistrer la note',
    completed: 'Terminé',
    whatWasDone: 'Ce qui a été fait',
    ticked: 'Fait :',
    notDone: 'Pas fait :',
  },
} as const;

/** The items the admin types, in order; "Dust the shelves" is removed, "Empty the bins" moved up. */
const ITEMS = [
  { en: 'Vacuum the floors', fr: 'Passer l’aspirateur' },
  { en: 'Dust the shelves', fr: 'Dépoussiérer les étagères' },
  { en: 'Clean the windows', fr: 'Laver les fenêtres' },
  { en: 'Empty the bins', fr: 'Vider les poubelles' },
] as const;
const NOTE = { en: 'No ladder for the high windows', fr: 'Pas d’échelle pour les fenêtres du haut' };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
}

/** Through the page's own session, as the web app calls the API. */
async function api<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  const token = await readAccessToken(page);
  const answer = await page.evaluate(
    async ({ token, method, path, body }) => {
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { token, method, path, body },
  );
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: the admin writes a service's checklist, the cleaner ticks all but one and notes it, the customer sees what was done`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const baseURL = testInfo.project.use.baseURL;
    const day = businessDay(OWN_DAYS.checklists[language] + 4 * testInfo.retry);
    const tag = `Checklist${language}${Date.now().toString(36)}`;
    // A service of the test's own, not offered online (the shared catalogue stays as it is).
    const db = await testServerDatabase();
    const title = `Deep Clean ${tag}`;
    const serviceId = await createService(
      db,
      {
        title,
        description: title,
        pricing: 120,
        category: 'Residential',
        durationMinutes: 60,
        isAvailable: false,
      },
      undefined,
      undefined,
    );
    const cleanerEmail = await createAccount('employee');
    const cleanerId = await cleanerWithAccount(day, cleanerEmail, 'Émile', tag);

    // The admin writes the checklist at 390 px.
    const admin = await signedInPage(browser, baseURL, await createAccount('admin'), language);
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await admin.page.goto(`/edit-service/${serviceId}`);
    const editor = admin.page.getByRole('region', { name: t.checklist });
    for (const [index, item] of ITEMS.entries()) {
      await editor.getByRole('button', { name: t.add }).click();
      await editor.getByRole('textbox', { name: t.textEn(index + 1) }).fill(item.en);
      await editor.getByRole('textbox', { name: t.textFr(index + 1) }).fill(item.fr);
    }
    await editor.getByRole('button', { name: t.remove(2) }).click();
    const confirm = admin.page.getByRole('dialog');
    await expect(confirm).toContainText(ITEMS[1][language]);
    await confirm.getByRole('button', { name: t.removeConfirm }).click();
    await editor.getByRole('button', { name: t.moveUp(3) }).click();
    await expect(editor.getByRole('textbox', { name: t.textEn(2) })).toHaveValue(ITEMS[3].en);
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await editor.getByRole('button', { name: t.save }).click();
    await expect(admin.page.getByText(t.saved)).toBeVisible();
    await shoot(admin.page, `checklists-admin-${language}`);
    const [first, second, third] = [ITEMS[0], ITEMS[3], ITEMS[2]];

    // The customer's visit of that service on the test's own day, booked by the office, Émile on it.
    const customerEmail = await createAccount('customer');
    const customer = await signedInPage(browser, baseURL, customerEmail, language);
    await customer.page.setViewportSize({ width: 390, height: 844 });
    const { customerId } = await api<{ customerId: string }>(customer.page, 'POST', '/customers/me', {
      firstName: 'Cora',
      lastName: tag,
      phoneNumber: '514-555-0199',
      address: '48 Rue Saint Paul',
    });
    const { appointmentId } = await api<{ appointmentId: string }>(admin.page, 'POST', '/appointments', {
      customerId,
      serviceIds: [serviceId],
      appointmentDate: businessInstant(day, 10),
      status: 'confirmed',
    });
    await replaceAssignments(db, appointmentId, [cleanerId], null);

    // Its day comes (decision 063): Émile's phone on today, the next visit, on his way, arrived, its
    // checklist.
    const today = await moveToToday(appointmentId);
    const cleaner = await signedInPage(browser, baseURL, cleanerEmail, language);
    const phone = cleaner.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await holdPhoneOnDay(phone, today.readAt);
    await phone.goto('/my-day');
    const next = phone.getByRole('region', { name: t.next });
    await expect(next).toContainText(`Cora ${tag}`);
    await next.getByRole('button', { name: t.onMyWay, exact: true }).click();
    await next.getByRole('button', { name: t.arrived, exact: true }).click();
    await expect(next.getByRole('button', { name: t.done, exact: true })).toBeEnabled();
    const checklist = next.getByRole('region', { name: t.checklist });
    for (const item of [first, second]) {
      const box = checklist.getByRole('checkbox', { name: item[language] });
      await box.click();
      await expect(box).toBeChecked();
    }
    const missing = checklist.getByRole('status');
    await expect(missing).toContainText(t.missing);
    await expect(missing).toContainText(third[language]);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await shoot(phone, `checklists-my-day-${language}`);

    // Done before the note: the server refuses it, in words.
    await next.getByRole('button', { name: t.done, exact: true }).click();
    await expect(next.getByRole('alert')).toContainText(t.refused);
    await checklist.getByRole('button', { name: t.addNote }).click();
    await checklist.getByRole('textbox', { name: t.noteLabel }).fill(NOTE[language]);
    await checklist.getByRole('button', { name: t.saveNote }).click();
    await expect(checklist.getByText(NOTE[language])).toBeVisible();
    await expect(checklist.getByRole('status')).toHaveCount(0);
    await next.getByRole('button', { name: t.done, exact: true }).click();
    await expect(phone.getByRole('region', { name: t.next })).toHaveCount(0);

    // The customer sees what was done, in their language.
    await customer.page.goto('/my-appointments');
    const card = customer.page.getByRole('article').filter({ hasText: t.completed });
    await card.getByRole('button', { name: t.whatWasDone }).click();
    for (const item of [first, second]) await expect(card.getByText(item[language])).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: third[language] })).toContainText(t.notDone);
    await expect(card.getByText(NOTE[language])).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: first[language] })).toContainText(t.ticked);
    expect(await seriousA11yViolations(customer.page)).toEqual([]);
    await shoot(customer.page, `checklists-customer-${language}`);

    expect(admin.errors).toEqual([]);
    // The one refused Done (409 CHECKLIST_INCOMPLETE) is the browser's only complaint.
    expect(cleaner.errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    expect(customer.errors).toEqual([]);
    await admin.page.context().close();
    await cleaner.page.context().close();
    await customer.page.context().close();
  });
}
