import type { FastifyRequest } from 'fastify';
import type { Assignment, Job, Locale } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Jobs, Transaction } from '../../plugins/jobs.ts';
import { bumpRevision, findAppointment, lockAppointment } from '../appointments/appointments.repository.ts';
import { noticesFor, queueNotices, teamChange, type VisitState } from '../appointments/visit-notices.ts';
import { myEmployee } from '../employees/my-employee.ts';
import { ensureStaffFree } from '../scheduling/staff.service.ts';
import { assignedEmployeeIds, replaceAssignments } from '../scheduling/staff.repository.ts';
import { findAssignments, findEmployeesToAssign, findJobs } from './assignments.repository.ts';

/**
 * Jobs (spec §3, schedule employee view): an admin sets who does a visit; an employee never holds two
 * overlapping jobs (`ensureStaffFree`, the travel buffer included); employees see their own jobs, an
 * admin everyone's. The routes parse, call and answer (decision 042).
 */

export type AssignmentDeps = {
  db: Db;
  jobs: Jobs;
  /** The booking rules' travel buffer (`bookingRulesOf(config).bufferMs`). */
  rules: { bufferMs: number };
  /** The employees' language for notices (`BUSINESS_LOCALE`). */
  employeeLocale: Locale;
};

/** The 409 for employees who would hold two overlapping jobs: one detail per clashing employee. */
export function overlapError(employeeIds: readonly string[], busy: ReadonlySet<string>): AppError {
  return new AppError(
    'CONFLICT',
    'An employee cannot be given two jobs at the same time.',
    employeeIds.flatMap((employeeId, index) =>
      busy.has(employeeId) ? [{ path: `employeeIds.${index}`, message: 'assignments.errors.overlap' }] : [],
    ),
  );
}

const cancelledError = () =>
  new AppError('CONFLICT', 'A cancelled appointment has no jobs to assign.', [
    { path: 'appointmentId', message: 'assignments.errors.cancelled' },
  ]);

/** The employees on a visit, by name (404 without the visit). */
export async function findVisitStaff(
  { db }: Pick<AssignmentDeps, 'db'>,
  appointmentId: string,
): Promise<Assignment[]> {
  if (!(await findAppointment(db, appointmentId))) throw notFound('Appointment');
  return findAssignments(db, appointmentId);
}

/** Every employee given exists and is active (400 with the index of each that is not). */
async function checkAssignable(db: Db, employeeIds: readonly string[]): Promise<void> {
  const byId = new Map((await findEmployeesToAssign(db, employeeIds)).map((row) => [row.id, row]));
  const invalid = employeeIds.flatMap((employeeId, index) => {
    const employee = byId.get(employeeId);
    if (!employee) return [{ path: `body.employeeIds.${index}`, message: 'assignments.errors.employee' }];
    if (!employee.isActive)
      return [{ path: `body.employeeIds.${index}`, message: 'assignments.errors.inactive' }];
    return [];
  });
  if (invalid.length) throw new AppError('VALIDATION_ERROR', 'Some employees cannot be assigned.', invalid);
}

/**
 * Sets exactly who does a visit, in its transaction, against its time as it is now (a reschedule running
 * at the same moment waits for this row): none of them may be busy around it. A change of people is a
 * change of the visit (revision up); who joins and who leaves hear of it as `noticesFor` decides (the
 * customer is not told: their visit does not change).
 */
export async function setVisitStaffInTransaction(
  tx: Transaction,
  assignment: { appointmentId: string; employeeIds: readonly string[]; userId: string },
  deps: Pick<AssignmentDeps, 'rules' | 'employeeLocale'>,
): Promise<void> {
  const { appointmentId, employeeIds } = assignment;
  const current = await lockAppointment(tx.db, appointmentId);
  if (!current) throw notFound('Appointment');
  if (employeeIds.length > 0 && current.status === 'cancelled') throw cancelledError();
  const span = { start: current.appointmentDate, end: current.endsAt, exceptAppointmentId: appointmentId };
  const busy = await ensureStaffFree(tx.db, employeeIds, span, deps.rules);
  if (busy.size > 0) throw overlapError(employeeIds, busy);
  const before = await assignedEmployeeIds(tx.db, appointmentId);
  await replaceAssignments(tx.db, appointmentId, employeeIds, assignment.userId);
  const { added, removed } = teamChange(before, employeeIds);
  if (added.length + removed.length === 0) return;
  await bumpRevision(tx.db, appointmentId);
  const state = (ids: readonly string[]): VisitState => ({
    status: current.status,
    startsAt: current.appointmentDate,
    endsAt: current.endsAt,
    employeeIds: ids,
  });
  await queueNotices(
    tx,
    appointmentId,
    noticesFor(state(before), state(employeeIds), 'business'),
    deps.employeeLocale,
  );
}

/** An admin sets who does a visit (`PUT /appointments/:id/assignments`); returns them by name. */
export async function setVisitStaff(
  deps: AssignmentDeps,
  userId: string,
  appointmentId: string,
  requested: readonly string[],
): Promise<Assignment[]> {
  const employeeIds = [...new Set(requested)];
  const appointment = await findAppointment(deps.db, appointmentId);
  if (!appointment) throw notFound('Appointment');
  if (employeeIds.length > 0 && appointment.status === 'cancelled') throw cancelledError();
  await checkAssignable(deps.db, employeeIds);
  await deps.jobs.transaction((tx) =>
    setVisitStaffInTransaction(tx, { appointmentId, employeeIds, userId }, deps),
  );
  return findAssignments(deps.db, appointmentId);
}

/** The jobs starting in [start, end): everyone's for an admin, else the caller's own (403 without a record). */
export async function findJobsFor(
  { db }: Pick<AssignmentDeps, 'db'>,
  request: FastifyRequest,
  range: { start: Date; end: Date; isAdmin: boolean },
): Promise<Job[]> {
  const { start, end } = range;
  if (range.isAdmin) return findJobs(db, { start, end });
  const me = await myEmployee(db, request);
  return findJobs(db, { employeeId: me.id, start, end });
}
