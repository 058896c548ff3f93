import { and, asc, eq, gt, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import { addressLine, type Assignment, type Job } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import {
  appointmentAssignments,
  appointmentServices,
  appointments,
  employees,
} from '../../db/schema/index.ts';

/** The employees assigned to one appointment, by name. */
export async function findAssignments(db: Db, appointmentId: string): Promise<Assignment[]> {
  return db
    .select({
      appointmentId: appointmentAssignments.appointmentId,
      employeeId: employees.id,
      employeeFirstName: employees.firstName,
      employeeLastName: employees.lastName,
    })
    .from(appointmentAssignments)
    .innerJoin(employees, eq(employees.id, appointmentAssignments.employeeId))
    .where(eq(appointmentAssignments.appointmentId, appointmentId))
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
}

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

/**
 * Jobs (spec §3 employee view): one row per employee per appointment, earliest first, with the first
 * service and the comma-joined titles. Two queries in all, whatever the number of jobs.
 */
export async function findJobs(
  db: Db,
  filter: { employeeId?: string; start?: Date; end?: Date; appointmentIds?: readonly string[] },
): Promise<Job[]> {
  if (filter.appointmentIds?.length === 0) return [];
  const rows = await db
    .select({
      appointmentId: appointments.id,
      employeeId: employees.id,
      employeeFirstName: employees.firstName,
      employeeLastName: employees.lastName,
      customerId: appointments.customerId,
      customerFirstName: appointments.customerFirstName,
      customerLastName: appointments.customerLastName,
      startTime: appointments.appointmentDate,
      endTime: appointments.endsAt,
      status: appointments.status,
      address: appointments.address,
      city: appointments.city,
      postalCode: appointments.postalCode,
    })
    .from(appointmentAssignments)
    .innerJoin(appointments, eq(appointments.id, appointmentAssignments.appointmentId))
    .innerJoin(employees, eq(employees.id, appointmentAssignments.employeeId))
    .where(
      and(
        filter.employeeId ? eq(appointmentAssignments.employeeId, filter.employeeId) : undefined,
        filter.start ? gte(appointments.appointmentDate, filter.start) : undefined,
        filter.end ? lt(appointments.appointmentDate, filter.end) : undefined,
        filter.appointmentIds ? inArray(appointments.id, [...filter.appointmentIds]) : undefined,
      ),
    )
    .orderBy(
      asc(appointments.appointmentDate),
      asc(employees.lastName),
      asc(employees.firstName),
      asc(employees.id),
    );
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      appointmentId: appointmentServices.appointmentId,
      serviceId: appointmentServices.serviceId,
      title: appointmentServices.title,
    })
    .from(appointmentServices)
    .where(inArray(appointmentServices.appointmentId, [...new Set(rows.map((row) => row.appointmentId))]))
    .orderBy(asc(appointmentServices.position));
  const byAppointment = new Map<string, { serviceId: string | null; title: string }[]>();
  for (const line of lines) {
    const list = byAppointment.get(line.appointmentId) ?? [];
    list.push(line);
    byAppointment.set(line.appointmentId, list);
  }
  return rows.map((row) => {
    const services = byAppointment.get(row.appointmentId) ?? [];
    return {
      id: `${row.appointmentId}:${row.employeeId}`,
      appointmentId: row.appointmentId,
      employeeId: row.employeeId,
      employeeFirstName: row.employeeFirstName,
      employeeLastName: row.employeeLastName,
      serviceId: services[0]?.serviceId ?? null,
      services: services.map((line) => line.title).join(', '),
      customerId: row.customerId,
      customerFirstName: row.customerFirstName,
      customerLastName: row.customerLastName,
      startTime: row.startTime.toISOString(),
      endTime: row.endTime.toISOString(),
      status: row.status,
      // Where the visit happens, on one line (issue 27).
      location: addressLine(row),
    };
  });
}
