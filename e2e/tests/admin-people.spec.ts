import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn, uniqueEmail } from './support/accounts.ts';

const TEXT = {
  en: {
    tabs: 'Dashboard sections',
    employeesTab: 'Employees',
    customersTab: 'Customers',
    addEmployee: 'Add Employee',
    addEmployeeTitle: 'Add Employee',
    editEmployeeTitle: 'Edit Employee',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Phone Number',
    role: 'Role',
    active: 'Active',
    company: 'Company Name',
    createEmployee: 'Add Employee',
    saveChanges: 'Save Changes',
    employeeCreated: 'Employee created successfully!',
    employeeUpdated: 'Employee updated successfully!',
    activeBadge: 'Active',
    inactiveBadge: 'Inactive',
    editEmployee: (name: string) => `Edit employee: ${name}`,
    deleteEmployee: (name: string) => `Delete employee: ${name}`,
    deleteEmployeeTitle: 'Delete this employee?',
    employeeDeleted: 'Employee deleted successfully.',
    addCustomer: 'Add Customer',
    addCustomerTitle: 'Create New Customer',
    editCustomerTitle: 'Edit Customer',
    submit: 'Submit',
    customerCreated: 'Customer created successfully!',
    customerUpdated: 'Customer updated successfully!',
    search: 'Search customers by name, email or company',
    editCustomer: (name: string) => `Edit customer: ${name}`,
    deleteCustomer: (name: string) => `Delete customer: ${name}`,
    deleteCustomerTitle: 'Delete this customer?',
    customerDeleted: 'Customer deleted successfully.',
    deleteFailed: 'Failed to delete customer.',
    keptForAppointments: (name: string) => `${name} has appointments, so the record is kept`,
    delete: 'Delete',
    teamLead: 'Team lead',
  },
  fr: {
    tabs: 'Sections du tableau de bord',
    employeesTab: 'Employés',
    customersTab: 'Clients',
    addEmployee: 'Ajouter un employé',
    addEmployeeTitle: 'Ajouter un employé',
    editEmployeeTitle: 'Modifier l’employé',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Courriel',
    phone: 'Numéro de téléphone',
    role: 'Rôle',
    active: 'Actif',
    company: 'Nom de l’entreprise',
    createEmployee: 'Ajouter l’employé',
    saveChanges: 'Enregistrer les modifications',
    employeeCreated: 'Employé créé avec succès!',
    employeeUpdated: 'Employé mis à jour avec succès!',
    activeBadge: 'Actif',
    inactiveBadge: 'Inactif',
    editEmployee: (name: string) => `Modifier l’employé : ${name}`,
    deleteEmployee: (name: string) => `Supprimer l’employé : ${name}`,
    deleteEmployeeTitle: 'Supprimer cet employé?',
    employeeDeleted: 'Employé supprimé avec succès.',
    addCustomer: 'Ajouter un client',
    addCustomerTitle: 'Créer un client',
    editCustomerTitle: 'Modifier le client',
    submit: 'Envoyer',
    customerCreated: 'Client créé avec succès!',
    customerUpdated: 'Client mis à jour avec succès!',
    search: 'Rechercher un client par nom, courriel ou entreprise',
    editCustomer: (name: string) => `Modifier le client : ${name}`,
    deleteCustomer: (name: string) => `Supprimer le client : ${name}`,
    deleteCustomerTitle: 'Supprimer ce client?',
    customerDeleted: 'Client supprimé avec succès.',
    deleteFailed: 'Impossible de supprimer le client.',
    keptForAppointments: (name: string) => `${name} a des rendez-vous : son dossier est donc conservé`,
    delete: 'Supprimer',
    teamLead: 'Chef d’équipe',
  },
} as const;

type Language = keyof typeof TEXT;

/** A name no other test uses, so rows are found among everyone else's. */
function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(3).toString('hex')}`;
}

/** With the signed-in admin's token: a customer and one (cancelled) appointment of theirs. */
async function createCustomerWithAppointment(page: Page, firstName: string, lastName: string) {
  const headers = { Authorization: `Bearer ${await readAccessToken(page)}` };
  const customer = await page.request.post('/api/v1/customers', {
    headers,
    data: { firstName, lastName, email: uniqueEmail('booked'), phoneNumber: '416-555-0199' },
  });
  expect(customer.status()).toBe(201);
  const { customerId } = (await customer.json()) as { customerId: string };
  const services = (await (await page.request.get('/api/v1/services')).json()) as { serviceId: string }[];
  const serviceId = services[0]?.serviceId;
  if (!serviceId) throw new Error('The demo catalogue has no service.');
  // A month ahead at 16:00 UTC: 11:00 or 12:00 in Toronto, on the hour. Cancelled: takes no capacity.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 30);
  start.setUTCHours(16, 0, 0, 0);
  const appointment = await page.request.post('/api/v1/appointments', {
    headers,
    data: { customerId, serviceIds: [serviceId], appointmentDate: start.toISOString(), status: 'cancelled' },
  });
  expect(appointment.status()).toBe(201);
}

async function signInAsAdmin(page: Page, language: Language) {
  await setLanguage(page, language);
  await page.goto('/');
  await signIn(page, await createAccount('admin'), language);
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: an admin adds, edits and deletes an employee from the dashboard`, async ({
    page,
    consoleErrors,
  }) => {
    // A whole journey with sign-in and accessibility scans: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const firstName = uniqueName('Ana');
    const name = `${firstName} Lima`;
    const email = uniqueEmail('employee-record');
    await signInAsAdmin(page, language);
    await page.goto('/admin-dashboard');
    const tabs = page.getByRole('tablist', { name: t.tabs });
    await expect(tabs.getByRole('tab', { name: t.employeesTab, selected: true })).toBeVisible();

    await page.getByRole('link', { name: t.addEmployee }).click();
    await expect(page).toHaveURL(/\/add-employee$/);
    await expect(page.getByRole('heading', { level: 1, name: t.addEmployeeTitle })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: t.active })).toBeChecked();
    await page.getByRole('textbox', { name: t.firstName, exact: true }).fill(firstName);
    await page.getByRole('textbox', { name: t.lastName, exact: true }).fill('Lima');
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
    const phone = page.getByRole('textbox', { name: t.phone, exact: true });
    await phone.fill('5145550123');
    await expect(phone).toHaveValue('514-555-0123');
    await page.getByRole('textbox', { name: t.role, exact: true }).fill('Cleaner');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t.createEmployee }).click();

    await expect(page.getByText(t.employeeCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=employees$/);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('rowheader')).toHaveText(name);
    await expect(row.getByRole('cell')).toHaveText([email, '514-555-0123', 'Cleaner', t.activeBadge, /.*/]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('link', { name: t.editEmployee(name) }).click();
    await expect(page).toHaveURL(/\/edit-employee\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: t.editEmployeeTitle })).toBeVisible();
    const role = page.getByRole('textbox', { name: t.role, exact: true });
    await expect(role).toHaveValue('Cleaner');
    await role.fill(t.teamLead);
    await page.getByRole('checkbox', { name: t.active }).uncheck();
    await page.getByRole('button', { name: t.saveChanges }).click();

    await expect(page.getByText(t.employeeUpdated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=employees$/);
    await expect(row.getByRole('cell')).toHaveText([
      email,
      '514-555-0123',
      t.teamLead,
      t.inactiveBadge,
      /.*/,
    ]);

    await row.getByRole('button', { name: t.deleteEmployee(name) }).click();
    const dialog = page.getByRole('dialog', { name: t.deleteEmployeeTitle });
    await expect(dialog).toContainText(name);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: t.delete }).click();
    await expect(page.getByText(t.employeeDeleted)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test(`${language}: an admin creates, edits and deletes a customer from the dashboard`, async ({
    page,
    consoleErrors,
  }) => {
    // A whole journey with sign-in and accessibility scans: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const firstName = uniqueName('Zoé');
    const name = `${firstName} Roy`;
    const email = uniqueEmail('customer-record');
    await signInAsAdmin(page, language);
    await page.goto('/admin-dashboard');
    await page.getByRole('tablist', { name: t.tabs }).getByRole('tab', { name: t.customersTab }).click();
    await expect(page).toHaveURL(/\?tab=customers$/);

    await page.getByRole('link', { name: t.addCustomer }).click();
    await expect(page).toHaveURL(/\/add-customer$/);
    await expect(page.getByRole('heading', { level: 1, name: t.addCustomerTitle })).toBeVisible();
    await page.getByRole('textbox', { name: t.firstName, exact: true }).fill(firstName);
    await page.getByRole('textbox', { name: t.lastName, exact: true }).fill('Roy');
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
    await page.getByRole('textbox', { name: t.phone, exact: true }).fill('4165550111');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t.submit }).click();

    await expect(page.getByText(t.customerCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=customers$/);
    await page.getByRole('searchbox', { name: t.search }).fill(firstName);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('rowheader')).toHaveText(name);
    await expect(page.getByRole('row')).toHaveCount(2);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('link', { name: t.editCustomer(name) }).click();
    await expect(page).toHaveURL(/\/edit-customer\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: t.editCustomerTitle })).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.phone, exact: true })).toHaveValue('416-555-0111');
    await page.getByRole('textbox', { name: t.company, exact: true }).fill('Roy Dental');
    await page.getByRole('button', { name: t.saveChanges }).click();

    await expect(page.getByText(t.customerUpdated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=customers$/);
    await page.getByRole('searchbox', { name: t.search }).fill(email);
    await expect(row.getByRole('cell')).toHaveText([email, '416-555-0111', 'Roy Dental', /.*/]);

    await row.getByRole('button', { name: t.deleteCustomer(name) }).click();
    const dialog = page.getByRole('dialog', { name: t.deleteCustomerTitle });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: t.delete }).click();
    await expect(page.getByText(t.customerDeleted)).toBeVisible();
    await expect(row).toHaveCount(0);

    expect(consoleErrors).toEqual([]);
  });

  test(`${language}: deleting a customer who has appointments is refused, and the page says why`, async ({
    page,
    consoleErrors,
  }) => {
    // A whole journey with sign-in and accessibility scans: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const firstName = uniqueName('Léa');
    const name = `${firstName} Booked`;
    await signInAsAdmin(page, language);
    await createCustomerWithAppointment(page, firstName, 'Booked');
    await page.goto('/admin-dashboard?tab=customers');
    await page.getByRole('searchbox', { name: t.search }).fill(firstName);
    await page.getByRole('button', { name: t.deleteCustomer(name) }).click();
    await page
      .getByRole('dialog', { name: t.deleteCustomerTitle })
      .getByRole('button', { name: t.delete })
      .click();
    const refusal = page.getByRole('alert').filter({ hasText: t.deleteFailed });
    await expect(refusal).toContainText(t.keptForAppointments(name));
    await expect(page.getByRole('rowheader', { name })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The browser logs the refused request (409) itself; anything else would be a defect.
    expect(consoleErrors.filter((message) => !message.includes('409'))).toEqual([]);
    consoleErrors.length = 0;
  });
}

test('the add forms say which fields are missing; an unknown employee is reported with a way back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, 'en');
  await page.goto('/employees');
  await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Employee' }).click();
  await expect(page).toHaveURL(/\/add-employee$/);
  await page.getByRole('button', { name: 'Add Employee' }).click();
  for (const label of ['First Name', 'Last Name', 'Email', 'Phone Number', 'Role']) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveAccessibleDescription(
      /This field is required\./,
    );
  }
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('514555');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Phone number must be in the format 123-456-7890.')).toBeVisible();
  // Opened from /employees, Cancel goes back there.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/employees$/);

  await page.goto('/add-customer');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const label of ['First Name', 'Last Name', 'Email', 'Phone Number']) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveAccessibleDescription(
      /This field is required\./,
    );
  }
  await expect(
    page.getByRole('textbox', { name: 'Company Name', exact: true }),
  ).not.toHaveAccessibleDescription(/required/);

  await page.goto('/edit-employee/not-an-id');
  await expect(page.getByRole('alert')).toContainText('This employee does not exist.');
  await page.getByRole('link', { name: 'Back to employees' }).click();
  await expect(page).toHaveURL(/\/employees$/);
});

test('customers and employees cannot open the employees page', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  for (const role of ['customer', 'employee'] as const) {
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await other.goto('/');
    await signIn(other, await createAccount(role));
    await other.goto('/employees');
    await expect(other.getByText('You do not have permission to open this page.')).toBeVisible();
    await expect(other).not.toHaveURL(/\/employees$/);
    await expect(other.getByRole('heading', { level: 1, name: 'Employees' })).toHaveCount(0);
    await context.close();
  }
});
