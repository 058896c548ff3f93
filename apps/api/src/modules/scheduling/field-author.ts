import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOwnEmployee } from '../auth/ownership.ts';
import { assignedEmployeeIds } from './staff.repository.ts';

/** Who records something of a visit in the field (a step, a checklist answer), as rows keep it. */
export type FieldAuthor = { byOffice: boolean; byFirstName: string | null };

/**
 * The one rule of who works a visit in the field (issue 30, decisions 062 and 064): the office (an admin),
 * or an employee on the visit (its assignments, through the ownership rule's employee record); every other
 * employee is refused with 403 NOT_YOUR_VISIT.
 */
export async function fieldAuthor(
  db: Db,
  caller: Pick<AuthContext, 'userId' | 'email' | 'emailVerified' | 'permissions'>,
  appointmentId: string,
): Promise<FieldAuthor> {
  const employee = await findOwnEmployee(db, caller);
  if (caller.permissions.has('admin')) return { byOffice: true, byFirstName: employee?.firstName ?? null };
  const team = await assignedEmployeeIds(db, appointmentId);
  if (!employee || !team.includes(employee.id))
    throw new AppError('NOT_YOUR_VISIT', 'Only the cleaner on this visit works it in the field.');
  return { byOffice: false, byFirstName: employee.firstName };
}
