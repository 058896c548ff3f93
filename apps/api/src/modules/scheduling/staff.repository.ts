import { and, eq, gt, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import { appointmentAssignments, appointments } from '../../db/schema/index.ts';

/**
 * Who is on which visit (the `appointment_assignments` rows) and who is busy when: below the visits'
 * writes (appointments, assignments, series, availabilities), which all place or move staff through these.
 */

/**
 * Serialises every change to these employees' jobs until the transaction ends, so two admins cannot
 * give one employee two overlapping jobs at the same moment. Locks are taken in a fixed order (no
 * deadlock between two transactions locking the same employees).
 */
export async function lockEmployees(db: Db, employeeIds: readonly string[]): Promise<void> {
  for (const employeeId of [...new Set(employeeIds)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs:${employeeId}`}))`);
  }
}

/**
 * Which of these employees already have a job (an appointment that is not cancelled, other than
 * `exceptAppointmentId`) overlapping [start, end) widened by the travel buffer on both sides.
 */
export async function findBusyEmployees(
  db: Db,
  employeeIds: readonly string[],
  start: Date,
  end: Date,
  options: { exceptAppointmentId?: string | undefined; bufferMs: number },
): Promise<Set<string>> {
  if (employeeIds.length === 0) return new Set();
  const from = new Date(start.getTime() - options.bufferMs);
  const to = new Date(end.getTime() + options.bufferMs);
  const rows = await db
    .selectDistinct({ employeeId: appointmentAssignments.employeeId })
    .from(appointmentAssignments)
    .innerJoin(appointments, eq(appointments.id, appointmentAssignments.appointmentId))
    .where(
      and(
        inArray(appointmentAssignments.employeeId, [...employeeIds]),
        options.exceptAppointmentId ? ne(appointments.id, options.exceptAppointmentId) : undefined,
        ne(appointments.status, 'cancelled'),
        lt(appointments.appointmentDate, to),
        gt(appointments.endsAt, from),
      ),
    );
  return new Set(rows.map((row) => row.employeeId));
}

/** Replaces the appointment's employees with exactly these; a visit that needed a time is then placed. */
export async function replaceAssignments(
  db: Db,
  appointmentId: string,
  employeeIds: readonly string[],
  /** Null when the booking itself planned them. */
  assignedByUserId: string | null,
): Promise<void> {
  const keep = [...new Set(employeeIds)];
  await db
    .delete(appointmentAssignments)
    .where(
      keep.length
        ? and(
            eq(appointmentAssignments.appointmentId, appointmentId),
            notInArray(appointmentAssignments.employeeId, keep),
          )
        : eq(appointmentAssignments.appointmentId, appointmentId),
    );
  if (keep.length) {
    await db
      .insert(appointmentAssignments)
      .values(keep.map((employeeId) => ({ appointmentId, employeeId, assignedByUserId })))
      .onConflictDoNothing();
    // A series visit that needed a time is placed once someone is on it (decision 020).
    await db
      .update(appointments)
      .set({ needsTime: false })
      .where(and(eq(appointments.id, appointmentId), eq(appointments.needsTime, true)));
  }
}

/** Removes these employees from the appointment. */
export async function removeAssignments(
  db: Db,
  appointmentId: string,
  employeeIds: readonly string[],
): Promise<void> {
  if (employeeIds.length === 0) return;
  await db
    .delete(appointmentAssignments)
    .where(
      and(
        eq(appointmentAssignments.appointmentId, appointmentId),
        inArray(appointmentAssignments.employeeId, [...employeeIds]),
      ),
    );
}

/** The ids of the employees assigned to an appointment. */
export async function assignedEmployeeIds(db: Db, appointmentId: string): Promise<string[]> {
  const rows = await db
    .select({ employeeId: appointmentAssignments.employeeId })
    .from(appointmentAssignments)
    .where(eq(appointmentAssignments.appointmentId, appointmentId));
  return rows.map((row) => row.employeeId);
}
