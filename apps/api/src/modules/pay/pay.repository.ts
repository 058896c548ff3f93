import { asc, eq, inArray, sql } from 'drizzle-orm';
import { employeePayRates } from '../../db/schema/index.ts';
import type { Db, Writer } from '../../db/transaction.ts';
import type { PayTerms, ReceivedTip, WorkedVisit } from './pay-figures.ts';

/**
 * The rows of hours and pay (decision 066), each read in one query whatever the number of visits: the
 * visits of a period with their cleaners and steps, the tips received, the terms.
 */

type TermsRow = typeof employeePayRates.$inferSelect;

const toTerms = (row: TermsRow): PayTerms & { employeeId: string; createdAt: Date } => ({
  employeeId: row.employeeId,
  effectiveFrom: row.effectiveFrom,
  kind: row.kind,
  hourlyCents: row.hourlyCents,
  percentBasisPoints: row.percentBasisPoints,
  createdAt: row.createdAt,
});

/** The terms of some employees, oldest first. */
export async function findPayTerms(db: Db, employeeIds: readonly string[]) {
  if (employeeIds.length === 0) return [];
  const rows = await db
    .select()
    .from(employeePayRates)
    .where(inArray(employeePayRates.employeeId, [...employeeIds]))
    .orderBy(asc(employeePayRates.employeeId), asc(employeePayRates.effectiveFrom));
  return rows.map(toTerms);
}

/** Terms from a day: a new row, or the day's terms replaced (a correction of that day). */
export async function upsertPayTerms(
  db: Writer,
  row: PayTerms & { employeeId: string; createdByUserId: string | null },
): Promise<void> {
  await db
    .insert(employeePayRates)
    .values(row)
    .onConflictDoUpdate({
      target: [employeePayRates.employeeId, employeePayRates.effectiveFrom],
      set: {
        kind: row.kind,
        hourlyCents: row.hourlyCents,
        percentBasisPoints: row.percentBasisPoints,
        createdByUserId: row.createdByUserId,
        updatedAt: sql`now()`,
      },
    });
}

export async function countPayTerms(db: Db, employeeId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(employeePayRates)
    .where(eq(employeePayRates.employeeId, employeeId));
  return row?.count ?? 0;
}

type VisitRow = {
  employee_id: string;
  appointment_id: string;
  starts_at: Date;
  ends_at: Date;
  customer_name: string;
  price_cents: string;
  cleaner_index: number;
  cleaner_count: number;
  arrived_at: Date | null;
  completed_at: Date | null;
};

/**
 * The completed visits that start in [start, end) with the cleaners on each (not turned down), in the
 * order of their ids (a percent is shared like a tip), and per visit its first "arrived" and last
 * "completed" step that is not the office's correction. One employee, or everyone (null: the overview).
 * The visits come from the date index, the cleaners from the assignments' primary key, the steps from
 * their `(appointment, at)` index: one statement, no query per visit.
 */
export async function findWorkedVisits(
  db: Db,
  range: { start: Date; end: Date },
  employeeId: string | null,
): Promise<(WorkedVisit & { employeeId: string })[]> {
  const { rows } = await db.execute<VisitRow>(sql`
    with visits as (
      select a.id, a.appointment_date, a.ends_at, a.customer_first_name, a.customer_last_name,
        coalesce((a.price_breakdown->>'totalCents')::bigint, round(a.total_price * 100)::bigint) as price_cents
      from appointments a
      where a.status = 'completed'
        and a.appointment_date >= ${range.start.toISOString()}::timestamptz
        and a.appointment_date < ${range.end.toISOString()}::timestamptz
    ), cleaners as (
      select aa.appointment_id, aa.employee_id,
        (row_number() over (partition by aa.appointment_id order by aa.employee_id) - 1)::int as cleaner_index,
        (count(*) over (partition by aa.appointment_id))::int as cleaner_count
      from appointment_assignments aa
      where aa.appointment_id in (select id from visits) and aa.status <> 'REJECTED'
    )
    select c.employee_id, v.id as appointment_id, v.appointment_date as starts_at, v.ends_at,
      v.customer_first_name || ' ' || v.customer_last_name as customer_name, v.price_cents::text,
      c.cleaner_index, c.cleaner_count, steps.arrived_at, steps.completed_at
    from visits v
    join cleaners c on c.appointment_id = v.id
    left join lateral (
      select min(vs.at) filter (where vs.step = 'arrived') as arrived_at,
        max(vs.at) filter (where vs.step = 'completed') as completed_at
      from visit_steps vs
      where vs.appointment_id = v.id and not vs.correction
    ) steps on true
    where ${employeeId}::uuid is null or c.employee_id = ${employeeId}::uuid
    order by v.appointment_date, v.id`);
  return rows.map((row) => ({
    employeeId: row.employee_id,
    appointmentId: row.appointment_id,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    customerName: row.customer_name,
    priceCents: Number(row.price_cents),
    cleanerIndex: row.cleaner_index,
    cleanerCount: row.cleaner_count,
    arrivedAt: row.arrived_at === null ? null : new Date(row.arrived_at),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
  }));
}

type TipRow = { appointment_id: string; visit_starts_at: Date; received_at: Date; cents: number };

/** The employee's tip shares received in [start, end) (decision 057's `(employee, created_at)` index). */
export async function findReceivedTips(
  db: Db,
  range: { start: Date; end: Date },
  employeeId: string,
): Promise<ReceivedTip[]> {
  const { rows } = await db.execute<TipRow>(sql`
    select l.appointment_id, a.appointment_date as visit_starts_at, ts.created_at as received_at, ts.cents
    from tip_shares ts
    join payment_ledger l on l.id = ts.ledger_entry_id
    join appointments a on a.id = l.appointment_id
    where ts.employee_id = ${employeeId}::uuid
      and ts.created_at >= ${range.start.toISOString()}::timestamptz
      and ts.created_at < ${range.end.toISOString()}::timestamptz
    order by ts.created_at`);
  return rows.map((row) => ({
    appointmentId: row.appointment_id,
    visitStartsAt: new Date(row.visit_starts_at),
    receivedAt: new Date(row.received_at),
    cents: row.cents,
  }));
}
