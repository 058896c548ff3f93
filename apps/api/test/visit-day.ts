import { fromLocal, toLocal } from '@eclat/shared';
import type { Db } from '../src/db/transaction.ts';
import { findAppointment, replaceAppointment } from '../src/modules/appointments/appointments.repository.ts';

/**
 * A test's "the visit's day has come" (decision 063): a visit booked ahead through the API, moved to `day`
 * at the same business-local time and length by the repository's own update (its revision up). A visit's
 * steps start on its business day, and no booking rule lets a visit be made for a time of today already
 * past or after closing, whatever the hour the tests run at; the servers' clock stays the real one.
 */
export async function moveVisitToDay(
  db: Db,
  appointmentId: string,
  day: string,
  timeZone: string,
): Promise<void> {
  const visit = await findAppointment(db, appointmentId);
  if (!visit) throw new Error(`No visit ${appointmentId}`);
  const start = new Date(visit.appointmentDate);
  const local = toLocal(start, timeZone);
  const moved = fromLocal(day, local.hour, local.minute, timeZone);
  const length = Date.parse(visit.endsAt) - start.getTime();
  await replaceAppointment(
    db,
    appointmentId,
    { appointmentDate: moved, endsAt: new Date(moved.getTime() + length) },
    undefined,
  );
}
