import type { Db } from '../../db/transaction.ts';
import { findBusyEmployees, lockEmployees } from './staff.repository.ts';

/** A visit's time as the staff check reads it: the visit itself is left out when it is being moved. */
export type StaffVisit = { start: Date; end: Date; exceptAppointmentId?: string | undefined };

/**
 * "Lock the staff, then find who is busy", the one way every path that places or moves staff does it (a
 * booking's cleaner, a customer's move, an admin's edit, an admin's assignment): inside the caller's
 * transaction (`tx`: its handle), each employee's `jobs:<employeeId>` lock in id order (no two
 * transactions wait on each other in a circle), then those of them with another job that is not
 * cancelled overlapping the visit widened by the travel buffer (`rules.bufferMs`, decision 019) on both
 * sides. Returns the busy ones; the caller decides what a busy employee means (refused, dropped, skipped).
 */
export async function ensureStaffFree(
  tx: Db,
  employeeIds: readonly string[],
  visit: StaffVisit,
  rules: { bufferMs: number },
): Promise<Set<string>> {
  await lockEmployees(tx, employeeIds);
  return findBusyEmployees(tx, employeeIds, visit.start, visit.end, {
    exceptAppointmentId: visit.exceptAppointmentId,
    bufferMs: rules.bufferMs,
  });
}
