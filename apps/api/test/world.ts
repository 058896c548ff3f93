import { z } from 'zod';
import { expect } from 'vitest';
import { assignmentSchema, customerSchema, slotsResponseSchema, type Permission } from '@eclat/shared';
import { employees, services } from '../src/db/schema/index.ts';
import type { TestApp } from './helpers.ts';
import { bearer, createTestUser, signAccessToken } from './auth.ts';

export type Headers = Record<string, string>;

/** Helpers bound to one app (scheduling and series tests): people, profiles, availabilities, bookings. */
export function world(app: () => TestApp) {
  const as = async (roles: Permission[]) => {
    const user = await createTestUser(app(), roles);
    return { user, headers: bearer(await signAccessToken(app(), user, { permissions: roles })) };
  };
  let count = 0;
  return {
    as,
    /** An employee account with its active employee record. */
    async employee(firstName: string, lastName = 'Crew') {
      const { user, headers } = await as(['employee']);
      const [record] = await app()
        .db.insert(employees)
        .values({
          userId: user.id,
          firstName,
          lastName,
          email: user.email,
          phoneNumber: '416-555-0150',
          role: 'Cleaner',
          isActive: true,
        })
        .returning();
      if (!record) throw new Error('no employee');
      return { id: record.id, headers };
    },
    async customer() {
      const { headers } = await as(['customer']);
      const res = await app().inject({
        method: 'POST',
        url: '/api/v1/customers/me',
        headers,
        payload: {
          firstName: 'Cam',
          lastName: `Client${(count += 1)}`,
          phoneNumber: '416-555-0123',
          address: '12 Rue Sainte Catherine',
        },
      });
      expect(res.statusCode).toBe(201);
      return { headers, customerId: customerSchema.parse(res.json()).customerId };
    },
    async available(headers: Headers, date: string, shift: 'MORNING' | 'EVENING' | 'NIGHT') {
      const res = await app().inject({
        method: 'POST',
        url: '/api/v1/availabilities/my-availabilities',
        headers,
        payload: { availableDate: date, shift },
      });
      expect(res.statusCode).toBe(201);
      return z.object({ availabilityId: z.string() }).parse(res.json()).availabilityId;
    },
    book(who: { headers: Headers; customerId: string }, serviceId: string, startsAt: string) {
      return app().inject({
        method: 'POST',
        url: `/api/v1/appointments/customers/${who.customerId}`,
        headers: who.headers,
        payload: { serviceIds: [serviceId], appointmentDate: startsAt },
      });
    },
    /** The customer's own cancel (My Appointments' button). */
    cancel(who: { headers: Headers }, appointmentId: string) {
      return app().inject({
        method: 'POST',
        url: `/api/v1/appointments/customer/${appointmentId}/cancel`,
        headers: who.headers,
      });
    },
    async slots(date: string, serviceId: string) {
      const res = await app().inject({
        method: 'GET',
        url: `/api/v1/slots?date=${date}&serviceIds=${serviceId}`,
      });
      expect(res.statusCode).toBe(200);
      return slotsResponseSchema.parse(res.json());
    },
    async assignees(appointmentId: string, headers: Headers) {
      const res = await app().inject({
        method: 'GET',
        url: `/api/v1/appointments/${appointmentId}/assignments`,
        headers,
      });
      return z
        .array(assignmentSchema)
        .parse(res.json())
        .map((row) => row.employeeId);
    },
  };
}

export async function addService(app: TestApp, title: string, durationMinutes: number) {
  const [row] = await app.db
    .insert(services)
    .values({ title, description: title, pricing: 100, category: 'Residential', durationMinutes })
    .returning({ id: services.id });
  if (!row) throw new Error('no service');
  return row.id;
}
