import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findOwnEmployee } from '../auth/ownership.ts';

/**
 * The employee record of the person asking ("my" availabilities, schedule and jobs), or a clear 403
 * when their account has none.
 */
export async function myEmployee(db: Db, request: FastifyRequest) {
  const linked = await findOwnEmployee(db, currentUser(request));
  if (linked) return linked;
  throw new AppError('FORBIDDEN', 'Your account is not linked to an employee record.', [
    { path: 'user', message: 'availabilities.errors.notEmployee' },
  ]);
}
