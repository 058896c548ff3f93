import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { addDays, appointmentSchema, fromLocal } from '@eclat/shared';
import { todayIn } from '../src/lib/time-zone.ts';
import { replaceAssignments } from '../src/modules/scheduling/staff.repository.ts';
import { call, makeCustomer, makeEmployee, makeService, signedIn } from './factories.ts';
import { testConfig } from './helpers.ts';
import { moveVisitToDay } from './visit-day.ts';

/**
 * The field's test visit (issue 30): a confirmed visit at 10:00 for a new customer, booked by the admin
 * `daysAhead` days on for `serviceId` (a new $100 service unless given), with one cleaner of its own on it
 * (`firstName`, working that day); with `today`, then moved to today at 10:00, past or not (its steps,
 * checklist and photos are of its day). The visit as the API shows it after the move.
 */
export async function visitWithCleaner(
  app: FastifyInstance,
  options: { daysAhead: number; today?: boolean; firstName?: string; serviceId?: string; comments?: string },
) {
  const timeZone = testConfig().businessTimeZone;
  const admin = await signedIn(app, ['admin']);
  const who = await makeCustomer(app);
  const serviceId = options.serviceId ?? (await makeService(app));
  const booked = addDays(todayIn(timeZone), options.daysAhead);
  const cleaner = await makeEmployee(app, { firstName: options.firstName ?? 'Émile', worksOn: [booked] });
  const res = await call(app, 'POST', '/appointments', admin.headers, {
    customerId: who.customerId,
    serviceIds: [serviceId],
    appointmentDate: fromLocal(booked, 10, 0, timeZone).toISOString(),
    status: 'confirmed',
    ...(options.comments ? { comments: options.comments } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { appointmentId } = appointmentSchema.parse(res.json());
  await replaceAssignments(app.db, appointmentId, [cleaner.id], admin.user.id);
  const date = options.today ? todayIn(timeZone) : booked;
  if (options.today) await moveVisitToDay(app.db, appointmentId, date, timeZone);
  const read = await call(app, 'GET', `/appointments/${appointmentId}`, admin.headers);
  const visit = appointmentSchema.parse(read.json());
  return { visit, id: appointmentId, who, admin, cleaner, serviceId, date };
}
