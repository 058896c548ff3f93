/**
 * Factories: the rows a test needs, made the way the product makes them, with sensible defaults a test
 * overrides where its case differs. Rows go through the real app (`app.inject`, so its checks, prices
 * and emails happen) or, where the API would add nothing the test is about, the real repository
 * (`createService`); never a mock and never a hand-written insert.
 *
 * - `call`: one request to `/api/v1…` (the shared request helper).
 * - `signedIn`: a new account with these roles and its Authorization header.
 * - `makeService`: a flat service, $100 and one hour unless told.
 * - `makeCustomer`: an account and its profile (`POST /customers/me`).
 * - `makeCustomerRecord`: a customer the admin entered (the customers repository), with no account yet.
 * - `makeEmployee`: an employee account, its employee record and, if given, the days it works
 *   (`giveShifts`, through the availabilities repository).
 * - `makeVisit`, `makeSeries`, `makeQuote`: a booking, a series, a quote request by a customer (201
 *   checked); `quoteRequest` is the body `makeQuote` sends, for tests that post a variant themselves.
 * - `setServiceArea`: the admin's service area.
 * A test that must show nothing more happens waits on the job queues (`jobsSettled` in `helpers.ts`).
 * - `appointmentEmailData`, `visitNoticeData`: the data of an email, for the mail templates' tests.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import {
  appointmentSchema,
  customerSchema,
  quoteSchema,
  seriesDetailSchema,
  serviceAreaSchema,
  SHIFTS,
  type Appointment,
  type Permission,
  type ProfileInput,
  type Quote,
  type SeriesDetail,
} from '@eclat/shared';
import type { FastifyInstance } from 'fastify';
import { createEmployee } from '../src/modules/employees/employees.repository.ts';
import { createService } from '../src/modules/services/services.repository.ts';
import { createCustomer, type AdminCustomerFields } from '../src/modules/customers/customers.repository.ts';
import { insertAvailability } from '../src/modules/availabilities/availabilities.repository.ts';
import { fromLocal } from '../src/lib/time-zone.ts';
import { testConfig } from './helpers.ts';
import { bearer, createTestUser, signAccessToken } from './auth.ts';
import type { AppointmentEmailData } from '../src/mail/templates/appointment.ts';
import type { VisitNoticeData } from '../src/mail/templates/visit-notice.ts';

/** A booking as the confirmation email sees it: 2027-03-09 09:00 to 12:00 in Toronto (EST, UTC-5). */
export function appointmentEmailData(overrides: Partial<AppointmentEmailData> = {}): AppointmentEmailData {
  return {
    appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
    customerFirstName: 'Amélie',
    customerLastName: 'Tremblay',
    startsAt: '2027-03-09T14:00:00.000Z',
    endsAt: '2027-03-09T17:00:00.000Z',
    services: [
      { title: 'Deep Cleaning', price: 289 },
      { title: 'Window Washing', price: 50 },
    ],
    total: 339,
    address: '48 Palmerston Avenue',
    comments: 'The cat hides under the bed.',
    ...overrides,
  };
}

/** A one-off visit moved from Tuesday 9:00 to Thursday 14:00 (Toronto), told to its customer. */
export function visitNoticeData(overrides: Partial<VisitNoticeData> = {}): VisitNoticeData {
  return {
    kind: 'moved',
    audience: 'customer',
    recipientFirstName: 'Amélie',
    seriesId: null,
    appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
    customerFirstName: 'Amélie',
    customerLastName: 'Tremblay',
    startsAt: '2027-03-11T18:00:00.000Z',
    endsAt: '2027-03-11T21:00:00.000Z',
    previousStartsAt: '2027-03-09T14:00:00.000Z',
    cancelledBy: null,
    services: [{ title: 'Deep Cleaning', price: 289 }],
    totalPrice: 289,
    address: '48 Palmerston Avenue',
    revision: 2,
    ...overrides,
  };
}

export type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request to the API (`url` after `/api/v1`), as a client sends it. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  headers: Headers = {},
  payload?: object,
) {
  return app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
}

/** Checks the answer's status (showing its body when it differs) and parses its body. */
function expectBody<T>(
  res: { statusCode: number; body: string; json: () => unknown },
  status: number,
  schema: { parse: (value: unknown) => T },
): T {
  expect(res.statusCode, res.body).toBe(status);
  return schema.parse(res.json());
}

/** A new account with exactly these roles, and the Authorization header of its token. */
export async function signedIn(app: FastifyInstance, roles: Permission[]) {
  const user = await createTestUser(app, roles);
  return { user, headers: bearer(await signAccessToken(app, user, { permissions: roles })) };
}

export type ServiceFields = Parameters<typeof createService>[1];

/** A service in the catalogue, through the services repository: $100, one hour, residential, available. */
export async function makeService(
  app: FastifyInstance,
  overrides: Partial<ServiceFields> & { extras?: Parameters<typeof createService>[2] } = {},
): Promise<string> {
  const { extras, ...fields } = overrides;
  const title = fields.title ?? 'Standard Cleaning';
  return createService(
    app.db,
    {
      title,
      description: title,
      pricing: 100,
      category: 'Residential',
      durationMinutes: 60,
      isAvailable: true,
      ...fields,
    },
    extras,
    undefined,
  );
}

let customers = 0;

/**
 * A customer: an account (a customer's unless `roles` says otherwise) and its profile made through
 * `POST /customers/me` (Cam ClientN in Toronto unless told), with the headers to act as them.
 */
export async function makeCustomer(
  app: FastifyInstance,
  profile: Partial<ProfileInput> = {},
  roles: Permission[] = ['customer'],
) {
  const { user, headers } = await signedIn(app, roles);
  const res = await call(app, 'POST', '/customers/me', headers, {
    firstName: 'Cam',
    lastName: `Client${(customers += 1)}`,
    phoneNumber: '416-555-0123',
    address: '12 Rue Sainte Catherine',
    ...profile,
  });
  return { user, headers, ...expectBody(res, 201, customerSchema) };
}
export type TestCustomer = Awaited<ReturnType<typeof makeCustomer>>;

/**
 * A customer as the admin enters one (through the customers repository, as `POST /customers` stores it):
 * Cal Record unless told, no account until one signs in with that email.
 */
export async function makeCustomerRecord(app: FastifyInstance, fields: Partial<AdminCustomerFields> = {}) {
  return createCustomer(app.db, {
    firstName: 'Cal',
    lastName: 'Record',
    email: `record${(customers += 1)}@example.com`,
    phoneNumber: '416-555-0124',
    companyName: null,
    ...fields,
  });
}

export type Shift = (typeof SHIFTS)[number];

/**
 * An employee: an account (a new one, or `account` when the person already has one), its employee record
 * (active unless told) (through the employees repository, linked to the account as the ownership rule
 * links it) and, if `worksOn` is given, those business days (`shifts`, all three unless told) through
 * `giveShifts`.
 */
export async function makeEmployee(
  app: FastifyInstance,
  options: {
    firstName?: string;
    lastName?: string;
    role?: string;
    phoneNumber?: string;
    isActive?: boolean;
    worksOn?: string[];
    shifts?: readonly Shift[];
    account?: Awaited<ReturnType<typeof signedIn>>;
  } = {},
) {
  const { user, headers } = options.account ?? (await signedIn(app, ['employee']));
  const record = await createEmployee(app.db, {
    firstName: options.firstName ?? 'Emma',
    lastName: options.lastName ?? 'Crew',
    email: user.email,
    phoneNumber: options.phoneNumber ?? '416-555-0150',
    role: options.role ?? 'Cleaner',
    isActive: options.isActive ?? true,
  });
  if (options.worksOn) await giveShifts(app, record.id, options.worksOn, options.shifts);
  return { id: record.id, user, headers };
}

/**
 * The employee works these shifts (all three unless told) of each business date, stored through the
 * availabilities repository as the staff's screens store them (the date's midnight in the business time
 * zone): dates of any number, past or far ahead, without a request each.
 */
export async function giveShifts(
  app: FastifyInstance,
  employeeId: string,
  dates: readonly string[],
  shifts: readonly Shift[] = SHIFTS,
  timeZone = testConfig().businessTimeZone,
): Promise<void> {
  for (const date of dates)
    for (const shift of shifts)
      await insertAvailability(app.db, employeeId, {
        availableDate: fromLocal(date, 0, 0, timeZone),
        shift,
        comments: null,
      });
}

/** An employee's own availability for one shift of a day (`POST /availabilities/my-availabilities`). */
export async function declareAvailability(
  app: FastifyInstance,
  headers: Headers,
  date: string,
  shift: Shift,
) {
  const res = await call(app, 'POST', '/availabilities/my-availabilities', headers, {
    availableDate: date,
    shift,
  });
  return expectBody(res, 201, availabilityCreatedSchema).availabilityId;
}
const availabilityCreatedSchema = z.object({ availabilityId: z.string() });

/** A visit booked by its customer (`POST /appointments/customers/{id}`); more fields in `extra`. */
export async function makeVisit(
  app: FastifyInstance,
  who: { headers: Headers; customerId: string },
  booking: { serviceIds: string[]; appointmentDate: string } & Record<string, unknown>,
): Promise<Appointment> {
  const res = await call(app, 'POST', `/appointments/customers/${who.customerId}`, who.headers, booking);
  return expectBody(res, 201, appointmentSchema);
}

/** A series booked by its customer (`POST /series/customers/{id}`). */
export async function makeSeries(
  app: FastifyInstance,
  who: { headers: Headers; customerId: string },
  body: object,
): Promise<SeriesDetail> {
  const res = await call(app, 'POST', `/series/customers/${who.customerId}`, who.headers, body);
  return expectBody(res, 201, seriesDetailSchema);
}

/** The body of a quote request: a Vancouver house before a sale unless told. */
export const quoteRequest = (fields: object = {}) => ({
  description: 'A large house before a sale.',
  address: '88 West Hastings Street',
  postalCode: 'V6B 1A1',
  ...fields,
});

/** A quote request by a signed-in customer (`POST /quotes`), of `quoteRequest(fields)`. */
export async function makeQuote(app: FastifyInstance, headers: Headers, fields: object = {}): Promise<Quote> {
  return expectBody(await call(app, 'POST', '/quotes', headers, quoteRequest(fields)), 201, quoteSchema);
}

/** The service area, set by an admin (`PUT /settings/service-area`). */
export async function setServiceArea(
  app: FastifyInstance,
  prefixes: { prefix: string; surchargeCents: number }[],
) {
  const admin = await signedIn(app, ['admin']);
  const res = await call(app, 'PUT', '/settings/service-area', admin.headers, { prefixes });
  return expectBody(res, 200, serviceAreaSchema);
}
