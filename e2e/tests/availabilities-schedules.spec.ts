import type { Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signedInPage, signIn } from './support/accounts.ts';
import { businessDay, longDay } from './support/business-time.ts';

type Language = 'en' | 'fr';

const TEXT = {
  en: {
    notEmployee: 'Your account is not linked to an employee record',
    empty: 'You have not added any availability yet.',
    add: 'Add Availability',
    submitAdd: 'Add Availability',
    date: 'Date',
    shift: 'Shift',
    comments: 'Comments',
    added: 'Availability added successfully!',
    save: 'Save Changes',
    updated: 'Availability updated successfully.',
    deleteTitle: 'Delete this availability?',
    delete: 'Delete',
    deleted: 'Availability deleted successfully.',
    morning: 'Morning',
    evening: 'Evening',
    night: 'Night',
    notApplicable: 'N/A',
    availabilitiesTab: 'Employee Availabilities',
    scheduleTab: 'Employee Schedule',
    assignLink: /^Assign Schedule: the availability of/,
    assignDialog: 'Assign Schedule',
    assignedDate: 'Assigned date',
    time: 'Time',
    assign: 'Assign Schedule',
    cancel: 'Cancel',
    assigned: 'Schedule assigned successfully!',
    pending: 'Pending',
    approved: 'Approved',
    edit: /^Edit the schedule of/,
    editDialog: 'Edit Schedule',
    status: 'Status',
    scheduleUpdated: 'Schedule updated successfully.',
    deleteSchedule: /^Delete the schedule of/,
    deleteScheduleTitle: 'Delete this schedule?',
    scheduleDeleted: 'Schedule deleted successfully.',
    nightShift: 'Night shift',
  },
  fr: {
    notEmployee: 'Votre compte n’est lié à aucun dossier d’employé',
    empty: 'Vous n’avez encore ajouté aucune disponibilité.',
    add: 'Ajouter une disponibilité',
    submitAdd: 'Ajouter la disponibilité',
    date: 'Date',
    shift: 'Quart',
    comments: 'Commentaires',
    added: 'Disponibilité ajoutée avec succès!',
    save: 'Enregistrer les modifications',
    updated: 'Disponibilité mise à jour avec succès.',
    deleteTitle: 'Supprimer cette disponibilité?',
    delete: 'Supprimer',
    deleted: 'Disponibilité supprimée avec succès.',
    morning: 'Matin',
    evening: 'Soir',
    night: 'Nuit',
    notApplicable: 'S.O.',
    availabilitiesTab: 'Disponibilités des employés',
    scheduleTab: 'Horaire des employés',
    assignLink: /^Attribuer un horaire à partir de la disponibilité de/,
    assignDialog: 'Attribuer un horaire',
    assignedDate: 'Date attribuée',
    time: 'Heure',
    assign: 'Attribuer l’horaire',
    cancel: 'Annuler',
    assigned: 'Horaire attribué avec succès!',
    pending: 'En attente',
    approved: 'Approuvé',
    edit: /^Modifier l’horaire de/,
    editDialog: 'Modifier l’horaire',
    status: 'Statut',
    scheduleUpdated: 'Horaire mis à jour avec succès.',
    deleteSchedule: /^Supprimer l’horaire de/,
    deleteScheduleTitle: 'Supprimer cet horaire?',
    scheduleDeleted: 'Horaire supprimé avec succès.',
    nightShift: 'Quart de nuit',
  },
} as const;

/** The newest toast with this text (an earlier one may still be closing). */
function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).last();
}

/** Fills the add or edit availability form and submits it. */
async function fillAvailability(
  page: Page,
  language: Language,
  values: { day?: string; shift: string; comments?: string },
  submit: string,
) {
  const t = TEXT[language];
  if (values.day) {
    const date = page.getByRole('textbox', { name: t.date, exact: true });
    await date.fill(values.day);
    await date.press('Escape');
    await date.blur();
    await expect(date).toHaveValue(longDay(values.day, language));
  }
  await page.getByRole('combobox', { name: t.shift, exact: true }).click();
  await page.getByRole('option', { name: values.shift, exact: true }).click();
  if (values.comments !== undefined) {
    await page.getByRole('textbox', { name: t.comments, exact: true }).fill(values.comments);
  }
  await page.getByRole('button', { name: submit, exact: true }).click();
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: an employee posts availabilities, the admin assigns a schedule, the employee sees it`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = `${language}${Date.now().toString(36)}`;
    const lastName = `Avail-${tag}`;
    const name = `Ana ${lastName}`;
    const keptDay = businessDay(language === 'en' ? 40 : 41);
    const removedDay = businessDay(language === 'en' ? 42 : 43);

    // The admin has no employee record: a clear explanation instead of availabilities.
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    await page.goto('/my-availabilities');
    await expect(page.getByRole('status').filter({ hasText: t.notEmployee })).toBeVisible();
    await expect(page.getByRole('link', { name: t.add })).toHaveCount(0);

    // An employee account, then its employee record (same email), made by the admin.
    const employeeEmail = await createAccount('employee');
    const adminHeaders = { Authorization: `Bearer ${await readAccessToken(page)}` };
    const created = await page.request.post('/api/v1/employees', {
      headers: adminHeaders,
      data: {
        firstName: 'Ana',
        lastName,
        email: employeeEmail,
        phoneNumber: '514-555-0142',
        role: 'Cleaner',
        isActive: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { employeeId } = (await created.json()) as { employeeId: string };

    // The employee adds two availabilities, changes the shift of one and deletes the other.
    const { page: employee, errors: employeeErrors } = await signedInPage(
      browser,
      baseURL,
      employeeEmail,
      language,
    );
    await employee.goto('/my-availabilities');
    await expect(employee.getByText(t.empty)).toBeVisible();
    await employee.getByRole('link', { name: t.add }).click();
    await expect(employee).toHaveURL(/\/add-availability$/);
    // No availability yet: the account's own name, here its email (the operator's tool gives none).
    const employeeName = employee.getByRole('textbox', { name: /^(Employee Name|Nom de l’employé)$/ });
    await expect(employeeName).toHaveValue(employeeEmail);
    await employee.getByRole('button', { name: t.submitAdd, exact: true }).click();
    await expect(employee.getByRole('alert')).toContainText(
      language === 'en'
        ? 'Please fill in all required fields.'
        : 'Veuillez remplir tous les champs obligatoires.',
    );
    expect(await seriousA11yViolations(employee)).toEqual([]);
    await fillAvailability(employee, language, { day: keptDay, shift: t.morning }, t.submitAdd);
    await expect(toast(employee, t.added)).toBeVisible();
    await expect(employee).toHaveURL(/\/my-availabilities$/);
    await employee.getByRole('link', { name: t.add }).click();
    await fillAvailability(
      employee,
      language,
      { day: removedDay, shift: t.evening, comments: `Remove me ${tag}` },
      t.submitAdd,
    );
    await expect(toast(employee, t.added)).toBeVisible();

    const keptRow = employee.getByRole('row').filter({ hasText: t.notApplicable });
    const removedRow = employee.getByRole('row').filter({ hasText: `Remove me ${tag}` });
    await expect(keptRow.getByText(t.morning, { exact: true })).toBeVisible();
    await expect(removedRow).toBeVisible();
    expect(await seriousA11yViolations(employee)).toEqual([]);

    await keptRow.getByRole('link', { name: new RegExp(`^(Edit|Modifier)`) }).click();
    await expect(employee).toHaveURL(/\/my-availabilities\/edit\//);
    await expect(employee.getByRole('combobox', { name: t.shift, exact: true })).toHaveValue(t.morning);
    await expect(employeeName).toHaveValue(name);
    await fillAvailability(employee, language, { shift: t.night }, t.save);
    await expect(toast(employee, t.updated)).toBeVisible();
    await expect(keptRow.getByText(t.night, { exact: true })).toBeVisible();

    await removedRow.getByRole('button', { name: new RegExp(`^${t.delete}`) }).click();
    const confirm = employee.getByRole('dialog', { name: t.deleteTitle });
    await confirm.getByRole('button', { name: t.delete, exact: true }).click();
    await expect(toast(employee, t.deleted)).toBeVisible();
    await expect(removedRow).toHaveCount(0);
    await expect(keptRow).toHaveCount(1);

    // The admin assigns a schedule from it; the modal also works after a reload.
    await page.goto('/admin-dashboard');
    await page.getByRole('tab', { name: t.availabilitiesTab }).click();
    await expect(page).toHaveURL(/\?tab=availabilities$/);
    const availabilityRow = page.getByRole('row').filter({ hasText: name });
    await expect(availabilityRow).toHaveCount(1);
    await expect(availabilityRow.getByText(t.night, { exact: true })).toBeVisible();
    await availabilityRow.getByRole('link', { name: t.assignLink }).click();
    await expect(page).toHaveURL(/\/assign-schedule\/[0-9a-f-]{36}$/);
    let dialog = page.getByRole('dialog', { name: t.assignDialog });
    await expect(dialog.getByRole('textbox', { name: t.time, exact: true })).toHaveValue('22:00');
    // Cancel goes back one page; the modal opens again from the same link.
    await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=availabilities$/);
    await availabilityRow.getByRole('link', { name: t.assignLink }).click();
    await expect(dialog).toBeVisible();
    await page.reload();
    dialog = page.getByRole('dialog', { name: t.assignDialog });
    await expect(dialog.getByText(longDay(keptDay, language)).first()).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: t.assignedDate, exact: true })).toHaveValue(
      longDay(keptDay, language),
    );
    await expect(dialog.getByRole('textbox', { name: t.time, exact: true })).toHaveValue('22:00');
    await expect(dialog.getByRole('combobox', { name: t.status, exact: true })).toHaveValue(t.pending);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: t.comments, exact: true }).fill(`Front door code ${tag}`);
    await dialog.getByRole('button', { name: t.assign, exact: true }).click();
    await expect(toast(page, t.assigned)).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=availabilities$/);

    // A second schedule for the same employee, to be deleted from the table.
    const extra = await page.request.post('/api/v1/schedules', {
      headers: adminHeaders,
      data: {
        employeeId,
        assignedDate: `${businessDay(50)}T14:00`,
        shift: 'morning',
        comments: `Extra ${tag}`,
      },
    });
    expect(extra.status(), await extra.text()).toBe(201);

    // The Employee Schedule tab lists it; the admin approves it and deletes the extra one.
    await page.getByRole('tab', { name: t.scheduleTab }).click();
    await expect(page).toHaveURL(/\?tab=schedule$/);
    const scheduleRow = page.getByRole('row').filter({ hasText: `Front door code ${tag}` });
    await expect(scheduleRow.getByText(t.pending, { exact: true })).toBeVisible();
    await expect(scheduleRow.getByText(t.night, { exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await scheduleRow.getByRole('button', { name: t.edit }).click();
    const editDialog = page.getByRole('dialog', { name: t.editDialog });
    await editDialog.getByRole('combobox', { name: t.status, exact: true }).click();
    await page.getByRole('option', { name: t.approved, exact: true }).click();
    await editDialog.getByRole('button', { name: t.save, exact: true }).click();
    await expect(toast(page, t.scheduleUpdated)).toBeVisible();
    await expect(editDialog).toHaveCount(0);
    await expect(scheduleRow.getByText(t.approved, { exact: true })).toBeVisible();

    const extraRow = page.getByRole('row').filter({ hasText: `Extra ${tag}` });
    await extraRow.getByRole('button', { name: t.deleteSchedule }).click();
    await page
      .getByRole('dialog', { name: t.deleteScheduleTitle })
      .getByRole('button', { name: t.delete, exact: true })
      .click();
    await expect(toast(page, t.scheduleDeleted)).toBeVisible();
    await expect(extraRow).toHaveCount(0);
    await expect(scheduleRow).toHaveCount(1);

    // The employee sees the approved night shift on their schedule, on its day (six weeks ahead: past
    // the default two weeks, so asked for by its days, in the address like the range picker writes).
    await employee.goto('/employee-schedule');
    await expect(employee.getByText(`Front door code ${tag}`)).toHaveCount(0);
    await employee.goto(`/employee-schedule?from=${keptDay}&to=${keptDay}`);
    const day = employee.getByRole('region', { name: longDay(keptDay, language) });
    const shift = day.getByRole('article', { name: t.nightShift });
    await expect(shift.getByText(t.approved, { exact: true })).toBeVisible();
    await expect(shift.getByText('22:00'.replace(':', language === 'fr' ? ' h ' : ':'))).toBeVisible();
    await expect(shift.getByText(`Front door code ${tag}`)).toBeVisible();
    await expect(employee.getByText(`Extra ${tag}`)).toHaveCount(0);
    expect(await seriousA11yViolations(employee)).toEqual([]);
    expect(employeeErrors, 'console errors on the employee’s page').toEqual([]);
    await employee.context().close();
  });
}
