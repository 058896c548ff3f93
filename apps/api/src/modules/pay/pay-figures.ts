import {
  splitEvenly,
  toLocal,
  type PayKind,
  type PayTip,
  type PayTotals,
  type PayTravelRule,
  type PayVisit,
} from '@eclat/shared';

/**
 * The figures of a pay period (issue 30 §6, decision 066), one pure function: no clock, no database.
 * The service reads the rows and hands them here; the report, its CSV and the overview's labour cost
 * are all this function's answer.
 */

/** Terms from a day on, as stored. */
export type PayTerms = {
  effectiveFrom: string;
  kind: PayKind;
  hourlyCents: number | null;
  percentBasisPoints: number | null;
};

/** A completed visit the employee was on (not turned down), with what the steps say. */
export type WorkedVisit = {
  appointmentId: string;
  startsAt: Date;
  endsAt: Date;
  customerName: string;
  /** Before tax. */
  priceCents: number;
  /** The employee's place among the visit's cleaners in the order of their ids, and how many there are. */
  cleanerIndex: number;
  cleanerCount: number;
  /** The first "arrived" step and the last "completed" one (null when the visit has none). */
  arrivedAt: Date | null;
  completedAt: Date | null;
};

export type ReceivedTip = { appointmentId: string; visitStartsAt: Date; receivedAt: Date; cents: number };

export type PayFiguresInput = {
  timeZone: string;
  travelRule: PayTravelRule;
  /** The travel buffer between two visits (`BUFFER_MINUTES`). */
  bufferMinutes: number;
  /** The employee's terms, in no set order. */
  terms: readonly PayTerms[];
  visits: readonly WorkedVisit[];
  tips: readonly ReceivedTip[];
};

export type PayFigures = { visits: PayVisit[]; tips: PayTip[]; totals: PayTotals };

const MINUTE_MS = 60_000;

/** `numerator / denominator` rounded to the nearest integer, halves up (both are whole and not negative). */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Real elapsed whole minutes between two instants (to the nearest minute): a DST change adds nothing. */
const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / MINUTE_MS);

/** The terms in effect on a business day: the last ones from that day or before; null before the first. */
export function termsOn(terms: readonly PayTerms[], day: string): PayTerms | null {
  let found: PayTerms | null = null;
  for (const term of terms) {
    if (term.effectiveFrom <= day && (!found || term.effectiveFrom > found.effectiveFrom)) found = term;
  }
  return found;
}

/** Pay for `minutes` at an hourly rate, in cents, rounded to the nearest cent (halves up). */
const hourlyPay = (hourlyCents: number, minutes: number) =>
  divideRoundingHalfUp(hourlyCents * Math.max(0, minutes), 60);

/**
 * The employee's figures for their visits and tips (already limited to the period by the caller):
 * - worked time: arrived to completed, real elapsed minutes (an hour across the DST change is an
 *   hour); a visit without both steps, or whose completion is not after its arrival, counts its planned
 *   length and is marked `planned`;
 * - the terms are those in effect on the visit's business day (a new rate from a day leaves earlier
 *   days alone);
 * - hourly: rate × worked minutes / 60; percent: the employee's share of the price before tax (split
 *   evenly between the visit's cleaners, like tips) × the percent; each rounded to the nearest cent,
 *   halves up, per visit, and the totals are sums of those cents;
 * - travel (`buffer`): every visit after the employee's first of the same business day adds the travel
 *   buffer, paid at the hourly rate of that day; percent terms include travel (shown, paid 0).
 */
export function payFigures(input: PayFiguresInput): PayFigures {
  const ordered = [...input.visits].sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.appointmentId.localeCompare(b.appointmentId),
  );
  const daysSeen = new Set<string>();
  const visits = ordered.map((visit): PayVisit => {
    const date = toLocal(visit.startsAt, input.timeZone).date;
    const plannedMinutes = minutesBetween(visit.startsAt, visit.endsAt);
    const fromSteps =
      visit.arrivedAt !== null &&
      visit.completedAt !== null &&
      visit.completedAt.getTime() > visit.arrivedAt.getTime();
    const workedMinutes =
      fromSteps && visit.arrivedAt && visit.completedAt
        ? minutesBetween(visit.arrivedAt, visit.completedAt)
        : plannedMinutes;
    const travelMinutes = input.travelRule === 'buffer' && daysSeen.has(date) ? input.bufferMinutes : 0;
    daysSeen.add(date);
    const terms = termsOn(input.terms, date);
    let visitPayCents = 0;
    let travelPayCents = 0;
    if (terms?.kind === 'hourly' && terms.hourlyCents !== null) {
      visitPayCents = hourlyPay(terms.hourlyCents, workedMinutes);
      travelPayCents = hourlyPay(terms.hourlyCents, travelMinutes);
    } else if (terms?.kind === 'percent' && terms.percentBasisPoints !== null) {
      const share = splitEvenly(visit.priceCents, Math.max(1, visit.cleanerCount))[visit.cleanerIndex] ?? 0;
      visitPayCents = divideRoundingHalfUp(Math.max(0, share) * terms.percentBasisPoints, 10_000);
    }
    return {
      appointmentId: visit.appointmentId,
      date,
      startsAt: visit.startsAt.toISOString(),
      customerName: visit.customerName,
      plannedMinutes,
      workedMinutes,
      workedFrom: fromSteps ? 'steps' : 'planned',
      arrivedAt: fromSteps ? (visit.arrivedAt?.toISOString() ?? null) : null,
      completedAt: fromSteps ? (visit.completedAt?.toISOString() ?? null) : null,
      differenceMinutes: workedMinutes - plannedMinutes,
      travelMinutes,
      priceCents: visit.priceCents,
      rate: terms
        ? { kind: terms.kind, hourlyCents: terms.hourlyCents, percentBasisPoints: terms.percentBasisPoints }
        : null,
      visitPayCents,
      travelPayCents,
      payCents: visitPayCents + travelPayCents,
    };
  });
  const tips = [...input.tips]
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
    .map((tip): PayTip => ({
      appointmentId: tip.appointmentId,
      visitDate: toLocal(tip.visitStartsAt, input.timeZone).date,
      receivedAt: tip.receivedAt.toISOString(),
      cents: tip.cents,
    }));
  const sum = (pick: (visit: PayVisit) => number) => visits.reduce((total, visit) => total + pick(visit), 0);
  return {
    visits,
    tips,
    totals: {
      visits: visits.length,
      plannedMinutes: sum((v) => v.plannedMinutes),
      workedMinutes: sum((v) => v.workedMinutes),
      differenceMinutes: sum((v) => v.differenceMinutes),
      travelMinutes: sum((v) => v.travelMinutes),
      visitPayCents: sum((v) => v.visitPayCents),
      travelPayCents: sum((v) => v.travelPayCents),
      payCents: sum((v) => v.payCents),
      tipsCents: tips.reduce((total, tip) => total + tip.cents, 0),
      visitsFromPlan: visits.filter((v) => v.workedFrom === 'planned').length,
      visitsWithoutRate: visits.filter((v) => v.rate === null).length,
    },
  };
}
