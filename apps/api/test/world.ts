import { z } from 'zod';
import { expect } from 'vitest';
import { assignmentSchema, slotsResponseSchema, type Permission } from '@eclat/shared';
import type { TestApp } from './helpers.ts';
import {
  declareAvailability,
  makeCustomer,
  makeEmployee,
  signedIn,
  type Headers,
  type Shift,
} from './factories.ts';

export type { Headers } from './factories.ts';

/** Helpers bound to one app (scheduling and series tests): people, availabilities, bookings, reads. */
export function world(app: () => TestApp) {
  return {
    as: (roles: Permission[]) => signedIn(app(), roles),
    /** An employee account with its active employee record. */
    async employee(firstName: string, lastName = 'Crew') {
      const { id, headers } = await makeEmployee(app(), { firstName, lastName });
      return { id, headers };
    },
    customer: () => makeCustomer(app()),
    available: (headers: Headers, date: string, shift: Shift) =>
      declareAvailability(app(), headers, date, shift),
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
