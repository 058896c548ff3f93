import { and, asc, eq, gte, inArray, lt, max, ne, or } from 'drizzle-orm';
import {
  addDays,
  isActiveStatus,
  type DispatchDay,
  type DispatchVisit,
  type ShiftHours,
  type VisitStep,
  type WorkedShift,
  addressLine,
  stepSummaryOf,
} from '@eclat/shared';
import {
  appointmentAssignments,
  appointmentServices,
  appointments,
  availabilities,
  employees,
  visitSteps,
} from '../../db/schema/index.ts';
import { readerOn, type Db } from '../../db/transaction.ts';
import { fromLocal, toLocal } from '../../lib/time-zone.ts';
import { mergeSpans, shiftSpan, shiftSpansOf } from './team-plan.ts';

type Options = { timeZone: string; shiftHours: ShiftHours; employeeId?: string };

/** When a visit's cleaner recorded "arrived" and "completed" (decision 063). */
type FieldTimes = { arrivedAt: Date | null; completedAt: Date | null };

/**
 * The dispatch board (decision 019) for the business-local days `from` to `to`: per day, one lane per
 * active employee (and any inactive one who still has a visit then) with the shifts they work and their
 * visits (with the recorded arrival and completion, decision 063), and the visits nobody is on. Six
 * queries, whatever the number of days, people or visits.
 * With `employeeId`, that employee's lane only (an employee's own day).
 */
export async function findDispatchDays(
  db: Db,
  range: { from: string; to: string },
  options: Options,
): Promise<DispatchDay[]> {
  const { timeZone, shiftHours, employeeId } = options;
  const start = fromLocal(range.from, 0, 0, timeZone);
  const end = fromLocal(addDays(range.to, 1), 0, 0, timeZone);

  const visitRows = await db
    .select()
    .from(appointments)
    .where(
      and(
        ne(appointments.status, 'cancelled'),
        gte(appointments.appointmentDate, start),
        lt(appointments.appointmentDate, end),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id));
  const visitIds = visitRows.map((row) => row.id);
  const [assignmentRows, lineRows, fieldTimes] = visitIds.length
    ? await Promise.all([
        db
          .select({
            appointmentId: appointmentAssignments.appointmentId,
            employeeId: appointmentAssignments.employeeId,
          })
          .from(appointmentAssignments)
          .where(inArray(appointmentAssignments.appointmentId, visitIds)),
        db
          .select({ appointmentId: appointmentServices.appointmentId, title: appointmentServices.title })
          .from(appointmentServices)
          .where(inArray(appointmentServices.appointmentId, visitIds))
          .orderBy(asc(appointmentServices.position)),
        findFieldTimes(db, visitIds),
      ])
    : [[], [], new Map<string, FieldTimes>()];
  const teamOf = groupBy(assignmentRows, (row) => row.appointmentId);
  const titlesOf = groupBy(lineRows, (row) => row.appointmentId);
  const visits = visitRows.map((row): DispatchVisit & { date: string } => ({
    date: toLocal(row.appointmentDate, timeZone).date,
    appointmentId: row.id,
    customerId: row.customerId,
    customerFirstName: row.customerFirstName,
    customerLastName: row.customerLastName,
    startsAt: row.appointmentDate.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    // Where the visit happens, on one line: what the cleaner drives to (issue 27).
    address: addressLine(row),
    comments: row.comments,
    services: (titlesOf.get(row.id) ?? []).map((line) => line.title).join(', '),
    employeeIds: (teamOf.get(row.id) ?? []).map((line) => line.employeeId).sort(),
    seriesId: row.seriesId,
    needsTime: row.needsTime,
    step: stepSummaryOf(row),
    ...fieldTimesShown(row.step, fieldTimes.get(row.id)),
  }));

  const busyIds = [...new Set(assignmentRows.map((row) => row.employeeId))];
  const people = await db
    .select({ employeeId: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(
      employeeId
        ? eq(employees.id, employeeId)
        : busyIds.length
          ? or(eq(employees.isActive, true), inArray(employees.id, busyIds))
          : eq(employees.isActive, true),
    )
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  const shiftRows = await db
    .select({
      availabilityId: availabilities.id,
      employeeId: availabilities.employeeId,
      availableDate: availabilities.availableDate,
      shift: availabilities.shift,
    })
    .from(availabilities)
    .where(
      and(
        gte(availabilities.availableDate, start),
        lt(availabilities.availableDate, end),
        employeeId ? eq(availabilities.employeeId, employeeId) : undefined,
      ),
    );
  const spanOf = shiftSpansOf(shiftHours, timeZone);
  const shiftsOf = new Map<string, WorkedShift[]>();
  for (const row of shiftRows) {
    const { date, span } = spanOf(row.availableDate, row.shift);
    const key = `${row.employeeId}:${date}`;
    const list = shiftsOf.get(key) ?? [];
    list.push({
      availabilityId: row.availabilityId,
      shift: row.shift,
      startsAt: new Date(span.start).toISOString(),
      endsAt: new Date(span.end).toISOString(),
    });
    shiftsOf.set(key, list);
  }

  const days: DispatchDay[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const ofDay = visits.filter((visit) => visit.date === date).map(({ date: _, ...visit }) => visit);
    days.push({
      date,
      lanes: people.map((person) => ({
        ...person,
        shifts: (shiftsOf.get(`${person.employeeId}:${date}`) ?? []).sort((a, b) =>
          a.startsAt.localeCompare(b.startsAt),
        ),
        visits: ofDay.filter((visit) => visit.employeeIds.includes(person.employeeId)),
      })),
      unassigned: employeeId
        ? []
        : ofDay.filter((visit) => visit.employeeIds.length === 0 && isActiveStatus(visit.status)),
    });
  }
  return days;
}

/**
 * When each visit was last recorded "arrived" and "completed" by its cleaner or the office, not by a
 * correction (whose time is the office's, not the visit's): for the dispatch board's late and early marks
 * (decision 063). One query for a whole board, on the (visit, time) index.
 */
async function findFieldTimes(db: Db, appointmentIds: readonly string[]): Promise<Map<string, FieldTimes>> {
  const times = new Map<string, FieldTimes>();
  if (appointmentIds.length === 0) return times;
  const rows = await db
    .select({ appointmentId: visitSteps.appointmentId, step: visitSteps.step, at: max(visitSteps.at) })
    .from(visitSteps)
    .where(
      and(
        inArray(visitSteps.appointmentId, [...appointmentIds]),
        inArray(visitSteps.step, ['arrived', 'completed']),
        eq(visitSteps.correction, false),
      ),
    )
    .groupBy(visitSteps.appointmentId, visitSteps.step);
  for (const row of rows) {
    const entry = times.get(row.appointmentId) ?? { arrivedAt: null, completedAt: null };
    if (row.step === 'arrived') entry.arrivedAt = row.at;
    else entry.completedAt = row.at;
    times.set(row.appointmentId, entry);
  }
  return times;
}

/**
 * The recorded arrival and completion the board marks (decision 063), as far as the visit's current step
 * still says them: none once the office corrected it back before "arrived".
 */
function fieldTimesShown(
  step: VisitStep,
  times: FieldTimes | undefined,
): { arrivedAt: string | null; completedAt: string | null } {
  const arrived = step === 'arrived' || step === 'completed' || step === 'cancelledAtDoor';
  return {
    arrivedAt: arrived && times?.arrivedAt ? times.arrivedAt.toISOString() : null,
    completedAt: step === 'completed' && times?.completedAt ? times.completedAt.toISOString() : null,
  };
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(keyOf(row)) ?? [];
    list.push(row);
    groups.set(keyOf(row), list);
  }
  return groups;
}

/**
 * The jobs only this availability covers: the employee's visits (not cancelled, not yet started) that
 * lie inside its shift and are not held by another of their shifts that day. Deleting it leaves them
 * without their cleaner.
 */
export async function findJobsCoveredBy(
  db: Db,
  availability: { availabilityId: string; employeeId: string; day: string },
  options: { timeZone: string; shiftHours: ShiftHours; now: Date },
): Promise<string[]> {
  const { timeZone, shiftHours } = options;
  const start = fromLocal(availability.day, 0, 0, timeZone);
  const read = readerOn(db);
  const [others, jobs] = await Promise.all([
    read(() =>
      db
        .select({
          id: availabilities.id,
          shift: availabilities.shift,
          availableDate: availabilities.availableDate,
        })
        .from(availabilities)
        .where(
          and(
            eq(availabilities.employeeId, availability.employeeId),
            eq(availabilities.availableDate, start),
          ),
        ),
    ),
    read(() =>
      db
        .select({
          appointmentId: appointments.id,
          start: appointments.appointmentDate,
          end: appointments.endsAt,
        })
        .from(appointmentAssignments)
        .innerJoin(appointments, eq(appointments.id, appointmentAssignments.appointmentId))
        .where(
          and(
            eq(appointmentAssignments.employeeId, availability.employeeId),
            inArray(appointments.status, ['pending', 'confirmed']),
            // Not started yet, on that day.
            gte(appointments.appointmentDate, new Date(Math.max(options.now.getTime(), start.getTime()))),
            lt(appointments.appointmentDate, fromLocal(addDays(availability.day, 1), 0, 0, timeZone)),
          ),
        ),
    ),
  ]);
  const spanOf = (shift: (typeof others)[number]['shift']) =>
    shiftSpan(availability.day, shift, shiftHours, timeZone);
  const mine = others.find((row) => row.id === availability.availabilityId);
  if (!mine) return [];
  const own = spanOf(mine.shift);
  const remaining = mergeSpans(
    others.filter((row) => row.id !== availability.availabilityId).map((row) => spanOf(row.shift)),
  );
  const touches = (job: { start: Date; end: Date }) =>
    job.start.getTime() < own.end && job.end.getTime() > own.start;
  const stillCovered = (job: { start: Date; end: Date }) =>
    remaining.some((span) => span.start <= job.start.getTime() && job.end.getTime() <= span.end);
  return jobs.filter((job) => touches(job) && !stillCovered(job)).map((job) => job.appointmentId);
}
