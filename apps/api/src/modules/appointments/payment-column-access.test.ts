import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, appointmentSchema, appointmentsPageSchema, listedAppointmentSchema } from '@eclat/shared';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeService, signedIn } from '../../../test/factories.ts';

/**
 * Who is shown a visit's money in the appointments lists (issue 29, decision 050): the admin sees each
 * visit's payment state in the staff's table, the customer their own in My Appointments, and an
 * employee nothing of it (the same table answers them with `payment: null`), as the visit's payments
 * route refuses them.
 */
let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { PAYMENTS: 'manual' },
);

const TZ = 'America/Toronto';

describe('the payment column of the appointments lists', () => {
  it('sends the payment state to the admin and the visit’s customer, never to an employee', async () => {
    const admin = await signedIn(app, ['admin']);
    const employee = await signedIn(app, ['employee']);
    const owner = await makeCustomer(app, { postalCode: 'M5V 3L9' });
    const serviceId = await makeService(app);
    const added = await call(app, 'POST', '/appointments', admin.headers, {
      customerId: owner.customerId,
      serviceIds: [serviceId],
      appointmentDate: fromLocal(addDays(todayIn(TZ), 3), 10, 0, TZ).toISOString(),
      status: 'confirmed',
      place: { street: '100 Queen Street West', city: 'Toronto', postalCode: 'M5V 3L9' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { appointmentId } = appointmentSchema.parse(added.json());
    const unpaid = { state: 'unpaid', totalCents: 11_300, owedCents: 11_300 };

    const pageFor = async (headers: Record<string, string>) => {
      const res = await call(app, 'GET', '/appointments/paged?size=50', headers);
      expect(res.statusCode, res.body).toBe(200);
      return appointmentsPageSchema.parse(res.json()).content;
    };
    const adminRows = await pageFor(admin.headers);
    expect(adminRows.find((visit) => visit.appointmentId === appointmentId)?.payment).toEqual(unpaid);

    const employeeRows = await pageFor(employee.headers);
    expect(employeeRows.some((visit) => visit.appointmentId === appointmentId)).toBe(true);
    expect(employeeRows.every((visit) => visit.payment === null)).toBe(true);
    // Nothing of the payment in the answer's text either (the price before tax is the visit's own).
    const employeeText = (await call(app, 'GET', '/appointments/paged?size=50', employee.headers)).body;
    expect(employeeText).not.toMatch(/owedCents|"payment":\{/);

    const mine = z
      .array(listedAppointmentSchema)
      .parse((await call(app, 'GET', '/appointments/my-appointments', owner.headers)).json());
    expect(mine.find((visit) => visit.appointmentId === appointmentId)?.payment).toEqual(unpaid);

    // A customer is refused the staff's table altogether.
    expect((await call(app, 'GET', '/appointments/paged?size=50', owner.headers)).statusCode).toBe(403);
  });
});
