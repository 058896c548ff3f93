import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
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

/** These employees as an assignment checks them: whether each exists and is active. */
export async function findEmployeesToAssign(
  db: Db,
  employeeIds: readonly string[],
): Promise<{ id: string; isActive: boolean }[]> {
  if (employeeIds.length === 0) return [];
  return db
    .select({ id: employees.id, isActive: employees.isActive })
    .from(employees)
    .where(inArray(employees.id, [...employeeIds]));
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
