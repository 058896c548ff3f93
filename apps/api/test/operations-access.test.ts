import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentSchema,
  availabilitySchema,
  customerSchema,
  employeeSchema,
  scheduleSchema,
} from '@eclat/shared';
import { fromLocal, todayIn } from '../src/lib/time-zone.ts';
import { buildTestApp } from './helpers.ts';
import { makeEmployee, makeService } from './factories.ts';
import { bearer, createTestUser, signAccessToken } from './auth.ts';

/**
 * Every endpoint of the operations area (issue 7) against every role: anonymous callers get 401,
 * customers 403, employees what spec §6 gives them, admins succeed. Each attempt gets fresh records, so
 * a delete that wrongly succeeded cannot hide the next role's answer.
 */
type Role = 'anonymous' | 'customer' | 'employee' | 'admin';
type Attempt = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };

let app: Awaited<ReturnType<typeof buildTestApp>>;
const headersOf: Partial<Record<Role, Record<string, string>>> = {};
let staffEmployeeId = '';
let serviceId = '';
let hour = 8;
let offset = 40;

const TZ = 'America/Toronto';
function nextStart() {
  hour += 1;
  if (hour > 20) {
    hour = 9;
    offset += 1;
  }
  const base = new Date(`${todayIn(TZ)}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + offset);
  return fromLocal(base.toISOString().slice(0, 10), hour, 0, TZ).toISOString();
}

async function as(role: Role, attempt: Attempt) {
  const headers = headersOf[role];
  return app.inject({ ...attempt, ...(headers ? { headers } : {}) });
}

const admin = () => headersOf.admin ?? {};
const employeeBody = (tag: string) => ({
  firstName: 'Pat',
  lastName: tag,
  email: `${tag.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phoneNumber: '416-555-0100',
  role: 'Cleaner',
});
const customerBody = () => ({
  firstName: 'Cora',
  lastName: 'Client',
  email: `cora-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phoneNumber: '416-555-0101',
});

async function newEmployee() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/employees',
    headers: admin(),
    payload: employeeBody('Extra'),
  });
  return employeeSchema.parse(res.json()).employeeId;
}
async function newCustomer() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/customers',
    headers: admin(),
    payload: customerBody(),
  });
  return customerSchema.parse(res.json()).customerId;
}
async function newAppointment() {
  const customerId = await newCustomer();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: admin(),
    payload: { customerId, serviceIds: [serviceId], appointmentDate: nextStart(), status: 'pending' },
  });
  return appointmentSchema.parse(res.json());
}
/** An availability of the signed-in staff employee (so "own" routes are truly theirs). */
async function newAvailability() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/availabilities/my-availabilities',
    headers: headersOf.employee ?? {},
    payload: { availableDate: '2027-10-04', shift: 'MORNING' },
  });
  return availabilitySchema.parse(res.json()).availabilityId;
}
async function newSchedule() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/schedules',
    headers: admin(),
    payload: { employeeId: staffEmployeeId, assignedDate: '2027-10-04T13:00', shift: 'MORNING' },
  });
  return scheduleSchema.parse(res.json()).scheduleId;
}

type Row = {
  name: string;
  /** What an employee gets: allowed (2xx) or forbidden (403). */
  employee: 'allowed' | 'forbidden';
  attempt: () => Attempt | Promise<Attempt>;
};

const rows: Row[] = [
  // Employees (admin)
  {
    name: 'GET /employees',
    employee: 'forbidden',
    attempt: () => ({ method: 'GET', url: '/api/v1/employees' }),
  },
  {
    name: 'POST /employees',
    employee: 'forbidden',
    attempt: () => ({ method: 'POST', url: '/api/v1/employees', payload: employeeBody('New') }),
  },
  {
    name: 'GET /employees/{id}',
    employee: 'forbidden',
    attempt: async () => ({ method: 'GET', url: `/api/v1/employees/${await newEmployee()}` }),
  },
  {
    name: 'PUT /employees/{id}',
    employee: 'forbidden',
    attempt: async () => ({
      method: 'PUT',
      url: `/api/v1/employees/${await newEmployee()}`,
      payload: employeeBody('Changed'),
    }),
  },
  {
    name: 'DELETE /employees/{id}',
    employee: 'forbidden',
    attempt: async () => ({ method: 'DELETE', url: `/api/v1/employees/${await newEmployee()}` }),
  },
  // Customers (admin)
  {
    name: 'GET /customers',
    employee: 'forbidden',
    attempt: () => ({ method: 'GET', url: '/api/v1/customers' }),
  },
  {
    name: 'POST /customers',
    employee: 'forbidden',
    attempt: () => ({ method: 'POST', url: '/api/v1/customers', payload: customerBody() }),
  },
  {
    name: 'GET /customers/{id}',
    employee: 'forbidden',
    attempt: async () => ({ method: 'GET', url: `/api/v1/customers/${await newCustomer()}` }),
  },
  {
    name: 'PUT /customers/{id}',
    employee: 'forbidden',
    attempt: async () => ({
      method: 'PUT',
      url: `/api/v1/customers/${await newCustomer()}`,
      payload: customerBody(),
    }),
  },
  {
    name: 'DELETE /customers/{id}',
    employee: 'forbidden',
    attempt: async () => ({ method: 'DELETE', url: `/api/v1/customers/${await newCustomer()}` }),
  },
  // Appointments table (staff reads, admin writes)
  {
    name: 'GET /appointments/paged',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/appointments/paged?page=0&size=6' }),
  },
  {
    name: 'GET /appointments/pdf',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/appointments/pdf' }),
  },
  {
    name: 'GET /appointments/{id}',
    employee: 'allowed',
    attempt: async () => ({
      method: 'GET',
      url: `/api/v1/appointments/${(await newAppointment()).appointmentId}`,
    }),
  },
  {
    name: 'POST /appointments',
    employee: 'forbidden',
    attempt: async () => ({
      method: 'POST',
      url: '/api/v1/appointments',
      payload: {
        customerId: await newCustomer(),
        serviceIds: [serviceId],
        appointmentDate: nextStart(),
        status: 'pending',
      },
    }),
  },
  {
    name: 'PUT /appointments/{id}',
    employee: 'forbidden',
    attempt: async () => {
      const appointment = await newAppointment();
      return {
        method: 'PUT',
        url: `/api/v1/appointments/${appointment.appointmentId}`,
        payload: {
          customerId: appointment.customerId,
          serviceIds: [serviceId],
          appointmentDate: appointment.appointmentDate,
          status: 'confirmed',
        },
      };
    },
  },
  {
    name: 'DELETE /appointments/{id}',
    employee: 'forbidden',
    attempt: async () => ({
      method: 'DELETE',
      url: `/api/v1/appointments/${(await newAppointment()).appointmentId}`,
    }),
  },
  {
    name: 'GET /appointments/{id}/assignments',
    employee: 'allowed',
    attempt: async () => ({
      method: 'GET',
      url: `/api/v1/appointments/${(await newAppointment()).appointmentId}/assignments`,
    }),
  },
  {
    name: 'PUT /appointments/{id}/assignments',
    employee: 'forbidden',
    attempt: async () => ({
      method: 'PUT',
      url: `/api/v1/appointments/${(await newAppointment()).appointmentId}/assignments`,
      payload: { employeeIds: [await newEmployee()] },
    }),
  },
  // Availabilities (own for employees, all for admins; admin deletes any)
  {
    name: 'GET /availabilities',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/availabilities' }),
  },
  {
    name: 'GET /availabilities/{id}',
    employee: 'allowed',
    attempt: async () => ({ method: 'GET', url: `/api/v1/availabilities/${await newAvailability()}` }),
  },
  {
    name: 'DELETE /availabilities/{id}',
    employee: 'forbidden',
    attempt: async () => ({ method: 'DELETE', url: `/api/v1/availabilities/${await newAvailability()}` }),
  },
  // Schedules
  {
    name: 'GET /schedules',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/schedules' }),
  },
  {
    name: 'POST /schedules',
    employee: 'allowed',
    attempt: () => ({
      method: 'POST',
      url: '/api/v1/schedules',
      payload: { employeeId: staffEmployeeId, assignedDate: '2027-10-05T13:00', shift: 'evening' },
    }),
  },
  {
    name: 'GET /schedules/{id}',
    employee: 'allowed',
    attempt: async () => ({ method: 'GET', url: `/api/v1/schedules/${await newSchedule()}` }),
  },
  {
    name: 'PUT /schedules/{id}',
    employee: 'forbidden',
    attempt: async () => ({
      method: 'PUT',
      url: `/api/v1/schedules/${await newSchedule()}`,
      payload: { assignedDate: '2027-10-06T13:00', shift: 'NIGHT', status: 'APPROVED' },
    }),
  },
  {
    name: 'DELETE /schedules/{id}',
    employee: 'forbidden',
    attempt: async () => ({ method: 'DELETE', url: `/api/v1/schedules/${await newSchedule()}` }),
  },
  {
    name: 'GET /schedules/jobs',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/schedules/jobs' }),
  },
  // Scheduling from the team (decision 019)
  {
    name: 'POST /availabilities (a team member’s)',
    employee: 'forbidden',
    attempt: () => ({
      method: 'POST',
      url: '/api/v1/availabilities',
      payload: { employeeId: staffEmployeeId, availableDate: '2027-10-07', shift: 'NIGHT' },
    }),
  },
  {
    name: 'GET /availabilities/{id}/jobs',
    employee: 'allowed',
    attempt: async () => ({ method: 'GET', url: `/api/v1/availabilities/${await newAvailability()}/jobs` }),
  },
  {
    name: 'DELETE /availabilities/{id}?jobs=unassign',
    employee: 'forbidden',
    attempt: async () => ({
      method: 'DELETE',
      url: `/api/v1/availabilities/${await newAvailability()}?jobs=unassign`,
    }),
  },
  {
    name: 'GET /settings/shift-hours',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/settings/shift-hours' }),
  },
  {
    name: 'PUT /settings/shift-hours',
    employee: 'forbidden',
    attempt: () => ({
      method: 'PUT',
      url: '/api/v1/settings/shift-hours',
      payload: {
        MORNING: { start: '09:00', end: '13:00' },
        EVENING: { start: '13:00', end: '17:00' },
        NIGHT: { start: '17:00', end: '21:00' },
      },
    }),
  },
  // Recurring cleanings (decision 020): the staff read every series and the visits needing a time.
  {
    name: 'GET /series',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/series' }),
  },
  {
    name: 'GET /series/needs-time',
    employee: 'allowed',
    attempt: () => ({ method: 'GET', url: '/api/v1/series/needs-time' }),
  },
  {
    name: 'PUT /settings/recurring',
    employee: 'forbidden',
    attempt: () => ({
      method: 'PUT',
      url: '/api/v1/settings/recurring',
      payload: { weekly: 15, every2Weeks: 10, every4Weeks: 5, firstVisitDiscounted: true },
    }),
  },
  {
    name: 'GET /dispatch',
    employee: 'forbidden',
    attempt: () => ({ method: 'GET', url: '/api/v1/dispatch?date=2027-10-04&view=week' }),
  },
];

beforeAll(async () => {
  // The staff employee works every shift of the days the appointments are made on (decision 019: once a
  // team exists, a visit needs a free cleaner); no travel buffer, so back-to-back hours all fit.
  app = await buildTestApp({ SLOT_CAPACITY: '50', BUFFER_MINUTES: '0' });
  headersOf.admin = bearer(await signAccessToken(app, await createTestUser(app, ['admin'])));
  headersOf.customer = bearer(await signAccessToken(app, await createTestUser(app, ['customer'])));
  const staff = await makeEmployee(app, {
    firstName: 'Sam',
    lastName: 'Staff',
    phoneNumber: '416-555-0102',
    worksOn: Array.from({ length: 60 }, (_, day) => addDays(todayIn(TZ), 40 + day)),
  });
  staffEmployeeId = staff.id;
  headersOf.employee = staff.headers;
  serviceId = await makeService(app, {
    title: 'Standard',
    description: 's',
    pricing: 90,
    category: 'Residential',
  });
});
afterAll(async () => {
  await app.close();
});

describe('operations access, role by role', () => {
  it.each(rows)('$name: anonymous 401, customer 403, employee as spec §6, admin allowed', async (row) => {
    expect((await as('anonymous', await row.attempt())).statusCode).toBe(401);
    expect((await as('customer', await row.attempt())).statusCode).toBe(403);
    const byEmployee = await as('employee', await row.attempt());
    if (row.employee === 'forbidden') expect(byEmployee.statusCode).toBe(403);
    else expect(byEmployee.statusCode, byEmployee.body).toBeLessThan(300);
    const byAdmin = await as('admin', await row.attempt());
    expect(byAdmin.statusCode, byAdmin.body).toBeLessThan(300);
  });

  it('an employee deleting an appointment gets the message of spec §6', async () => {
    const res = await as('employee', {
      method: 'DELETE',
      url: `/api/v1/appointments/${(await newAppointment()).appointmentId}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to delete appointments.',
    });
  });
});
