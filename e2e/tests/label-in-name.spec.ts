import type { Permission } from '@eclat/shared';
import type { Browser, Page } from '@playwright/test';

import { paths, ROUTE_ACCESS, type PathName, type RouteDefinition } from '../../apps/web/src/config/paths.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, PASSWORD, readAccessToken, setLanguage, text } from './support/accounts.ts';
import { businessDay, businessInstant } from './support/business-time.ts';
import { labelInNameMismatches } from './support/label-in-name.ts';
import { cleanersOfItsOwn, OWN_DAYS } from './support/own-team.ts';
import { BOOKING_SLOT_KEY } from '../../apps/web/src/features/booking/booking-selection.ts';
import { SELECTED_SERVICES_KEY } from '../../apps/web/src/features/services/selection.ts';

/**
 * WCAG 2.5.3 on every page: each route of `config/paths.ts` the role may open, as a visitor, a customer,
 * an employee and an admin, in English and French, with data present (appointments, availabilities,
 * schedules, customers, employees), so row actions and cards are there. Every control's accessible
 * name must contain the words it shows. A route added to `paths.ts` is visited without changing this
 * file (one with a parameter must be given an id below, or typechecking fails).
 */

type Role = 'anonymous' | 'customer' | 'employee' | 'admin';

const OPEN_MENU = { en: 'Open navigation menu', fr: 'Ouvrir le menu de navigation' } as const;
/** The bar's menu of the staff pages (employees and admins). */
const WORK_MENU = { en: 'Work', fr: 'Travail' } as const;

/** The permissions a role's account carries (the CLI gives one role each). */
const PERMISSIONS: Record<Role, readonly Permission[]> = {
  anonymous: [],
  customer: ['customer'],
  employee: ['employee'],
  admin: ['admin'],
};

type ParamRoute = {
  [Name in PathName]: Parameters<(typeof paths)[Name]['getHref']>['length'] extends 0 ? never : Name;
}[PathName];

/** Records made once per worker, for the routes with an id and for rows in every table. */
type World = {
  emails: Record<Exclude<Role, 'anonymous'>, string>;
  ids: Record<ParamRoute, (role: Role) => string>;
  /** A service and a time to book, so the booking pages show their times and summary. */
  booking: { serviceIds: string[]; appointmentDate: string };
};

/** Not a page: the identity provider's return address, which signs in and moves on. */
const NOT_PAGES: readonly PathName[] = ['authCallback'];

/**
 * Log In on the provider's page, then wait for the session (the token says when it is done).
 */
async function signIn(page: Page, email: string, language: 'en' | 'fr' = 'en') {
  const t = text(language);
  await page.getByRole('banner').getByRole('button', { name: t.logIn }).click();
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.submitSignIn }).click();
  await expect.poll(() => readAccessToken(page).catch(() => null), { timeout: 30_000 }).not.toBeNull();
  await expect(page).not.toHaveURL(/\/oidc\//);
}

async function signedInContext(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, email);
  const headers = { Authorization: `Bearer ${await readAccessToken(page)}` };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await page.request.post(url, { headers, data });
    expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const put = async (url: string, data: unknown) => {
    const response = await page.request.put(url, { headers, data });
    expect(response.status(), `PUT ${url}: ${await response.text()}`).toBe(200);
  };
  return { context, page, headers, post, put };
}

async function makeWorld(browser: Browser, baseURL: string | undefined): Promise<World> {
  const emails = {
    customer: await createAccount('customer'),
    employee: await createAccount('employee'),
    admin: await createAccount('admin'),
  };
  const admin = await signedInContext(browser, baseURL, emails.admin);
  const services = (await (await admin.page.request.get('/api/v1/services')).json()) as {
    serviceId: string;
  }[];
  const serviceId = services[0]?.serviceId;
  if (!serviceId) throw new Error('The demo catalogue has no service.');

  // Customer records (and so appointments) for the customer and the admin; the employee has none, so
  // their profile page asks the question and their appointments page is empty.
  const customerRecord = (email: string, firstName: string) =>
    admin.post<{ customerId: string }>('/api/v1/customers', {
      firstName,
      lastName: 'Label',
      email,
      phoneNumber: '514-555-0143',
    });
  const customer = await customerRecord(emails.customer, 'Colette');
  const adminCustomer = await customerRecord(emails.admin, 'Adèle');
  // A day of this worker's own after the demo team's weeks, with cleaners of its own: on a day of the demo
  // team, other tests' visits took its cleaners (no room left, or the checkout's time taken before the
  // customer's page showed it).
  const day = businessDay(OWN_DAYS.labelWorld + test.info().workerIndex);
  await cleanersOfItsOwn(day, 3, `Label${String(test.info().workerIndex)}`);
  const appointment = async (customerId: string) => {
    for (let hour = 9; hour < 17; hour += 1) {
      const response = await admin.page.request.post('/api/v1/appointments', {
        headers: admin.headers,
        data: {
          customerId,
          serviceIds: [serviceId],
          appointmentDate: businessInstant(day, hour),
          status: 'pending',
          comments: 'Side door',
        },
      });
      if (response.status() === 201) return (await response.json()) as { appointmentId: string };
    }
    throw new Error(`no room for an appointment on ${day}`);
  };
  const customerAppointment = await appointment(customer.customerId);
  const adminAppointment = await appointment(adminCustomer.customerId);
  // A recurring cleaning each (issue 14), every 4 weeks from the same day: its later visits fall on days
  // nobody works, so the series pages show visits needing a time too.
  const series = async (customerId: string) => {
    for (let hour = 16; hour >= 9; hour -= 1) {
      const response = await admin.page.request.post(`/api/v1/series/customers/${customerId}`, {
        headers: { ...admin.headers, 'Idempotency-Key': `label-${customerId}-${hour}` },
        data: {
          serviceIds: [serviceId],
          appointmentDate: businessInstant(day, hour),
          frequency: 'every4Weeks',
          comments: 'Back door',
        },
      });
      if (response.status() === 201) return (await response.json()) as { seriesId: string };
    }
    throw new Error(`no room for a recurring cleaning on ${day}`);
  };
  const customerSeries = await series(customer.customerId);
  const adminSeries = await series(adminCustomer.customerId);
  const ownSeries = (role: Role) => (role === 'admin' ? adminSeries.seriesId : customerSeries.seriesId);

  // Employee records for the employee and the admin, each with an availability of their own.
  const employeeRecord = (email: string, firstName: string) =>
    admin.post<{ employeeId: string }>('/api/v1/employees', {
      firstName,
      lastName: 'Label',
      email,
      phoneNumber: '514-555-0144',
      role: 'Cleaner',
      isActive: true,
    });
  const employee = await employeeRecord(emails.employee, 'Émile');
  await employeeRecord(emails.admin, 'Adèle');
  const availabilityInput = { availableDate: businessDay(42), shift: 'MORNING', comments: 'Mornings' };
  const adminAvailability = await admin.post<{ availabilityId: string }>(
    '/api/v1/availabilities/my-availabilities',
    availabilityInput,
  );
  const employeeSide = await signedInContext(browser, baseURL, emails.employee);
  const employeeAvailability = await employeeSide.post<{ availabilityId: string }>(
    '/api/v1/availabilities/my-availabilities',
    availabilityInput,
  );
  await employeeSide.context.close();

  // A shift and a job for the employee: the schedule pages have rows.
  await admin.post('/api/v1/schedules', {
    employeeId: employee.employeeId,
    availabilityId: employeeAvailability.availabilityId,
    assignedDate: `${businessDay(42)}T13:00`,
    shift: 'morning',
  });
  await admin.put(`/api/v1/appointments/${customerAppointment.appointmentId}/assignments`, {
    employeeIds: [employee.employeeId],
  });
  // A time still free on the worker's day for the checkout pages: asked, not guessed (the visits and the
  // recurring cleanings above may have taken the afternoon's cleaners).
  const slots = (await (
    await admin.page.request.get(`/api/v1/slots?date=${day}&serviceIds=${serviceId}`)
  ).json()) as { slots: { startsAt: string; available: boolean }[] };
  const free = slots.slots.find((slot) => slot.available)?.startsAt;
  if (!free) throw new Error(`no free time left on ${day}`);
  await admin.context.close();

  const ownAvailability = (role: Role) =>
    role === 'admin' ? adminAvailability.availabilityId : employeeAvailability.availabilityId;
  return {
    emails,
    booking: { serviceIds: [serviceId], appointmentDate: free },
    ids: {
      editMyAppointment: (role) =>
        role === 'admin' ? adminAppointment.appointmentId : customerAppointment.appointmentId,
      editAppointment: () => customerAppointment.appointmentId,
      editAvailability: ownAvailability,
      assignSchedule: ownAvailability,
      editEmployee: () => employee.employeeId,
      editService: () => serviceId,
      editCustomer: () => customer.customerId,
      series: ownSeries,
      changeSeries: ownSeries,
    },
  };
}

function isParamRoute(name: PathName, world: World): name is ParamRoute {
  return name in world.ids;
}

function hrefOf(name: PathName, role: Role, world: World): string {
  if (isParamRoute(name, world)) return paths[name].getHref(world.ids[name](role));
  return paths[name].getHref();
}

/** Goes to `href` the way a link does (no reload: the app and the session stay as they are). */
async function openInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

const BOOKING_TEXT = {
  en: { times: 'Time', summary: /^Selected: / },
  fr: { times: 'Heure', summary: /^Choix\s:\s/ },
} as const;

/** The routes that book: they read the chosen services and time from the tab's storage. */
const BOOKING_ROUTES: readonly PathName[] = ['calendarSelect', 'checkout'];

/**
 * As if the services were picked on /services and a time on the calendar (the tab's storage, keys
 * of `features/services/selection.ts` and `features/booking/booking-selection.ts`).
 */
async function seedBooking(page: Page, booking: World['booking']) {
  await page.evaluate(
    ({ keys, value }) => {
      window.sessionStorage.setItem(keys.services, JSON.stringify(value.serviceIds));
      window.sessionStorage.setItem(keys.slot, value.appointmentDate);
    },
    { keys: { services: SELECTED_SERVICES_KEY, slot: BOOKING_SLOT_KEY }, value: booking },
  );
}

/** Loaded: no skeleton, spinner or progress bar left, nothing in flight. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], [role="progressbar"]')).toHaveCount(0);
  await expect(page.getByRole('main')).toBeVisible();
}

let world: World | undefined;

test('both checks catch a name that drops the visible words, and accept one that starts with them', async ({
  page,
}) => {
  await page.setContent(`
    <main>
      <button aria-label="Cancel the appointment of Sunday, January 3">Cancel Appointment</button>
      <button aria-label="Cancel Appointment: Sunday, January 3">Cancel Appointment</button>
      <a href="#x" aria-label="Modifier le service : Nettoyage">Modifier le service</a>
      <label>Title <span aria-hidden="true">*</span><input></label>
    </main>`);
  expect(await labelInNameMismatches(page)).toEqual([
    'button showing "Cancel Appointment" is named "Cancel the appointment of Sunday, January 3"',
  ]);
  const violations = await seriousA11yViolations(page);
  expect(violations.filter((line) => line.startsWith('label-content-name-mismatch'))).toEqual([
    expect.stringMatching(/^label-content-name-mismatch: button[^,]*$/),
  ]);
});

/** The audience of a route in the route table: public, account, staff or admin (another list: itself). */
function groupOf(route: RouteDefinition): string {
  if (!route.access) return 'public';
  const access = [...route.access].sort().join();
  const known = (Object.keys(ROUTE_ACCESS) as (keyof typeof ROUTE_ACCESS)[]).find(
    (group) => [...ROUTE_ACCESS[group]].sort().join() === access,
  );
  return known ?? access;
}

/** The pages the role may open, by audience (public with account), in the order of `paths.ts`. */
function pagesByGroup(role: Role): Map<string, PathName[]> {
  const granted = PERMISSIONS[role];
  const groups = new Map<string, PathName[]>();
  for (const name of Object.keys(paths) as PathName[]) {
    const route: RouteDefinition = paths[name];
    if (NOT_PAGES.includes(name)) continue;
    if (route.access && !route.access.some((permission) => granted.includes(permission))) continue;
    // A signed-in role's public pages go with its account pages: five short pages, not worth a sign-in.
    const audience = groupOf(route);
    const group =
      role !== 'anonymous' && ['public', 'account'].includes(audience) ? 'public and account' : audience;
    groups.set(group, [...(groups.get(group) ?? []), name]);
  }
  return groups;
}

/**
 * One test per role, language and audience of pages (public and account, staff, admin; and one for the
 * dashboard's other tabs), not one per role and language: an admin's 36 pages and 11 other tabs in one test
 * took about five minutes in CI, the run's longest test, which kept one worker busy after the others had
 * finished. Split, the workers share them; each part signs in once (decision 051).
 */
test.describe('every page', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(240_000);
    world ??= await makeWorld(browser, testInfo.project.use.baseURL);
  });

  for (const language of ['en', 'fr'] as const) {
    for (const role of ['anonymous', 'customer', 'employee', 'admin'] as const) {
      const granted = PERMISSIONS[role];
      const isStaff = granted.includes('employee') || granted.includes('admin');
      const parts = [...pagesByGroup(role)].map(([group, names]) => ({ group, names, tabs: false }));
      if (granted.includes('admin'))
        parts.push({ group: 'dashboard tab', names: ['adminDashboard'], tabs: true });

      for (const { group, names, tabs } of parts) {
        test(`${language}, ${role}, ${tabs ? "the dashboard's other tabs" : `${group} pages`}: every control's accessible name contains its visible text`, async ({
          page,
        }) => {
          test.setTimeout(180_000);
          if (!world) throw new Error('no data');
          await setLanguage(page, language);
          await page.goto('/');
          if (role !== 'anonymous') await signIn(page, world.emails[role], language);

          const mismatches = new Set<string>();
          const elsewhere: string[] = [];
          const check = async (where: string) => {
            await settle(page);
            for (const line of await labelInNameMismatches(page)) mismatches.add(`${where}: ${line}`);
          };

          for (const name of names) {
            const href = hrefOf(name, role, world);
            if (BOOKING_ROUTES.includes(name)) await seedBooking(page, world.booking);
            await openInApp(page, href);
            if (name === 'calendarSelect') {
              // The day's times (buttons, some marked full or too late) and the chosen one's summary.
              await expect(
                page.getByRole('group', { name: BOOKING_TEXT[language].times, exact: true }),
              ).toBeVisible();
              await expect(page.getByText(BOOKING_TEXT[language].summary)).toBeVisible();
            }
            if (name === 'checkout') await expect(page.getByTestId('checkout-date')).toBeVisible();
            if (tabs) {
              // The dashboard's other tabs (before and after the default one, checked with the admin
              // pages) are panels of the same page.
              await settle(page);
              const all = page.getByRole('tab');
              const opened = await all.evaluateAll((list) =>
                list.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'),
              );
              for (let index = 0; index < (await all.count()); index += 1) {
                if (index === opened) continue;
                await all.nth(index).click();
                await check(`${href} (${(await all.nth(index).innerText()).trim()})`);
              }
              continue;
            }
            await check(href);
            // The page itself was checked, not one it sent the user on to.
            const landed = new URL(page.url()).pathname;
            if (landed !== href) elsewhere.push(`${href} -> ${landed}`);
          }

          // The staff pages' menu in the bar, open: with the staff pages.
          if (isStaff && group === 'staff') {
            await openInApp(page, '/');
            await page
              .getByRole('banner')
              .getByRole('button', { name: WORK_MENU[language], exact: true })
              .click();
            await expect(page.getByRole('banner').getByRole('menu')).toBeVisible();
            await check('/ (Work menu)');
            await page.keyboard.press('Escape');
          }

          // On a phone, the navigation folds into a menu: with the public pages.
          if (group.startsWith('public')) {
            await page.setViewportSize({ width: 390, height: 844 });
            await page.goto('/');
            await settle(page);
            await page.getByRole('banner').getByRole('button', { name: OPEN_MENU[language] }).click();
            await check('/ (menu, 390 px)');
          }

          expect(elsewhere).toEqual([]);
          expect([...mismatches]).toEqual([]);
        });
      }
    }
  }
});
