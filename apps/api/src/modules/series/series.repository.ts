import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type SeriesStatus, type VisitPlace } from '@eclat/shared';
import {
  appMeta,
  appointmentAssignments,
  appointmentSeries,
  appointments,
  customers,
  employees,
  seriesServices,
} from '../../db/schema/index.ts';
import { readerOn, type Db } from '../../db/transaction.ts';
import { findNextSeriesVisits, findPricedServices } from '../appointments/appointments.repository.ts';
import {
  DEFAULT_RECURRING_DISCOUNTS,
  recurringDiscountsSchema,
  type RecurringDiscounts,
} from '@eclat/shared';

export type SeriesRow = typeof appointmentSeries.$inferSelect;
export type NewSeries = typeof appointmentSeries.$inferInsert;

/** Where a series' visits are priced (decision 026): the postal code and travel surcharge it was booked with. */
export function placeOfSeries(series: Pick<SeriesRow, 'postalCode' | 'surchargeCents'>): VisitPlace {
  return { postalCode: series.postalCode, surchargeCents: series.surchargeCents };
}

const DISCOUNTS_KEY = 'recurring_discounts';

/** The discounts the admin set per frequency, else the defaults (decision 020). */
export async function findRecurringDiscounts(db: Db): Promise<RecurringDiscounts> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DISCOUNTS_KEY));
  if (!row) return DEFAULT_RECURRING_DISCOUNTS;
  const parsed = recurringDiscountsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : DEFAULT_RECURRING_DISCOUNTS;
}

export async function saveRecurringDiscounts(db: Db, discounts: RecurringDiscounts): Promise<void> {
  const value = JSON.stringify(discounts);
  await db
    .insert(appMeta)
    .values({ key: DISCOUNTS_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/**
 * Locks a series' row until the transaction ends. Every write to a series or to its plan takes it
 * first (then the customer, day and cleaner locks of a booking), so two plannings never interleave.
 */
export async function lockSeries(db: Db, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(appointmentSeries).where(eq(appointmentSeries.id, id)).for('update');
  return row;
}

export async function findSeriesRow(db: Db, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(appointmentSeries).where(eq(appointmentSeries.id, id));
  return row;
}

export async function findSeriesByKey(db: Db, customerId: string, key: string) {
  const [row] = await db
    .select()
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.customerId, customerId), eq(appointmentSeries.idempotencyKey, key)));
  return row;
}

export async function insertSeries(db: Db, values: NewSeries, serviceIds: string[]): Promise<string> {
  const [row] = await db.insert(appointmentSeries).values(values).returning({ id: appointmentSeries.id });
  if (!row) throw new Error('The series was not saved.');
  await replaceSeriesServices(db, row.id, serviceIds);
  return row.id;
}

export async function replaceSeriesServices(db: Db, seriesId: string, serviceIds: string[]) {
  await db.delete(seriesServices).where(eq(seriesServices.seriesId, seriesId));
  await db
    .insert(seriesServices)
    .values([...new Set(serviceIds)].map((serviceId, position) => ({ seriesId, serviceId, position })));
}

export async function updateSeries(db: Db, id: string, values: Partial<NewSeries>): Promise<void> {
  await db.update(appointmentSeries).set(values).where(eq(appointmentSeries.id, id));
}

export async function findSeriesServiceIds(db: Db, seriesId: string): Promise<string[]> {
  const rows = await db
    .select({ serviceId: seriesServices.serviceId })
    .from(seriesServices)
    .where(eq(seriesServices.seriesId, seriesId))
    .orderBy(asc(seriesServices.position));
  return rows.map((row) => row.serviceId);
}

/** Does the series have a visit (in any status) for this date of its plan? */
export async function hasVisitOn(db: Db, seriesId: string, date: string): Promise<boolean> {
  const found = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.seriesId, seriesId), eq(appointments.seriesDate, date)))
    .limit(1);
  return found.length > 0;
}

const isOpenAfter = (now: Date) =>
  and(
    inArray(appointments.status, ['pending', 'confirmed']),
    sql`${appointments.appointmentDate} > ${now.toISOString()}::timestamptz`,
  );

/** The open visits of a series from a moment on (all from `now` without `from`). */
const openVisitsOf = (seriesId: string, now: Date, from?: { date: string; instant: Date }) =>
  and(
    eq(appointments.seriesId, seriesId),
    isOpenAfter(now),
    from
      ? sql`(${appointments.seriesDate} >= ${from.date} or ${appointments.appointmentDate} >= ${from.instant.toISOString()}::timestamptz)`
      : undefined,
  );

/** The ids of the open visits `removeOpenVisits` would take (their card holds are released first). */
export async function findOpenVisitIds(
  db: Db,
  seriesId: string,
  now: Date,
  from?: { date: string; instant: Date },
): Promise<string[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(openVisitsOf(seriesId, now, from));
  return rows.map((row) => row.id);
}

/**
 * The cleaners on the open visits that `removeOpenVisits` (with `from`) or `cancelOpenVisits` (without)
 * would take: each visit with someone on it, and who.
 */
export async function findOpenVisitTeams(
  db: Db,
  seriesId: string,
  now: Date,
  from?: { date: string; instant: Date },
): Promise<{ appointmentId: string; employeeIds: string[] }[]> {
  const rows = await db
    .select({ appointmentId: appointments.id, employeeId: appointmentAssignments.employeeId })
    .from(appointments)
    .innerJoin(appointmentAssignments, eq(appointmentAssignments.appointmentId, appointments.id))
    .where(openVisitsOf(seriesId, now, from))
    .orderBy(asc(appointments.appointmentDate), asc(appointmentAssignments.employeeId));
  const teams = new Map<string, string[]>();
  for (const row of rows)
    teams.set(row.appointmentId, [...(teams.get(row.appointmentId) ?? []), row.employeeId]);
  return [...teams].map(([appointmentId, employeeIds]) => ({ appointmentId, employeeIds }));
}

/**
 * Takes the open visits (pending or confirmed, not started) of a series off its plan from a moment on:
 * those planned for `fromDate` or later, or moved to start at `fromInstant` or later. Cancelled and
 * completed visits are records and stay. Returns how many went.
 */
export async function removeOpenVisits(
  db: Db,
  seriesId: string,
  from: { date: string; instant: Date },
  /** Only visits starting after this (now, or a customer's cut-off). */
  after: Date,
): Promise<number> {
  const removed = await db
    .delete(appointments)
    .where(openVisitsOf(seriesId, after, from))
    .returning({ id: appointments.id });
  return removed.length;
}

/**
 * Cancels the open visits of a series that start after `at.after` (now, or a customer's cut-off; the rows
 * stay, status cancelled): all, or those from `from` on.
 */
export async function cancelOpenVisits(
  db: Db,
  seriesId: string,
  at: { now: Date; after: Date },
  userId: string | null,
  from?: { date: string; instant: Date },
) {
  const { now, after } = at;
  await db
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelledByUserId: userId,
      needsTime: false,
      revision: sql`${appointments.revision} + 1`,
    })
    .where(openVisitsOf(seriesId, after, from));
}

/** Active series whose plan is written only up to before `until`: the daily job extends them. */
export async function findSeriesToExtend(db: Db, until: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: appointmentSeries.id })
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.status, 'active'), sql`${appointmentSeries.plannedUntil} < ${until}`))
    .orderBy(asc(appointmentSeries.plannedUntil))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Series whose confirmation email was never queued (a crash between booking and queuing it). */
export async function findUnconfirmedSeries(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: appointmentSeries.id })
    .from(appointmentSeries)
    .where(
      and(
        sql`${appointmentSeries.confirmedAt} is null`,
        sql`${appointmentSeries.createdAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .limit(100);
  return rows.map((row) => row.id);
}

/** Marks a series confirmed, once: true for the one caller that did it. */
export async function markConfirmed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(appointmentSeries)
    .set({ confirmedAt: now })
    .where(and(eq(appointmentSeries.id, id), sql`${appointmentSeries.confirmedAt} is null`))
    .returning({ id: appointmentSeries.id });
  return rows.length > 0;
}

/**
 * What the API view of series rows shows besides the rows (`series-views.ts` puts it together): their
 * customer, current services, preferred cleaner, next visit and how many upcoming visits need a time.
 * Six queries whatever the number of series.
 */
export async function findSeriesViewFacts(db: Db, rows: SeriesRow[], context: { now: Date }) {
  const ids = rows.map((row) => row.id);
  const read = readerOn(db);
  const [people, lines, preferred, flagged, next] = await Promise.all([
    read(() =>
      db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(
          inArray(
            customers.id,
            rows.map((row) => row.customerId),
          ),
        ),
    ),
    read(() =>
      db
        .select({ seriesId: seriesServices.seriesId, serviceId: seriesServices.serviceId })
        .from(seriesServices)
        .where(inArray(seriesServices.seriesId, ids))
        .orderBy(asc(seriesServices.position)),
    ),
    read(() => {
      const employeeIds = rows.flatMap((row) => (row.preferredEmployeeId ? [row.preferredEmployeeId] : []));
      return employeeIds.length
        ? db
            .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
            .from(employees)
            .where(inArray(employees.id, employeeIds))
        : Promise.resolve([]);
    }),
    read(() =>
      db
        .select({ seriesId: appointments.seriesId, count: count() })
        .from(appointments)
        .where(
          and(
            inArray(appointments.seriesId, ids),
            eq(appointments.needsTime, true),
            isOpenAfter(context.now),
          ),
        )
        .groupBy(appointments.seriesId),
    ),
    read(() => findNextSeriesVisits(db, ids, context.now)),
  ]);
  const priced = new Map(
    (await findPricedServices(db, [...new Set(lines.map((line) => line.serviceId))])).map((service) => [
      service.serviceId,
      service,
    ]),
  );
  return { people, lines, preferred, flagged, next, priced };
}

/** One customer's series, newest first (a customer has a handful). */
export async function findCustomerSeries(db: Db, customerId: string): Promise<SeriesRow[]> {
  return db
    .select()
    .from(appointmentSeries)
    .where(eq(appointmentSeries.customerId, customerId))
    .orderBy(desc(appointmentSeries.createdAt), desc(appointmentSeries.id))
    .limit(100);
}

/** A page of series, newest first, optionally one customer's or one status. */
export async function findSeriesPage(
  db: Db,
  filter: { customerId?: string | undefined; status?: SeriesStatus | undefined },
  page: { page: number; size: number },
) {
  const where = and(
    filter.customerId ? eq(appointmentSeries.customerId, filter.customerId) : undefined,
    filter.status ? eq(appointmentSeries.status, filter.status) : undefined,
  );
  const read = readerOn(db);
  const [rows, total] = await Promise.all([
    read(() =>
      db
        .select()
        .from(appointmentSeries)
        .where(where)
        .orderBy(desc(appointmentSeries.createdAt), desc(appointmentSeries.id))
        .limit(page.size)
        .offset(page.page * page.size),
    ),
    read(() => db.$count(appointmentSeries, where)),
  ]);
  return { rows, total };
}
