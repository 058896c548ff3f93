import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  centsOf,
  type Appointment,
  type AppointmentsFilter,
  type AppointmentStatus,
  type PricedService,
  stepSummaryOf,
} from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { openRange } from '../../lib/date-range.ts';
import {
  afterPosition,
  keysetOrderBy,
  pageWhere,
  type KeysetOrder,
  type KeysetPosition,
} from '../../lib/keyset.ts';
import { findExtras } from '../services/services.repository.ts';
import {
  appointmentAssignments,
  appointmentServices,
  appointments,
  services,
} from '../../db/schema/index.ts';

type AppointmentRow = typeof appointments.$inferSelect;
type ServiceLine = { serviceId: string | null; title: string; price: number; durationMinutes: number };

export function toAppointment(row: AppointmentRow, lines: ServiceLine[]): Appointment {
  return {
    appointmentId: row.id,
    customerId: row.customerId,
    customerFirstName: row.customerFirstName,
    customerLastName: row.customerLastName,
    appointmentDate: row.appointmentDate.toISOString(),
    endsAt: row.endsAt.toISOString(),
    services: lines.map((line) => line.title).join(', '),
    serviceDetails: lines,
    totalPrice: row.totalPrice,
    status: row.status,
    comments: row.comments,
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    seriesId: row.seriesId,
    needsTime: row.needsTime,
    discountPercent: row.discountPercent,
    priceBreakdown: row.priceBreakdown ?? null,
    step: stepSummaryOf(row),
  };
}

/** Appointments with their service lines, in one query per table (no N+1). */
async function withLines(db: Db, rows: AppointmentRow[]): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(appointmentServices)
    .where(
      inArray(
        appointmentServices.appointmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(appointmentServices.position));
  const byAppointment = new Map<string, ServiceLine[]>();
  for (const line of lines) {
    const list = byAppointment.get(line.appointmentId) ?? [];
    list.push({
      serviceId: line.serviceId,
      title: line.title,
      price: line.price,
      durationMinutes: line.durationMinutes,
    });
    byAppointment.set(line.appointmentId, list);
  }
  return rows.map((row) => toAppointment(row, byAppointment.get(row.id) ?? []));
}

export async function findAppointment(db: Db, id: string): Promise<Appointment | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row ? (await withLines(db, [row]))[0] : undefined;
}

export async function findAppointmentByKey(
  db: Db,
  customerId: string,
  key: string,
): Promise<Appointment | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.customerId, customerId), eq(appointments.idempotencyKey, key)));
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** Appointments, newest date first (then id): the table's, my appointments' and the PDF's order. */
export const APPOINTMENTS_ORDER: KeysetOrder = {
  kind: 'newest',
  key: appointments.appointmentDate,
  id: appointments.id,
};

/** A customer's appointments, newest date first (then id), at most `limit`, after a keyset cursor. */
export async function findCustomerAppointments(
  db: Db,
  customerId: string,
  page: { limit: number; before?: string | undefined },
): Promise<Appointment[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(pageWhere(APPOINTMENTS_ORDER, eq(appointments.customerId, customerId), page.before))
    .orderBy(...keysetOrderBy(APPOINTMENTS_ORDER))
    .limit(page.limit);
  return withLines(db, rows);
}

/** Services as `priceVisit` reads them (model, flat figures in cents, extras), with their availability. */
export async function findPricedServices(
  db: Db,
  ids: string[],
): Promise<(PricedService & { isAvailable: boolean })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: services.id,
      title: services.title,
      pricing: services.pricing,
      durationMinutes: services.durationMinutes,
      pricingModel: services.pricingModel,
      isAvailable: services.isAvailable,
    })
    .from(services)
    .where(inArray(services.id, ids));
  const extras = await findExtras(db, ids);
  return rows.map((row) => ({
    serviceId: row.id,
    title: row.title,
    model: row.pricingModel,
    flatCents: centsOf(row.pricing),
    flatMinutes: row.durationMinutes,
    extras: extras.get(row.id) ?? [],
    isAvailable: row.isAvailable,
  }));
}

/**
 * Active appointments (pending or confirmed) overlapping [from, to): all, or one customer's; except one.
 * A series visit that needs a time holds no place (decision 020) and is left out.
 */
export async function findActiveBetween(
  db: Db,
  from: Date,
  to: Date,
  filter: { exceptId?: string | undefined; customerId?: string | undefined } = {},
) {
  return db
    .select({ id: appointments.id, start: appointments.appointmentDate, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, ['pending', 'confirmed']),
        eq(appointments.needsTime, false),
        // A visit lasts one business day at most (decision 012): a bounded range of the date index.
        sql`${appointments.appointmentDate} >= ${new Date(from.getTime() - 2 * 86_400_000).toISOString()}::timestamptz`,
        sql`${appointments.appointmentDate} < ${to.toISOString()}::timestamptz`,
        sql`${appointments.endsAt} > ${from.toISOString()}::timestamptz`,
        filter.exceptId ? ne(appointments.id, filter.exceptId) : undefined,
        filter.customerId ? eq(appointments.customerId, filter.customerId) : undefined,
      ),
    );
}

/**
 * How many open visits (pending or confirmed, starting after `now`) a customer has: each one-off visit
 * counts, and each recurring series with an upcoming visit counts once (decision 020).
 */
export async function countOpenVisits(db: Db, customerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({
      count: sql<number>`(count(*) filter (where ${appointments.seriesId} is null) + count(distinct ${appointments.seriesId}))::int`,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, customerId),
        inArray(appointments.status, ['pending', 'confirmed']),
        sql`${appointments.appointmentDate} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.count ?? 0;
}

export type NewAppointment = typeof appointments.$inferInsert;

export async function insertAppointment(
  db: Db,
  values: NewAppointment,
  lines: ServiceLine[],
): Promise<string> {
  const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id });
  if (!row) throw new Error('The appointment was not saved.');
  await db
    .insert(appointmentServices)
    .values(lines.map((line, position) => ({ ...line, appointmentId: row.id, position })));
  return row.id;
}

/**
 * Locks an appointment's row until the transaction ends and returns its current time and status. Every
 * change to an appointment's time or team takes this lock first (then slot, then employee locks), so a
 * reschedule and a change of team never check against each other's stale time.
 */
export async function lockAppointment(db: Db, id: string) {
  const [row] = await db
    .select({
      customerId: appointments.customerId,
      appointmentDate: appointments.appointmentDate,
      endsAt: appointments.endsAt,
      status: appointments.status,
      needsTime: appointments.needsTime,
      // Where it is in the field (decision 062): a step is checked against it under this lock.
      step: appointments.step,
    })
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update');
  return row;
}

export async function replaceAppointment(
  db: Db,
  id: string,
  values: Partial<NewAppointment>,
  lines: ServiceLine[] | undefined,
): Promise<void> {
  await db
    .update(appointments)
    .set({ ...values, revision: sql`${appointments.revision} + 1` })
    .where(eq(appointments.id, id));
  if (lines) {
    await db.delete(appointmentServices).where(eq(appointmentServices.appointmentId, id));
    await db
      .insert(appointmentServices)
      .values(lines.map((line, position) => ({ ...line, appointmentId: id, position })));
  }
}

/** A visit's status alone (a cleaner's "completed" step, decision 062); its revision goes up. */
export async function setAppointmentStatus(db: Db, id: string, status: AppointmentStatus): Promise<void> {
  await db
    .update(appointments)
    .set({ status, revision: sql`${appointments.revision} + 1` })
    .where(eq(appointments.id, id));
}

/**
 * A change of the visit that touches no column of its own (its team): its revision still goes up, so
 * the calendar files about it (SEQUENCE) supersede the earlier ones.
 */
export async function bumpRevision(db: Db, id: string): Promise<void> {
  await db
    .update(appointments)
    .set({ revision: sql`${appointments.revision} + 1` })
    .where(eq(appointments.id, id));
}

/**
 * Marks a visit's feedback request as sent, once: true the first time only (the row's own column, so
 * a visit completed, reopened and completed again asks once).
 */
export async function claimFeedbackRequest(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ feedbackRequestedAt: now })
    .where(and(eq(appointments.id, id), sql`${appointments.feedbackRequestedAt} is null`))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** Removes an appointment for good (an admin's delete); its service lines and jobs go with it. */
export async function deleteAppointment(db: Db, id: string): Promise<void> {
  await db.delete(appointments).where(eq(appointments.id, id));
}

/** The staff table's filter (issue 18): one status, and [start, end) of the appointment date. */
export type AppointmentsWhere = {
  status?: AppointmentStatus;
  start?: Date;
  end?: Date;
  paymentNeeded?: true;
};

/** The table's filter of a query (`status`, `from`, `to` as business-local days) as the repository's. */
export function appointmentsWhereOf(query: AppointmentsFilter, timeZone: string): AppointmentsWhere {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.payment === 'needed' ? { paymentNeeded: true } : {}),
    ...openRange(query, timeZone),
  };
}

const filterOf = (filter: AppointmentsWhere) =>
  and(
    filter.status ? eq(appointments.status, filter.status) : undefined,
    filter.start ? gte(appointments.appointmentDate, filter.start) : undefined,
    filter.end ? lt(appointments.appointmentDate, filter.end) : undefined,
    // Read from the partial index of the marked visits, in the table's order (decision 058); a cancelled
    // visit owes nothing, whatever its card said.
    filter.paymentNeeded
      ? sql`${appointments.paymentNeeded} and ${appointments.status} <> 'cancelled'`
      : undefined,
  );

/**
 * One page of the appointments the filter keeps, in a stable order: the latest appointment date first,
 * then id (so equal dates never swap between pages); read from the (date, id) and (status, date, id)
 * indexes without a sort. The count stops at `countUpTo` rows (decision 024: the table shows 99 pages
 * at most, so counting further is work nobody sees), read from the same indexes.
 */
export async function findAppointmentsPage(
  db: Db,
  filter: AppointmentsWhere,
  page: { index: number; size: number; countUpTo: number },
) {
  const where = filterOf(filter);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(appointments)
      .where(where)
      .orderBy(...keysetOrderBy(APPOINTMENTS_ORDER))
      .limit(page.size)
      .offset(page.index * page.size),
    db.select({ count: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(appointments)
        .where(where)
        .limit(page.countUpTo)
        .as('capped'),
    ),
  ]);
  return { content: await withLines(db, rows), totalElements: counted[0]?.count ?? 0 };
}

/** How many appointments the filter keeps (the PDF's heading). */
export async function countAppointments(db: Db, filter: AppointmentsWhere): Promise<number> {
  return db.$count(appointments, filterOf(filter));
}

/**
 * The appointments the filter keeps, in the table's order, a batch at a time: each batch continues
 * after the last row of the one before (keyset on date and id, from the index), so memory holds one
 * batch whatever the count, and no connection or transaction stays open between batches.
 */
export async function* appointmentBatches(
  db: Db,
  filter: AppointmentsWhere,
  batchSize: number,
): AsyncGenerator<Appointment[]> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(appointments)
      .where(and(filterOf(filter), afterPosition(APPOINTMENTS_ORDER, after)))
      .orderBy(...keysetOrderBy(APPOINTMENTS_ORDER))
      .limit(batchSize);
    if (rows.length > 0) yield await withLines(db, rows);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { key: last.appointmentDate.toISOString(), id: last.id };
  }
}

/**
 * A series' visits starting from `from`, soonest first (at most `limit`): the series' page and its
 * confirmation.
 */
export async function findSeriesVisits(
  db: Db,
  seriesId: string,
  options: { from: Date; limit: number; activeOnly?: boolean },
): Promise<Appointment[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.seriesId, seriesId),
        sql`${appointments.appointmentDate} >= ${options.from.toISOString()}::timestamptz`,
        options.activeOnly ? inArray(appointments.status, ['pending', 'confirmed']) : undefined,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(options.limit);
  return withLines(db, rows);
}

/** Each series' next open visit after `now` (one query for all of them). */
export async function findNextSeriesVisits(
  db: Db,
  seriesIds: string[],
  now: Date,
): Promise<Map<string, Appointment>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([appointments.seriesId])
    .from(appointments)
    .where(
      and(
        inArray(appointments.seriesId, seriesIds),
        inArray(appointments.status, ['pending', 'confirmed']),
        sql`${appointments.appointmentDate} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(appointments.seriesId, asc(appointments.appointmentDate));
  const visits = await withLines(db, rows);
  return new Map(visits.map((visit) => [visit.seriesId ?? '', visit]));
}

/** Upcoming open visits that need a time (decision 020), soonest first; one series' or all. */
export async function findVisitsNeedingTime(
  db: Db,
  options: { now: Date; limit: number },
): Promise<Appointment[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.needsTime, true),
        inArray(appointments.status, ['pending', 'confirmed']),
        sql`${appointments.appointmentDate} > ${options.now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(options.limit);
  return withLines(db, rows);
}

/**
 * What a visit's emails need beyond the API view: its revision (the SEQUENCE of its calendar event, up
 * with every change) and the language it was booked in.
 */
export async function findVisitMailFacts(
  db: Db,
  ids: string[],
): Promise<Map<string, { revision: number; locale: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: appointments.id, revision: appointments.revision, locale: appointments.locale })
    .from(appointments)
    .where(inArray(appointments.id, ids));
  return new Map(rows.map((row) => [row.id, { revision: row.revision, locale: row.locale }]));
}

/**
 * Upcoming open series visits still waiting for a cleaner before `before`: those that need a time, and
 * those planned beyond the team's posted days with nobody on them yet. Soonest first.
 */
export async function findWaitingSeriesVisits(db: Db, options: { now: Date; before: Date; limit: number }) {
  return db
    .select({ id: appointments.id, seriesId: appointments.seriesId, needsTime: appointments.needsTime })
    .from(appointments)
    .where(
      and(
        sql`${appointments.seriesId} is not null`,
        inArray(appointments.status, ['pending', 'confirmed']),
        sql`${appointments.appointmentDate} > ${options.now.toISOString()}::timestamptz`,
        sql`${appointments.appointmentDate} < ${options.before.toISOString()}::timestamptz`,
        sql`(${appointments.needsTime} or not exists (select 1 from ${appointmentAssignments} aa where aa.appointment_id = ${appointments.id}))`,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(options.limit);
}
