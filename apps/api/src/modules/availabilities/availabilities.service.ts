import { isTheirs } from '../auth/ownership.ts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  adminAvailabilityInputSchema,
  Availability,
  DateRangeQuery,
  availabilityInputSchema,
  deleteAvailabilityQuerySchema,
  Job,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { listRange } from '../../lib/date-range.ts';
import { fromLocal } from '../../lib/time-zone.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { findEmployee } from '../employees/employees.repository.ts';
import { myEmployee } from '../employees/my-employee.ts';
import { findJobs } from '../assignments/assignments.repository.ts';
import { lockEmployees, removeAssignments } from '../scheduling/staff.repository.ts';
import { findJobsCoveredBy } from '../scheduling/dispatch.repository.ts';
import { findShiftHours } from '../scheduling/team.repository.ts';
import { bumpRevision } from '../appointments/appointments.repository.ts';
import { queueVisitNotices } from '../appointments/visit-notices.ts';
import {
  deleteAvailability,
  findAvailabilities,
  findAvailability,
  insertAvailability,
  updateAvailability,
} from './availabilities.repository.ts';

/**
 * Availabilities (an employee posts their own; an admin sees everyone's): every read, write and its
 * transaction. "My" is the employee record linked to the signed-in account by email (`myEmployee`); the
 * caller is the request it was made with.
 */

export type AvailabilitiesDeps = { db: Db; jobs: Jobs; config: AppConfig };

type AvailabilityInput = z.output<typeof availabilityInputSchema>;
type JobsChoice = z.output<typeof deleteAvailabilityQuerySchema>['jobs'];

const fieldsOf = (input: AvailabilityInput, timeZone: string) => ({
  // Stored as midnight of that day in the business time zone.
  availableDate: fromLocal(input.availableDate, 0, 0, timeZone),
  shift: input.shift,
  comments: input.comments ?? null,
});

async function availabilityNow({ db, config }: AvailabilitiesDeps, id: string): Promise<Availability> {
  const availability = await findAvailability(db, id, config.businessTimeZone);
  if (!availability) throw notFound('Availability');
  return availability;
}

/** The employee a body names, or a 400 on `body.employeeId` with the screen's own message. */
export async function namedEmployee(db: Db, employeeId: string, message: string) {
  const employee = await findEmployee(db, employeeId);
  if (!employee) {
    throw new AppError('VALIDATION_ERROR', 'No such employee.', [{ path: 'body.employeeId', message }]);
  }
  return employee;
}

/**
 * Availabilities on the days of `query`: an admin sees everyone's, an employee their own; `mine` asks
 * for the caller's own whoever they are.
 */
export async function listAvailabilities(
  { db, config }: AvailabilitiesDeps,
  caller: FastifyRequest,
  query: DateRangeQuery,
  whose: 'visible' | 'mine',
): Promise<Availability[]> {
  const tz = config.businessTimeZone;
  const range = listRange(query, 'fromToday', tz);
  if (whose === 'visible' && currentUser(caller).permissions.has('admin')) {
    return findAvailabilities(db, tz, range);
  }
  return findAvailabilities(db, tz, { ...range, employeeId: (await myEmployee(db, caller)).id });
}

/**
 * The availability, when the caller may read it (its employee, or an admin) or change it (its employee
 * only): 403 for another's, 404 when none.
 */
async function availabilityFor(
  deps: AvailabilitiesDeps,
  caller: FastifyRequest,
  id: string,
  use: 'read' | 'change',
): Promise<Availability> {
  const availability = await availabilityNow(deps, id);
  if (use === 'read' && currentUser(caller).permissions.has('admin')) return availability;
  if (!isTheirs(await myEmployee(deps.db, caller), availability.employeeId)) {
    throw forbidden(
      use === 'read' ? 'This is not your availability.' : 'You can only change your own availabilities.',
    );
  }
  return availability;
}

/** An availability an admin may read, or its own employee. */
export const readableAvailability = (deps: AvailabilitiesDeps, caller: FastifyRequest, id: string) =>
  availabilityFor(deps, caller, id, 'read');

/** The caller adds their own availability (a day and a shift). */
export async function addMyAvailability(
  deps: AvailabilitiesDeps,
  caller: FastifyRequest,
  input: AvailabilityInput,
): Promise<Availability> {
  const me = await myEmployee(deps.db, caller);
  const id = await insertAvailability(deps.db, me.id, fieldsOf(input, deps.config.businessTimeZone));
  return availabilityNow(deps, id);
}

/** An admin adds a team member's availability. */
export async function addAvailability(
  deps: AvailabilitiesDeps,
  input: z.output<typeof adminAvailabilityInputSchema>,
): Promise<Availability> {
  const employee = await namedEmployee(deps.db, input.employeeId, 'assignments.errors.employee');
  const id = await insertAvailability(deps.db, employee.id, fieldsOf(input, deps.config.businessTimeZone));
  return availabilityNow(deps, id);
}

/** The visits only this availability covers: deleting it leaves them without their cleaner. */
const coveredJobs = async (db: Db, availability: Availability, timeZone: string) =>
  findJobsCoveredBy(db, availability, {
    timeZone,
    shiftHours: await findShiftHours(db),
    now: new Date(),
  });

/** The visits only a readable availability covers (its employee, or an admin). */
export async function availabilityJobs(
  deps: AvailabilitiesDeps,
  caller: FastifyRequest,
  id: string,
): Promise<Job[]> {
  const availability = await readableAvailability(deps, caller, id);
  return findJobs(deps.db, {
    employeeId: availability.employeeId,
    appointmentIds: await coveredJobs(deps.db, availability, deps.config.businessTimeZone),
  });
}

/**
 * Deletes an availability. Visits only it covers refuse the delete (409 AVAILABILITY_HAS_JOBS) unless
 * `jobs=unassign`: then the employee steps off them and the admin sees them unassigned. Under the
 * employee's jobs lock, so a booking cannot give them a visit in that shift meanwhile.
 */
async function release(
  { jobs: queue, config }: AvailabilitiesDeps,
  availability: Availability,
  jobs: JobsChoice,
  by: 'employee' | 'admin',
) {
  await queue.transaction(async (tx) => {
    await lockEmployees(tx.db, [availability.employeeId]);
    const covered = await coveredJobs(tx.db, availability, config.businessTimeZone);
    if (covered.length > 0 && jobs !== 'unassign') {
      throw new AppError(
        'AVAILABILITY_HAS_JOBS',
        `${covered.length} visit(s) are planned in this availability: delete with ?jobs=unassign to leave them to the admin.`,
        [{ path: 'querystring.jobs', message: 'availabilities.errors.hasJobs' }],
      );
    }
    for (const appointmentId of covered) {
      await removeAssignments(tx.db, appointmentId, [availability.employeeId]);
      await bumpRevision(tx.db, appointmentId);
      // The admin took the employee off these visits: they hear it (decision 023). An employee who
      // deleted their own day off knows already.
      if (by === 'admin') {
        await queueVisitNotices(
          tx,
          appointmentId,
          { kind: 'unassigned' },
          {
            customer: false,
            employeeIds: [availability.employeeId],
            employeeLocale: config.businessLocale,
          },
        );
      }
    }
    await deleteAvailability(tx.db, availability.availabilityId);
  });
}

/** The caller changes their own availability. */
export async function changeMyAvailability(
  deps: AvailabilitiesDeps,
  caller: FastifyRequest,
  id: string,
  input: AvailabilityInput,
): Promise<Availability> {
  const availability = await availabilityFor(deps, caller, id, 'change');
  await updateAvailability(
    deps.db,
    availability.availabilityId,
    fieldsOf(input, deps.config.businessTimeZone),
  );
  return availabilityNow(deps, availability.availabilityId);
}

/** The caller deletes their own availability (a day off). */
export async function deleteMyAvailability(
  deps: AvailabilitiesDeps,
  caller: FastifyRequest,
  id: string,
  jobs: JobsChoice,
): Promise<void> {
  await release(deps, await availabilityFor(deps, caller, id, 'change'), jobs, 'employee');
}

/** An admin deletes anyone's availability; shifts assigned from it are kept. */
export async function deleteAnyAvailability(
  deps: AvailabilitiesDeps,
  id: string,
  jobs: JobsChoice,
): Promise<void> {
  await release(deps, await availabilityNow(deps, id), jobs, 'admin');
}
