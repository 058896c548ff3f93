import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appointmentSchema,
  appointmentsPageSchema,
  customerSchema,
  employeeSchema,
  errorBodySchema,
} from '@eclat/shared';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { makeService } from '../../../test/factories.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';
import { pdfText } from '../../../test/pdf-text.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;
let employee: Record<string, string>;
let customer: Record<string, string>;
let serviceId: string;

beforeAll(async () => {
  app = await buildTestApp({ SLOT_CAPACITY: '2' });
  admin = bearer(await signAccessToken(app, await createTestUser(app, ['admin'])));
  employee = bearer(await signAccessToken(app, await createTestUser(app, ['employee'])));
  customer = bearer(await signAccessToken(app, await createTestUser(app, ['customer'])));
  serviceId = await makeService(app, {
    title: 'Office Cleaning',
    description: 'o',
    pricing: 220,
    category: 'Commercial',
  });
});
afterAll(async () => {
  await app.close();
});

const day = (offset: number) => {
  const base = new Date(`${todayIn('America/Toronto')}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + offset);
  return base.toISOString().slice(0, 10);
};
const at = (date: string, hour: number) => fromLocal(date, hour, 0, 'America/Toronto').toISOString();
const employeeBody = {
  firstName: 'Émile',
  lastName: 'Roy',
  email: 'emile.roy@example.com',
  phoneNumber: '416-555-0177',
  role: 'Team lead',
};

describe('employees (admin)', () => {
  it('are created (active by default), read, changed and deleted by an admin', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers: admin,
      payload: employeeBody,
    });
    expect(created.statusCode).toBe(201);
    const emp = employeeSchema.parse(created.json());
    expect(emp).toMatchObject({ ...employeeBody, isActive: true });
    const dup = await app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers: admin,
      payload: { ...employeeBody, email: 'EMILE.ROY@example.com' },
    });
    expect(dup.statusCode).toBe(409);

    const list = z
      .array(employeeSchema)
      .parse((await app.inject({ method: 'GET', url: '/api/v1/employees', headers: admin })).json());
    expect(list.map((e) => e.employeeId)).toContain(emp.employeeId);
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/v1/employees/${emp.employeeId}`,
      headers: admin,
      payload: { ...employeeBody, role: 'Cleaner', isActive: false },
    });
    expect(employeeSchema.parse(changed.json())).toMatchObject({ role: 'Cleaner', isActive: false });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/employees/${emp.employeeId}`, headers: admin }))
        .statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/employees/${emp.employeeId}`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('need every required field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers: admin,
      payload: { firstName: 'A' },
    });
    expect(
      errorBodySchema
        .parse(res.json())
        .details?.map((d) => `${d.path}:${d.message}`)
        .sort(),
    ).toEqual([
      'body.email:validation.required',
      'body.lastName:validation.required',
      'body.phoneNumber:validation.required',
      'body.role:validation.required',
    ]);
  });

  it('are closed to anonymous callers (401), customers and employees (403)', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/employees' },
      { method: 'POST' as const, url: '/api/v1/employees', payload: employeeBody },
    ]) {
      expect((await app.inject(request)).statusCode).toBe(401);
      for (const headers of [customer, employee])
        expect((await app.inject({ ...request, headers })).statusCode).toBe(403);
    }
  });
});

describe('customers (admin)', () => {
  const body = {
    firstName: 'Marc',
    lastName: 'Okafor',
    email: 'marc.okafor@example.com',
    phoneNumber: '647-555-0178',
    companyName: '',
  };

  it('are created, listed, changed by an admin, and deleted only when they have no appointments', async () => {
    const created = customerSchema.parse(
      (await app.inject({ method: 'POST', url: '/api/v1/customers', headers: admin, payload: body })).json(),
    );
    expect(created).toMatchObject({ ...body, companyName: null });
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${created.customerId}`,
      headers: admin,
      payload: { ...body, companyName: 'Okafor Dental' },
    });
    expect(customerSchema.parse(changed.json()).companyName).toBe('Okafor Dental');
    const invalid = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${created.customerId}`,
      headers: admin,
      payload: { ...body, email: 'nope' },
    });
    expect(errorBodySchema.parse(invalid.json()).details).toEqual([
      { path: 'body.email', message: 'validation.email' },
    ]);

    await app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: admin,
      payload: {
        customerId: created.customerId,
        serviceIds: [serviceId],
        appointmentDate: at(day(40), 9),
        status: 'confirmed',
      },
    });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/v1/customers/${created.customerId}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).details?.[0]?.message).toBe(
      'customers.errors.hasAppointments',
    );

    const lonely = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: admin,
          payload: { ...body, email: 'lonely@example.com' },
        })
      ).json(),
    );
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/customers/${lonely.customerId}`, headers: admin }))
        .statusCode,
    ).toBe(204);
  });

  it('are closed to customers and employees, who can only change their own profile', async () => {
    const target = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: admin,
          payload: { ...body, email: 'target@example.com' },
        })
      ).json(),
    );
    for (const headers of [customer, employee]) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/customers', headers })).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/v1/customers/${target.customerId}`, headers }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/v1/customers/${target.customerId}`,
            headers,
            payload: body,
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('phone numbers and the admin’s own record', () => {
  it('employee and customer forms need a 123-456-7890 phone number', async () => {
    for (const [url, payload] of [
      ['/api/v1/employees', { ...employeeBody, email: 'phone.check@example.com', phoneNumber: '4165550177' }],
      [
        '/api/v1/customers',
        { firstName: 'P', lastName: 'Hone', email: 'phone.c@example.com', phoneNumber: '416 555 0177' },
      ],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).details).toEqual([
        { path: 'body.phoneNumber', message: 'validation.phone' },
      ]);
    }
  });

  it('an admin editing their own customer record through the admin form gets the admin form', async () => {
    const user = await createTestUser(app, ['admin', 'customer']);
    const own = bearer(await signAccessToken(app, user));
    const profile = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers/me',
          headers: own,
          payload: {
            firstName: 'Ada',
            lastName: 'Min',
            phoneNumber: '416-555-0133',
            address: '9 Bay Street',
          },
        })
      ).json(),
    );
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${profile.customerId}`,
      headers: own,
      payload: {
        firstName: 'Adele',
        lastName: 'Min',
        email: user.email,
        phoneNumber: '416-555-0134',
        companyName: 'Éclat',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(customerSchema.parse(res.json())).toMatchObject({
      firstName: 'Adele',
      phoneNumber: '416-555-0134',
      companyName: 'Éclat',
      address: '9 Bay Street',
    });
  });
});

describe('the appointments table', () => {
  it('pages through 20 appointments six at a time, newest first, in a stable order', async () => {
    const owner = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: admin,
          payload: {
            firstName: 'P',
            lastName: 'Ager',
            email: 'pager@example.com',
            phoneNumber: '416-555-0100',
          },
        })
      ).json(),
    );
    // Start from an empty table for this check.
    const before = appointmentsPageSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/appointments/paged?page=0&size=6', headers: admin })
      ).json(),
    );
    for (let i = 0; i < 20 - before.totalElements; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/appointments',
        headers: admin,
        payload: {
          customerId: owner.customerId,
          serviceIds: [serviceId],
          appointmentDate: at(day(50 + Math.floor(i / 2)), 9 + (i % 2)),
          status: 'pending',
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const pages = [];
    for (let page = 0; page < 4; page += 1) {
      pages.push(
        appointmentsPageSchema.parse(
          (
            await app.inject({
              method: 'GET',
              url: `/api/v1/appointments/paged?page=${page}&size=6`,
              headers: employee,
            })
          ).json(),
        ),
      );
    }
    expect(pages.map((p) => p.content.length)).toEqual([6, 6, 6, 2]);
    expect(pages[0]).toMatchObject({ totalElements: 20, totalPages: 4, page: 0, size: 6 });
    const dates = pages.flatMap((p) => p.content.map((a) => a.appointmentDate));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(pages.flatMap((p) => p.content.map((a) => a.appointmentId))).size).toBe(20);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/appointments/paged', headers: customer })).statusCode,
    ).toBe(403);
  });

  it('lets an admin set any of the four statuses, with the capacity still enforced', async () => {
    const owner = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: admin,
          payload: {
            firstName: 'S',
            lastName: 'Tatus',
            email: 'status@example.com',
            phoneNumber: '416-555-0101',
          },
        })
      ).json(),
    );
    const date = day(80);
    const add = (hour: number, status: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/appointments',
        headers: admin,
        payload: {
          customerId: owner.customerId,
          serviceIds: [serviceId],
          appointmentDate: at(date, hour),
          status,
        },
      });
    const first = appointmentSchema.parse((await add(9, 'confirmed')).json());
    expect((await add(9, 'pending')).statusCode).toBe(201);
    expect((await add(9, 'pending')).statusCode).toBe(409); // capacity 2
    expect((await add(9, 'cancelled')).statusCode).toBe(201); // a cancelled one holds no place

    for (const status of ['completed', 'cancelled', 'pending', 'confirmed'] as const) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/appointments/${first.appointmentId}`,
        headers: admin,
        payload: {
          customerId: owner.customerId,
          serviceIds: [serviceId],
          appointmentDate: at(date, 9),
          status,
        },
      });
      expect(res.statusCode, status).toBe(200);
      expect(appointmentSchema.parse(res.json()).status).toBe(status);
    }
    const employeeEdit = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${first.appointmentId}`,
      headers: employee,
      payload: {
        customerId: owner.customerId,
        serviceIds: [serviceId],
        appointmentDate: at(date, 9),
        status: 'completed',
      },
    });
    expect(employeeEdit.statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/appointments/${first.appointmentId}`,
          headers: employee,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the appointments PDF', () => {
  it('is a real PDF table listing the appointments of the table, with headings in the asked language', async () => {
    const table = appointmentsPageSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/appointments/paged?page=0&size=50', headers: admin })
      ).json(),
    );
    expect(table.content.length).toBeGreaterThan(0);
    for (const [lang, heading, status] of [
      ['en', 'Date and time', 'Pending'],
      ['fr', 'Date et heure', 'En attente'],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/appointments/pdf?lang=${lang}`,
        headers: employee,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="appointments.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      expect(text).toContain(heading);
      expect(text).toContain(status);
      for (const appointment of table.content) {
        expect(text, appointment.appointmentId).toContain(
          `${appointment.customerFirstName} ${appointment.customerLastName}`,
        );
      }
      const listed = (text.match(/Office Cleaning/g) ?? []).length;
      expect(listed).toBe(table.content.length);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/appointments/pdf', headers: customer })).statusCode,
    ).toBe(403);
  });
});
