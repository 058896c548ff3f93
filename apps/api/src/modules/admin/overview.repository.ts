import { sql } from 'drizzle-orm';
import {
  OVERVIEW_WEEKS,
  SHIFTS,
  TOP_SERVICES,
  addDays,
  minutesOfClock,
  mondayOf,
  type EmployeeUtilisation,
  type LedgerAmount,
  type OverviewWeek,
  type RefundAllocation,
  type ShiftHours,
  type TopService,
  type VisitTaxes,
} from '@eclat/shared';
import { readerOn, type Db } from '../../db/transaction.ts';
import { fromLocal } from '../../lib/time-zone.ts';

/**
 * The owner's overview (decision 030): three aggregate queries over the appointments' date index, each
 * bounded by the 14 weeks it reads (the 12 of the charts and the next one), whatever the size of the
 * history. Weeks are Monday to Sunday on the business clock: `date_trunc('week', …)` of the local wall
 * time, so a week across a change of daylight saving time is still Monday 00:00 to Monday 00:00.
 */

/** The weeks read: the first Monday of the charts, this week's and the next one's, as local days and instants. */
export type OverviewSpan = {
  today: string;
  firstMonday: string;
  thisMonday: string;
  nextMonday: string;
  /** Local midnight of the first Monday. */
  start: Date;
  /** Local midnight of the Monday after this week: the end of the charts. */
  chartsEnd: Date;
  /** Local midnight of the Monday after next week: the end of everything read. */
  end: Date;
};

/** The span of the overview as on `today` (a business-local day). */
export function overviewSpan(timeZone: string, today: string): OverviewSpan {
  const thisMonday = mondayOf(today);
  const firstMonday = addDays(thisMonday, -7 * (OVERVIEW_WEEKS - 1));
  const nextMonday = addDays(thisMonday, 7);
  return {
    today,
    firstMonday,
    thisMonday,
    nextMonday,
    start: fromLocal(firstMonday, 0, 0, timeZone),
    chartsEnd: fromLocal(nextMonday, 0, 0, timeZone),
    end: fromLocal(addDays(nextMonday, 7), 0, 0, timeZone),
  };
}

const emptyWeek = (weekStart: string): OverviewWeek => ({
  weekStart,
  visits: 0,
  revenueCents: 0,
  cancellations: 0,
  unassigned: 0,
  flagged: 0,
});

type WeekRow = {
  week: string;
  visits: number;
  revenue: string;
  cancellations: number;
  unassigned: number;
  flagged: number;
};

/**
 * The figures of every week of the span, oldest first (a week without visits has zeros). Whether a visit
 * has someone on it is asked only for this week's and next week's (the glance; the charts do not show
 * it): one probe of the assignments' primary key per such visit (a lateral `limit 1`, which the planner
 * cannot turn into a scan of every assignment ever made); the earlier weeks' `unassigned` is 0.
 */
async function findWeeks(db: Db, span: OverviewSpan, timeZone: string): Promise<OverviewWeek[]> {
  const glanceStart = fromLocal(span.thisMonday, 0, 0, timeZone).toISOString();
  const { rows } = await db.execute<WeekRow>(sql`
    select to_char(date_trunc('week', a.appointment_date at time zone ${timeZone}), 'YYYY-MM-DD') as week,
      count(*) filter (where a.status <> 'cancelled')::int as visits,
      coalesce(sum(round(a.total_price * 100)) filter (where a.status <> 'cancelled'), 0)::bigint as revenue,
      count(*) filter (where a.status = 'cancelled')::int as cancellations,
      count(*) filter (
        where a.status in ('pending', 'confirmed') and not a.needs_time
          and a.appointment_date >= ${glanceStart}::timestamptz and staffed.one is null
      )::int as unassigned,
      count(*) filter (
        where a.status in ('pending', 'confirmed') and a.needs_time and a.series_id is not null
      )::int as flagged
    from appointments a
    left join lateral (
      select 1 as one from appointment_assignments aa
      where aa.appointment_id = a.id and a.appointment_date >= ${glanceStart}::timestamptz limit 1
    ) staffed on true
    where a.appointment_date >= ${span.start.toISOString()}::timestamptz
      and a.appointment_date < ${span.end.toISOString()}::timestamptz
    group by 1`);
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  const weeks: OverviewWeek[] = [];
  for (let monday = span.firstMonday; monday <= span.nextMonday; monday = addDays(monday, 7)) {
    const row = byWeek.get(monday);
    weeks.push(
      row
        ? {
            weekStart: monday,
            visits: row.visits,
            revenueCents: Number(row.revenue),
            cancellations: row.cancellations,
            unassigned: row.unassigned,
            flagged: row.flagged,
          }
        : emptyWeek(monday),
    );
  }
  return weeks;
}

/**
 * The visits (not cancelled) of the charts' weeks, from the date index. The queries that need their
 * assignments or service lines look those up by `appointment_id = any(array(…))`: probes of the child
 * table's primary key, whatever the planner would guess, instead of a scan of every row ever written.
 */
const visitsOfCharts = (span: OverviewSpan) => sql`
  select a.id, a.ends_at - a.appointment_date as length from appointments a
  where a.status <> 'cancelled'
    and a.appointment_date >= ${span.start.toISOString()}::timestamptz
    and a.appointment_date < ${span.chartsEnd.toISOString()}::timestamptz`;

type UtilisationRow = {
  employee_id: string;
  first_name: string;
  last_name: string;
  booked: string;
  available: string;
};

/**
 * Booked and available minutes of each employee over the charts' weeks. Booked: the length of the visits
 * (not cancelled) they are on, by the visit's start. Available: the length of their shifts, each shift of
 * an availability placed on its local day with the admin's hours (24:00 is the next midnight) and
 * measured in real minutes, so a shift across a change of time is an hour shorter or longer.
 */
async function findUtilisation(
  db: Db,
  span: OverviewSpan,
  timeZone: string,
  hours: ShiftHours,
): Promise<EmployeeUtilisation[]> {
  const shiftMinutes = sql.join(
    SHIFTS.map(
      (shift) =>
        sql`(${shift}, ${minutesOfClock(hours[shift].start)}::int, ${minutesOfClock(hours[shift].end)}::int)`,
    ),
    sql`, `,
  );
  const { rows } = await db.execute<UtilisationRow>(sql`
    with visits as materialized (${visitsOfCharts(span)}
    ), booked as (
      select aa.employee_id, sum(extract(epoch from v.length) / 60) as minutes
      from appointment_assignments aa
      join visits v on v.id = aa.appointment_id
      where aa.appointment_id = any(array(select id from visits))
      group by aa.employee_id
    ), hours (shift, start_minutes, end_minutes) as (values ${shiftMinutes}
    ), available as (
      select v.employee_id, sum(extract(epoch from
          ((local.day + h.end_minutes * interval '1 minute') at time zone ${timeZone})
          - ((local.day + h.start_minutes * interval '1 minute') at time zone ${timeZone})) / 60) as minutes
      from availabilities v
      cross join lateral (select (v.available_date at time zone ${timeZone})::date as day) local
      join hours h on h.shift = v.shift::text
      where v.available_date >= ${span.start.toISOString()}::timestamptz
        and v.available_date < ${span.chartsEnd.toISOString()}::timestamptz
      group by v.employee_id
    )
    select e.id as employee_id, e.first_name, e.last_name,
      round(coalesce(b.minutes, 0))::bigint as booked, round(coalesce(s.minutes, 0))::bigint as available
    from employees e
    left join booked b on b.employee_id = e.id
    left join available s on s.employee_id = e.id
    where b.employee_id is not null or s.employee_id is not null`);
  return rows
    .map((row) => {
      const bookedMinutes = Number(row.booked);
      const availableMinutes = Number(row.available);
      return {
        employeeId: row.employee_id,
        name: `${row.first_name} ${row.last_name}`.trim(),
        bookedMinutes,
        availableMinutes,
        utilisation: availableMinutes > 0 ? bookedMinutes / availableMinutes : null,
      };
    })
    .sort(
      (a, b) =>
        (b.utilisation ?? Number.POSITIVE_INFINITY) - (a.utilisation ?? Number.POSITIVE_INFINITY) ||
        b.bookedMinutes - a.bookedMinutes ||
        a.name.localeCompare(b.name),
    );
}

type ServiceRow = { service_id: string | null; title: string; visits: number; revenue: string };

/** The most booked services of the charts' weeks: visits (not cancelled) and the price they had on them. */
async function findTopServices(db: Db, span: OverviewSpan): Promise<TopService[]> {
  const { rows } = await db.execute<ServiceRow>(sql`
    with visits as materialized (${visitsOfCharts(span)})
    select l.service_id, coalesce(max(s.title), max(l.title)) as title,
      count(distinct l.appointment_id)::int as visits, sum(round(l.price * 100))::bigint as revenue
    from appointment_services l
    left join services s on s.id = l.service_id
    where l.appointment_id = any(array(select id from visits))
    group by l.service_id, case when l.service_id is null then l.title end
    order by visits desc, revenue desc, title
    limit ${TOP_SERVICES}`);
  return rows.map((row) => ({
    serviceId: row.service_id,
    title: row.title,
    visits: row.visits,
    revenueCents: Number(row.revenue),
  }));
}

/** Everything the overview reads from the business tables, the three queries at once. */
export async function findOverviewFigures(
  db: Db,
  span: OverviewSpan,
  options: { timeZone: string; shiftHours: ShiftHours },
) {
  const read = readerOn(db);
  const [weeks, utilisation, topServices] = await Promise.all([
    read(() => findWeeks(db, span, options.timeZone)),
    read(() => findUtilisation(db, span, options.timeZone, options.shiftHours)),
    read(() => findTopServices(db, span)),
  ]);
  return { weeks, utilisation, topServices };
}

// ---- the money of the weeks (issue 29, decision 052), when payments are on ----

/** Money moved in a week by the ledger rows written in it (business-local Monday), in cents. */
export type WeekLedgerSums = { collectedCents: number; refundedCents: number };

/**
 * Payments and tips received, and refunds given, per week of the span, by when each ledger row was
 * written: one grouped read of the ledger's time index over the span's 14 weeks.
 */
export async function findWeekLedgerSums(
  db: Db,
  span: OverviewSpan,
  timeZone: string,
): Promise<Map<string, WeekLedgerSums>> {
  const { rows } = await db.execute<{ week: string; collected: string; refunded: string }>(sql`
    select to_char(date_trunc('week', l.created_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
      coalesce(sum(l.cents) filter (where l.kind in ('payment', 'tip')), 0)::bigint as collected,
      coalesce(sum(l.cents) filter (where l.kind = 'refund'), 0)::bigint as refunded
    from payment_ledger l
    where l.created_at >= ${span.start.toISOString()}::timestamptz
      and l.created_at < ${span.end.toISOString()}::timestamptz
    group by 1`);
  return new Map(
    rows.map((row) => [
      row.week,
      { collectedCents: Number(row.collected), refundedCents: Number(row.refunded) },
    ]),
  );
}

/**
 * Visits of a week alike for their money: the same status, place, price and ledger
 * sums. `visitMoney` runs once per group (its figures are the same for each visit of it) and counts
 * `visits` times.
 */
export type WeekVisitGroup = {
  weekStart: string;
  visits: number;
  status: string;
  postalCode: string | null;
  /** The price breakdown's total (instant prices), else null: the stored total is the price. */
  priceBreakdown: { totalCents: number } | null;
  totalPrice: number;
  /** The taxes its first ledger row fixed (decision 054); null: the current settings. */
  taxSnapshot: VisitTaxes | null;
  entries: LedgerAmount[];
};

type VisitGroupRow = {
  week: string;
  visits: number;
  status: string;
  postal_code: string | null;
  breakdown_cents: number | null;
  total_price: string;
  payments: string;
  tips: string;
  fees: string;
  /** Refunds written before their parts were stored; the others by their parts. */
  refunds: string;
  refund_overpayments: string;
  refund_credits: string;
  refund_tips: string;
  tax_snapshot: VisitTaxes | null;
};

/**
 * The visits of the span's weeks with their ledger's sums, in ONE query grouped by week and by what
 * their money depends on: many visits with the same price at the same place and nothing recorded are one
 * row. The ledger is summed per visit through its (appointment, time) index, only for the span's visits.
 */
export async function findWeekVisitGroups(
  db: Db,
  span: OverviewSpan,
  timeZone: string,
): Promise<WeekVisitGroup[]> {
  const { rows } = await db.execute<VisitGroupRow>(sql`
    with visits as materialized (
      select a.id, a.status::text as status, a.postal_code,
        (a.price_breakdown ->> 'totalCents')::int as breakdown_cents, a.total_price,
        to_char(date_trunc('week', a.appointment_date at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        a.tax_snapshot
      from appointments a
      where a.appointment_date >= ${span.start.toISOString()}::timestamptz
        and a.appointment_date < ${span.end.toISOString()}::timestamptz
    ), sums as (
      select l.appointment_id,
        sum(l.cents) filter (where l.kind = 'payment') as payments,
        sum(l.cents) filter (where l.kind = 'tip') as tips,
        sum(l.cents) filter (where l.kind = 'fee') as fees,
        sum(l.cents) filter (where l.kind = 'refund' and l.refund_credit_cents is null) as refunds,
        sum(l.refund_overpayment_cents) as refund_overpayments,
        sum(l.refund_credit_cents) as refund_credits,
        sum(l.refund_tips_cents) as refund_tips
      from payment_ledger l
      where l.appointment_id = any(array(select id from visits))
      group by l.appointment_id
    )
    select v.week, count(*)::int as visits, v.status, v.postal_code, v.breakdown_cents,
      v.total_price::text as total_price,
      coalesce(s.payments, 0)::bigint as payments, coalesce(s.tips, 0)::bigint as tips,
      coalesce(s.fees, 0)::bigint as fees, coalesce(s.refunds, 0)::bigint as refunds,
      coalesce(s.refund_overpayments, 0)::bigint as refund_overpayments,
      coalesce(s.refund_credits, 0)::bigint as refund_credits,
      coalesce(s.refund_tips, 0)::bigint as refund_tips, v.tax_snapshot
    from visits v
    left join sums s on s.appointment_id = v.id
    group by v.week, v.status, v.postal_code, v.breakdown_cents, v.total_price, v.tax_snapshot,
      s.payments, s.tips, s.fees, s.refunds, s.refund_overpayments, s.refund_credits, s.refund_tips`);
  return rows.map((row) => ({
    weekStart: row.week,
    visits: row.visits,
    status: row.status,
    postalCode: row.postal_code,
    priceBreakdown: row.breakdown_cents === null ? null : { totalCents: row.breakdown_cents },
    totalPrice: Number(row.total_price),
    taxSnapshot: row.tax_snapshot,
    entries: [
      { kind: 'payment', cents: Number(row.payments) },
      { kind: 'tip', cents: Number(row.tips) },
      { kind: 'fee', cents: Number(row.fees) },
      { kind: 'refund', cents: Number(row.refunds) },
      refundByParts({
        overpaymentCents: Number(row.refund_overpayments),
        creditCents: Number(row.refund_credits),
        tipsCents: Number(row.refund_tips),
      }),
    ],
  }));
}

/** The refunds with stored parts, as one row of their summed parts. */
function refundByParts(allocation: RefundAllocation): LedgerAmount {
  const cents = allocation.overpaymentCents + allocation.creditCents + allocation.tipsCents;
  return { kind: 'refund', cents, allocation };
}
