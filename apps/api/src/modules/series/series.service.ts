import {
  addDays,
  discountFor,
  seriesDates,
  todayIn,
  visitEnd,
  type BookSeriesInput,
  type ChangeSeriesInput,
  type Locale,
  type RecurringDiscounts,
  type VisitAddress,
  type VisitPlace,
} from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { fromLocal, toLocal } from '../../lib/time-zone.ts';
import type { Jobs, Transaction } from '../../plugins/jobs.ts';
import { replaceAssignments } from '../scheduling/staff.repository.ts';
import {
  bumpRevision,
  findWaitingSeriesVisits,
  insertAppointment,
  lockAppointment,
  replaceAppointment,
} from '../appointments/appointments.repository.ts';
import {
  choiceOf,
  customerReachStart,
  planVisit,
  reserveVisit,
  resolveServices,
  tooLateToChange,
  type BookingRules,
} from '../appointments/booking.service.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { forgetSettledAttempts, releaseBeforeDelete } from '../payments/card-retries.ts';
import type { StripeCard } from '../payments/stripe-client.ts';
import { findScheduleEnd } from '../scheduling/team.repository.ts';
import {
  cancelOpenVisits,
  findOpenVisitTeams,
  findRecurringDiscounts,
  findSeriesRow,
  findSeriesServiceIds,
  findSeriesToExtend,
  findUnconfirmedSeries,
  hasVisitOn,
  insertSeries,
  lockSeries,
  markConfirmed,
  placeOfSeries,
  removeOpenVisits,
  findOpenVisitIds,
  replaceSeriesServices,
  updateSeries,
  type SeriesRow,
} from './series.repository.ts';

/**
 * Recurring cleanings (decision 020): booking a series, writing its plan one visit per transaction,
 * changing all future visits, pausing, resuming, cancelling, and the daily pass. Every visit is placed
 * by `reserveVisit`, the booking rules' one home.
 */

export type SeriesDeps = {
  db: Db;
  jobs: Jobs;
  rules: BookingRules;
  horizonWeeks: number;
  /** PAYMENTS=stripe: the holds of visits taken off the plan are released first (decision 058). */
  card?: StripeCard | null;
  /** Queues the series' emails (decision 020); given by the routes so this file stays free of templates. */
  notify: SeriesNotifier;
};

export type SeriesNotifier = {
  /** The series' one confirmation, in the transaction that marks it sent. */
  confirmation(tx: Transaction, seriesId: string): Promise<void>;
  /** A visit the daily job could not place. */
  flagged(tx: Transaction, appointmentId: string): Promise<void>;
  /**
   * A visit taken off the plan or cancelled with the series: the cleaners on it are told it is
   * cancelled (decision 023; its customer hears of the series as a whole, on the series' screen).
   */
  teamReleased(
    tx: Transaction,
    visit: { appointmentId: string; employeeIds: string[] },
    cancelledBy: 'customer' | 'business',
  ): Promise<void>;
};

/** Who a change of the series comes from, as a notice says it. */
const cancelledBy = (by: 'customer' | 'admin') => (by === 'admin' ? 'business' : 'customer');

/** Why a planned visit may be written as "needs a time" instead of failing its series. */
const UNPLACEABLE = new Set(['NO_CLEANER_FREE', 'SLOT_FULL', 'VISITS_OVERLAP']);

/** How many visits one planning writes at most (a weekly series over two years is 104). */
const MAX_VISITS_PER_PLANNING = 120;

const nowOf = (rules: BookingRules) => rules.now ?? new Date();

/** The last date a series' plan is written to: today plus the recurring horizon. */
export function horizonEnd(deps: Pick<SeriesDeps, 'rules' | 'horizonWeeks'>): string {
  return addDays(todayIn(deps.rules.timeZone, nowOf(deps.rules)), deps.horizonWeeks * 7);
}

/** A series' own discount, in the shape `discountFor` reads. */
function discountsOf(series: SeriesRow): RecurringDiscounts {
  const percent = series.discountPercent;
  return {
    weekly: percent,
    every2Weeks: percent,
    every4Weeks: percent,
    firstVisitDiscounted: series.firstVisitDiscounted,
  };
}

/** Is `date` after the last day the team has posted? (Never without a team: capacity is fixed then.) */
async function isUnscheduled(db: Db, date: string, timeZone: string): Promise<boolean> {
  const end = await findScheduleEnd(db);
  return end !== undefined && date > toLocal(end, timeZone).date;
}

type PlaceMode =
  /** The first visit of a new series: refused like a one-off booking (and counted as a new booking). */
  | 'book'
  /** The first visit of a changed plan: refused like a move. */
  | 'change'
  /** Any other visit: written as "needs a time" when nobody can take it. */
  | 'plan';

/**
 * Writes the series' visit for one date of its plan, inside the caller's transaction (which holds the
 * series row). Nothing when the date already has a visit (in any status: a skipped date stays skipped)
 * or its time has passed. Returns the visit and whether it needs a time.
 */
async function placeVisit(
  tx: Transaction,
  series: SeriesRow,
  date: string,
  context: { rules: BookingRules; mode: PlaceMode; by: 'customer' | 'admin' },
): Promise<{ appointmentId: string; needsTime: boolean; cleaners: string[] } | undefined> {
  const { rules, mode } = context;
  const start = fromLocal(date, series.startHour, 0, rules.timeZone);
  if (start.getTime() <= nowOf(rules).getTime()) return undefined;
  if (await hasVisitOn(tx.db, series.id, date)) return undefined;
  const serviceIds = await findSeriesServiceIds(tx.db, series.id);
  const customer = await findCustomerById(tx.db, series.customerId);
  if (serviceIds.length === 0 || !customer) return undefined;
  const percent = discountFor(series.frequency, discountsOf(series), mode === 'book');
  // Every visit is priced on the series' home and extras, with its discount (decision 025) and the
  // surcharge it was booked with (decision 026).
  const services = await resolveServices(tx.db, serviceIds, 'all', {
    home: series.home,
    extraIds: series.extraIds,
    how: 'kept',
    discountPercent: percent,
    place: placeOfSeries(series),
  });
  const end = visitEnd(start, services.durationMinutes);
  let cleaners: string[] | undefined;
  let needsTime = false;
  // Beyond the days the team has posted, nobody is known to work yet: the visit waits unassigned
  // (holding a place, as unassigned visits do) for the daily pass to give it a cleaner.
  const waits = mode === 'plan' && (await isUnscheduled(tx.db, date, rules.timeZone));
  if (!waits) {
    try {
      cleaners = await reserveVisit(
        tx.db,
        {
          customerId: series.customerId,
          start,
          end,
          keptEmployeeIds: series.preferredEmployeeId ? [series.preferredEmployeeId] : [],
          by: context.by,
          planned: mode !== 'book',
        },
        rules,
      );
    } catch (error) {
      if (mode !== 'plan' || !(error instanceof AppError) || !UNPLACEABLE.has(error.code)) throw error;
      needsTime = true;
    }
  }
  const appointmentId = await insertAppointment(
    tx.db,
    {
      customerId: series.customerId,
      customerFirstName: customer.firstName,
      customerLastName: customer.lastName,
      appointmentDate: start,
      endsAt: end,
      status: 'pending',
      comments: series.comments,
      address: series.address,
      city: series.city,
      postalCode: series.postalCode,
      totalPrice: services.totalPrice,
      priceBreakdown: services.breakdown,
      discountPercent: percent,
      locale: series.locale,
      createdByUserId: series.createdByUserId,
      seriesId: series.id,
      seriesDate: date,
      needsTime,
    },
    services.lines,
  );
  if (cleaners?.length) await replaceAssignments(tx.db, appointmentId, cleaners, null);
  return { appointmentId, needsTime, cleaners: cleaners ?? [] };
}

/**
 * Writes a series' plan up to the horizon: one visit per transaction, each under the series row's lock,
 * so the booking route, the daily job and another process can all run it at once and every date gets
 * one visit. With `notifyFlagged`, a visit nobody can take sends its customer a notice.
 */
export async function planSeries(
  deps: SeriesDeps,
  seriesId: string,
  options: { notifyFlagged: boolean },
): Promise<void> {
  const until = horizonEnd(deps);
  for (let written = 0; written < MAX_VISITS_PER_PLANNING; written += 1) {
    const more = await deps.jobs.transaction(async (tx) => {
      const series = await lockSeries(tx.db, seriesId);
      if (series?.status !== 'active' || series.plannedUntil >= until) return false;
      const [date] = seriesDates(series.anchorDate, series.frequency, {
        from: addDays(series.plannedUntil, 1),
        until,
      });
      if (!date) {
        await updateSeries(tx.db, seriesId, { plannedUntil: until });
        return false;
      }
      const placed = await placeVisit(tx, series, date, { rules: deps.rules, mode: 'plan', by: 'customer' });
      await updateSeries(tx.db, seriesId, { plannedUntil: date });
      if (placed?.needsTime && options.notifyFlagged) await deps.notify.flagged(tx, placed.appointmentId);
      return true;
    });
    if (!more) return;
  }
}

/** Queues a series' confirmation if nobody has yet (the booking, or the daily pass after a crash). */
export async function confirmSeries(deps: SeriesDeps, seriesId: string): Promise<void> {
  await deps.jobs.transaction(async (tx) => {
    if (await markConfirmed(tx.db, seriesId, nowOf(deps.rules))) await deps.notify.confirmation(tx, seriesId);
  });
}

/**
 * Books a series: its first visit exactly like a one-off booking (same checks, same errors, its cleaner
 * becomes the preferred one), in one transaction with the series; then the rest of the plan and the
 * confirmation. Returns the series' id.
 */
export async function bookSeries(
  deps: SeriesDeps,
  booking: {
    /**
     * `where`: where its visits happen and `serviceArea`: its postal code and surcharge
     * (`customerToBookFor`), kept for every later visit.
     */
    customer: { id: string; where: VisitAddress; serviceArea: VisitPlace };
    input: BookSeriesInput & { serviceIds: string[]; appointmentDate: string };
    by: 'customer' | 'admin';
    userId: string;
    locale: Locale;
    idempotencyKey: string | undefined;
  },
): Promise<string> {
  const { rules } = deps;
  const { input } = booking;
  const { start, services } = await planVisit(deps.db, input, {
    rules,
    by: booking.by,
    withdrawnAllowed: 'none',
    choice: {
      ...choiceOf(input, booking.by === 'admin' ? { home: {}, extraIds: [] } : undefined),
      place: booking.customer.serviceArea,
    },
  });
  const discounts = await findRecurringDiscounts(deps.db);
  const local = toLocal(start, rules.timeZone);
  const seriesId = await deps.jobs.transaction(async (tx) => {
    const id = await insertSeries(
      tx.db,
      {
        customerId: booking.customer.id,
        frequency: input.frequency,
        anchorDate: local.date,
        startHour: local.hour,
        comments: input.comments ?? null,
        address: booking.customer.where.street,
        city: booking.customer.where.city,
        locale: booking.locale,
        home: services.breakdown.home,
        extraIds: services.breakdown.extraIds,
        postalCode: booking.customer.serviceArea.postalCode,
        surchargeCents: booking.customer.serviceArea.surchargeCents,
        discountPercent: discounts[input.frequency],
        firstVisitDiscounted: discounts.firstVisitDiscounted,
        plannedUntil: local.date,
        idempotencyKey: booking.idempotencyKey ?? null,
        createdByUserId: booking.userId,
      },
      input.serviceIds,
    );
    const series = await lockSeries(tx.db, id);
    if (!series) throw notFound('Series');
    const first = await placeVisit(tx, series, local.date, { rules, mode: 'book', by: booking.by });
    if (first?.cleaners[0]) await updateSeries(tx.db, id, { preferredEmployeeId: first.cleaners[0] });
    return id;
  });
  await planSeries(deps, seriesId, { notifyFlagged: false });
  await confirmSeries(deps, seriesId);
  return seriesId;
}

/** The series, locked, if it may still change (409 SERIES_CANCELLED otherwise). */
async function lockChangeable(db: Db, seriesId: string): Promise<SeriesRow> {
  const series = await lockSeries(db, seriesId);
  if (!series) throw notFound('Series');
  if (series.status === 'cancelled') {
    throw new AppError('SERIES_CANCELLED', 'This recurring cleaning is cancelled.');
  }
  return series;
}

/**
 * Changes all future visits: from the new first visit's date on, the open visits leave the plan and it
 * is written again with the new weekday, time, services and frequency. The new first visit must be
 * bookable (refused like a move); later ones that nobody can take need a time. A paused series resumes.
 */
export async function changeSeries(
  deps: SeriesDeps,
  seriesId: string,
  change: {
    input: ChangeSeriesInput & { serviceIds: string[]; appointmentDate: string };
    by: 'customer' | 'admin';
  },
): Promise<void> {
  const { rules } = deps;
  const current = await findSeriesRow(deps.db, seriesId);
  if (!current) throw notFound('Series');
  // A customer may keep services withdrawn since they booked; an admin may use any.
  const kept = await findSeriesServiceIds(deps.db, seriesId);
  const { start, services } = await planVisit(deps.db, change.input, {
    rules,
    by: change.by,
    withdrawnAllowed: change.by === 'admin' ? 'all' : kept,
    // Home and extras not said again: the series' own; its place and surcharge stay.
    choice: { ...choiceOf(change.input, current), place: placeOfSeries(current) },
  });
  // A customer's change leaves the visits inside the cut-off as they are, and starts after it.
  const after = customerReachStart(rules, change.by);
  if (start.getTime() < after.getTime()) throw tooLateToChange(rules);
  const discounts = await findRecurringDiscounts(deps.db);
  const local = toLocal(start, rules.timeZone);
  const from = { date: local.date, instant: fromLocal(local.date, 0, 0, rules.timeZone) };
  await releaseLeavingHolds(deps, seriesId, after, from);
  await deps.jobs.transaction(async (tx) => {
    await lockChangeable(tx.db, seriesId);
    await releaseTeams(deps, tx, seriesId, { after, from, by: change.by });
    await takeOffPlan(tx, seriesId, from, after);
    await replaceSeriesServices(tx.db, seriesId, change.input.serviceIds);
    await updateSeries(tx.db, seriesId, {
      anchorDate: local.date,
      startHour: local.hour,
      frequency: change.input.frequency,
      comments: change.input.comments ?? null,
      home: services.breakdown.home,
      extraIds: services.breakdown.extraIds,
      discountPercent: discounts[change.input.frequency],
      status: 'active',
      pausedAt: null,
      plannedUntil: local.date,
    });
    const series = await lockSeries(tx.db, seriesId);
    if (!series) throw notFound('Series');
    const first = await placeVisit(tx, series, local.date, { rules, mode: 'change', by: change.by });
    // Only when a visit kept inside the cut-off is on that day already (the customer calls the office).
    if (!first && change.by === 'customer') throw tooLateToChange(rules);
    if (first?.cleaners[0] && !series.preferredEmployeeId) {
      await updateSeries(tx.db, seriesId, { preferredEmployeeId: first.cleaners[0] });
    }
  });
  await planSeries(deps, seriesId, { notifyFlagged: false });
}

/**
 * Before open visits leave the plan (their rows go): each one's revision goes up and the cleaners on it
 * are told it is cancelled, while the row is still there to read.
 */
async function releaseTeams(
  deps: SeriesDeps,
  tx: Transaction,
  seriesId: string,
  change: { after: Date; from: { date: string; instant: Date }; by: 'customer' | 'admin' },
) {
  for (const visit of await findOpenVisitTeams(tx.db, seriesId, change.after, change.from)) {
    await bumpRevision(tx.db, visit.appointmentId);
    await deps.notify.teamReleased(tx, visit, cancelledBy(change.by));
  }
}

/** PAYMENTS=stripe: the card holds of the open visits about to leave the plan, released (decision 058). */
async function releaseLeavingHolds(
  deps: SeriesDeps,
  seriesId: string,
  after: Date,
  from: { date: string; instant: Date },
) {
  if (!deps.card) return;
  const leaving = await findOpenVisitIds(deps.db, seriesId, after, from);
  await releaseBeforeDelete({ db: deps.db, jobs: deps.jobs, card: deps.card }, leaving);
}

/** The open visits leave the plan, with their card attempts that moved no money. */
async function takeOffPlan(
  tx: Transaction,
  seriesId: string,
  from: { date: string; instant: Date },
  after: Date,
) {
  await forgetSettledAttempts(tx.db, await findOpenVisitIds(tx.db, seriesId, after, from));
  await removeOpenVisits(tx.db, seriesId, from, after);
}

/** Pauses a series: its open future visits leave the plan; nothing is planned until it resumes. */
export async function pauseSeries(
  deps: SeriesDeps,
  seriesId: string,
  by: 'customer' | 'admin',
): Promise<void> {
  const now = nowOf(deps.rules);
  // A customer's pause leaves the visits inside the cut-off: they still happen unless the office cancels.
  const after = customerReachStart(deps.rules, by);
  const from = { date: todayIn(deps.rules.timeZone, now), instant: now };
  await releaseLeavingHolds(deps, seriesId, after, from);
  await deps.jobs.transaction(async (tx) => {
    const series = await lockChangeable(tx.db, seriesId);
    if (series.status === 'paused') return;
    await releaseTeams(deps, tx, seriesId, { after, from, by });
    await takeOffPlan(tx, seriesId, from, after);
    await updateSeries(tx.db, seriesId, { status: 'paused', pausedAt: now });
  });
}

/** The first date of a series' plan on or after `from` whose visit meets the booking notice. */
function firstDateFrom(series: SeriesRow, from: string, rules: BookingRules): string | undefined {
  const earliest = nowOf(rules).getTime() + rules.minNoticeHours * 60 * 60 * 1000;
  const today = todayIn(rules.timeZone, nowOf(rules));
  const start = [from, today, series.anchorDate].reduce((latest, date) => (date > latest ? date : latest));
  // Four weeks apart at most, after the notice: a date is always found in this stretch.
  const until = addDays(start, 7 * 5 + Math.ceil(rules.minNoticeHours / 24));
  return seriesDates(series.anchorDate, series.frequency, { from: start, until }).find(
    (date) => fromLocal(date, series.startHour, 0, rules.timeZone).getTime() >= earliest,
  );
}

/** Resumes a paused series from the first of its dates on or after `from` (today by default). */
export async function resumeSeries(deps: SeriesDeps, seriesId: string, from: string | undefined) {
  const { rules } = deps;
  await deps.jobs.transaction(async (tx) => {
    const series = await lockChangeable(tx.db, seriesId);
    if (series.status === 'active') return;
    const first = firstDateFrom(series, from ?? todayIn(rules.timeZone, nowOf(rules)), rules);
    if (!first) throw new Error('A series always has a date within five weeks of the notice.');
    await updateSeries(tx.db, seriesId, {
      status: 'active',
      pausedAt: null,
      plannedUntil: addDays(first, -1),
    });
  });
  await planSeries(deps, seriesId, { notifyFlagged: false });
}

/**
 * Cancels a series: every open future visit is cancelled (kept; its revision up), or, with `fromDate`,
 * those from that day on (the series ends there; the open visits before it still happen); past visits
 * stay as they are. The cleaners on the cancelled visits are told.
 */
export async function cancelSeries(
  deps: SeriesDeps,
  seriesId: string,
  by: { userId: string; role: 'customer' | 'admin' },
  /** The series ends from this day on: the open visits before it still happen. */
  fromDate?: string,
): Promise<void> {
  const now = nowOf(deps.rules);
  // A customer's cancel leaves the visits inside the cut-off: they still happen unless the office cancels.
  const after = customerReachStart(deps.rules, by.role);
  const from = fromDate
    ? { date: fromDate, instant: fromLocal(fromDate, 0, 0, deps.rules.timeZone) }
    : undefined;
  await deps.jobs.transaction(async (tx) => {
    const series = await lockSeries(tx.db, seriesId);
    if (!series) throw notFound('Series');
    if (series.status === 'cancelled') return;
    const teams = await findOpenVisitTeams(tx.db, seriesId, after, from);
    await cancelOpenVisits(tx.db, seriesId, { now, after }, by.userId, from);
    for (const visit of teams) await deps.notify.teamReleased(tx, visit, cancelledBy(by.role));
    await updateSeries(tx.db, seriesId, { status: 'cancelled', cancelledAt: now, pausedAt: null });
  });
}

/**
 * Gives the series visits that wait a cleaner, now that the team may have posted more days: those that
 * needed a time (placed at their time if someone is free now, else still flagged) and those planned
 * beyond the posted days (placed, or flagged "needs a time" with a notice when nobody can take them).
 * Returns how many were placed.
 */
export async function placeWaitingVisits(deps: SeriesDeps, limit = 500): Promise<number> {
  const { rules } = deps;
  const end = await findScheduleEnd(deps.db);
  if (!end) return 0;
  const waiting = await findWaitingSeriesVisits(deps.db, {
    now: nowOf(rules),
    before: fromLocal(addDays(toLocal(end, rules.timeZone).date, 1), 0, 0, rules.timeZone),
    limit,
  });
  let placed = 0;
  for (const visit of waiting) {
    const done = await deps.jobs.transaction(async (tx) => {
      const current = await lockAppointment(tx.db, visit.id);
      if (current?.status !== 'pending' && current?.status !== 'confirmed') return false;
      const series = visit.seriesId ? await findSeriesRow(tx.db, visit.seriesId) : undefined;
      let cleaners: string[] | undefined;
      try {
        cleaners = await reserveVisit(
          tx.db,
          {
            customerId: current.customerId,
            start: current.appointmentDate,
            end: current.endsAt,
            exceptAppointmentId: visit.id,
            keptEmployeeIds: series?.preferredEmployeeId ? [series.preferredEmployeeId] : [],
            by: 'customer',
            planned: true,
          },
          rules,
        );
      } catch (error) {
        if (!(error instanceof AppError) || !UNPLACEABLE.has(error.code)) throw error;
        if (!current.needsTime) {
          await replaceAppointment(tx.db, visit.id, { needsTime: true }, undefined);
          await deps.notify.flagged(tx, visit.id);
        }
        return false;
      }
      if (!cleaners?.length) return false;
      await replaceAssignments(tx.db, visit.id, cleaners, null);
      return true;
    });
    if (done) placed += 1;
  }
  return placed;
}

/**
 * The daily pass (and once at start): extends every active series to the horizon, places the visits
 * that needed a time if someone is free now, and queues any confirmation a crash left unsent.
 */
export async function runSeriesPass(deps: SeriesDeps): Promise<{ extended: number; placed: number }> {
  const due = await findSeriesToExtend(deps.db, horizonEnd(deps), 1000);
  for (const id of due) await planSeries(deps, id, { notifyFlagged: true });
  const placed = await placeWaitingVisits(deps);
  const unconfirmed = await findUnconfirmedSeries(deps.db, new Date(nowOf(deps.rules).getTime() - 60_000));
  for (const id of unconfirmed) await confirmSeries(deps, id);
  return { extended: due.length, placed };
}
