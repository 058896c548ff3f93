import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { DEFAULT_SHIFT_HOURS, shiftHoursSchema, type ShiftHours } from '@eclat/shared';
import {
  appMeta,
  appointmentAssignments,
  appointments,
  availabilities,
  employees,
} from '../../db/schema/index.ts';
import { readerOn, type Db } from '../../db/transaction.ts';
import {
  mergeSpans,
  shiftSpansOf,
  type Span,
  type Team,
  type TeamJob,
  type TeamMember,
} from './team-plan.ts';

const SHIFT_HOURS_KEY = 'shift_hours';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The shifts' business hours the admin set, else the defaults (decision 019). */
export async function findShiftHours(db: Db): Promise<ShiftHours> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, SHIFT_HOURS_KEY));
  if (!row) return DEFAULT_SHIFT_HOURS;
  const parsed = shiftHoursSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : DEFAULT_SHIFT_HOURS;
}

export async function saveShiftHours(db: Db, hours: ShiftHours): Promise<void> {
  const value = JSON.stringify(hours);
  await db
    .insert(appMeta)
    .values({ key: SHIFT_HOURS_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/**
 * Does the company plan from its team? As soon as an active employee has posted an availability; before
 * that (a fresh install), capacity is the fixed number per hour.
 */
export async function hasTeam(db: Db): Promise<boolean> {
  const rows = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from ${availabilities} a join ${employees} e on e.id = a.employee_id where e.is_active) as found`,
  );
  return rows.rows[0]?.found === true;
}

/**
 * The last day the team has posted (the latest availability of an active employee), as the instant of
 * that day's local midnight; undefined without a team. Beyond it nobody is known to work yet.
 */
export async function findScheduleEnd(db: Db): Promise<Date | undefined> {
  const rows = await db.execute<{ last: Date | string | null }>(
    sql`select max(a.available_date) as last from ${availabilities} a join ${employees} e on e.id = a.employee_id where e.is_active`,
  );
  const last = rows.rows[0]?.last;
  return last ? new Date(last) : undefined;
}

/** A visit lasts one business day at most (decision 012): one that ends after `from` starts after this. */
const LONGEST_VISIT_MS = 2 * DAY_MS;

/**
 * The team over [from, to): every active employee who works then (their shifts with the admin's hours,
 * merged), their jobs within the buffer of that stretch, and the unassigned active visits. Four queries
 * sent at once (one round trip on a pool), each bounded by the appointments' date index.
 */
export async function loadTeam(
  db: Db,
  span: { from: Date; to: Date },
  options: { timeZone: string; bufferMs: number },
): Promise<Team> {
  const { timeZone, bufferMs } = options;
  const from = new Date(span.from.getTime() - bufferMs);
  const to = new Date(span.to.getTime() + bufferMs);
  const overlapping = (start: typeof appointments.appointmentDate, stretch: { from: Date; to: Date }) =>
    and(
      gte(start, new Date(stretch.from.getTime() - LONGEST_VISIT_MS)),
      lt(start, stretch.to),
      sql`${appointments.endsAt} > ${stretch.from.toISOString()}::timestamptz`,
    );
  const read = readerOn(db);
  const [shiftHours, shiftRows, jobRows, unassignedRows] = await Promise.all([
    read(() => findShiftHours(db)),
    // Availabilities are stored at the local midnight of their day; a shift may end at 24:00, so the
    // days before `from` can still reach into it.
    read(() =>
      db
        .select({
          employeeId: employees.id,
          firstName: employees.firstName,
          lastName: employees.lastName,
          availableDate: availabilities.availableDate,
          shift: availabilities.shift,
        })
        .from(availabilities)
        .innerJoin(employees, eq(employees.id, availabilities.employeeId))
        .where(
          and(
            eq(employees.isActive, true),
            gte(availabilities.availableDate, new Date(span.from.getTime() - 2 * DAY_MS)),
            lt(availabilities.availableDate, span.to),
          ),
        ),
    ),
    read(() =>
      db
        .select({
          employeeId: appointmentAssignments.employeeId,
          appointmentId: appointments.id,
          start: appointments.appointmentDate,
          end: appointments.endsAt,
        })
        .from(appointments)
        .innerJoin(appointmentAssignments, eq(appointmentAssignments.appointmentId, appointments.id))
        .where(
          and(ne(appointments.status, 'cancelled'), overlapping(appointments.appointmentDate, { from, to })),
        )
        .orderBy(asc(appointments.appointmentDate)),
    ),
    read(() =>
      db
        .select({
          appointmentId: appointments.id,
          start: appointments.appointmentDate,
          end: appointments.endsAt,
        })
        .from(appointments)
        .where(
          and(
            inArray(appointments.status, ['pending', 'confirmed']),
            // A series visit that needs a time holds no place (decision 020).
            eq(appointments.needsTime, false),
            overlapping(appointments.appointmentDate, span),
            sql`not exists (select 1 from ${appointmentAssignments} aa where aa.appointment_id = ${appointments.id})`,
          ),
        )
        .orderBy(asc(appointments.appointmentDate)),
    ),
  ]);
  const spanOf = shiftSpansOf(shiftHours, timeZone);
  const members = new Map<string, TeamMember & { shifts: Span[] }>();
  for (const row of shiftRows) {
    const member = members.get(row.employeeId) ?? {
      employeeId: row.employeeId,
      firstName: row.firstName,
      lastName: row.lastName,
      working: [],
      jobs: [],
      shifts: [],
    };
    member.shifts.push(spanOf(row.availableDate, row.shift).span);
    members.set(row.employeeId, member);
  }
  for (const row of jobRows) members.get(row.employeeId)?.jobs.push(toJob(row));
  return {
    members: [...members.values()].map(({ shifts, ...member }) => ({
      ...member,
      working: mergeSpans(shifts),
    })),
    unassigned: unassignedRows.map(toJob),
  };
}

const toJob = (row: { appointmentId: string; start: Date; end: Date }): TeamJob => ({
  appointmentId: row.appointmentId,
  start: row.start.getTime(),
  end: row.end.getTime(),
});

/** Each of these employees' jobs (visits not cancelled) starting in [from, to). */
export async function countJobs(
  db: Db,
  employeeIds: readonly string[],
  span: { from: Date; to: Date },
): Promise<Map<string, number>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .select({ employeeId: appointmentAssignments.employeeId, jobs: sql<number>`count(*)::int` })
    .from(appointmentAssignments)
    .innerJoin(appointments, eq(appointments.id, appointmentAssignments.appointmentId))
    .where(
      and(
        inArray(appointmentAssignments.employeeId, [...employeeIds]),
        ne(appointments.status, 'cancelled'),
        gte(appointments.appointmentDate, span.from),
        lt(appointments.appointmentDate, span.to),
      ),
    )
    .groupBy(appointmentAssignments.employeeId);
  return new Map(rows.map((row) => [row.employeeId, row.jobs]));
}

/** The employee on the customer's latest visit that had one (not a cancelled one). */
export async function findLastCleaner(db: Db, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ employeeId: appointmentAssignments.employeeId })
    .from(appointmentAssignments)
    .innerJoin(appointments, eq(appointments.id, appointmentAssignments.appointmentId))
    .where(and(eq(appointments.customerId, customerId), ne(appointments.status, 'cancelled')))
    .orderBy(desc(appointments.appointmentDate), asc(appointmentAssignments.createdAt))
    .limit(1);
  return row?.employeeId;
}
