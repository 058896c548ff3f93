import { describe, expect, it } from 'vitest';
import { payPeriodOf } from '@eclat/shared';
import { divideRoundingHalfUp, payFigures, termsOn, type PayTerms, type WorkedVisit } from './pay-figures.ts';
import { periodBounds } from './pay-period.ts';

/**
 * Hand-computed figures (decision 066): the week of Monday 26 October to Sunday 1 November 2026 in
 * Toronto, whose Sunday has the end of daylight saving time (02:00 EDT becomes 01:00 EST), with a raise
 * from Thursday 29 October. Every expected number below was worked out by hand, not by the code.
 */
const TZ = 'America/Toronto';
const at = (iso: string) => new Date(iso);

const TERMS: PayTerms[] = [
  // Out of order on purpose: the terms of a day are the latest from that day or before.
  { effectiveFrom: '2026-10-29', kind: 'hourly', hourlyCents: 2550, percentBasisPoints: null },
  { effectiveFrom: '2026-01-01', kind: 'hourly', hourlyCents: 2000, percentBasisPoints: null },
];

const visit = (
  appointmentId: string,
  startsAt: string,
  endsAt: string,
  steps: { arrivedAt: string; completedAt: string } | null,
): WorkedVisit => ({
  appointmentId,
  startsAt: at(startsAt),
  endsAt: at(endsAt),
  customerName: 'Ada Lovelace',
  priceCents: 12_000,
  cleanerIndex: 0,
  cleanerCount: 1,
  arrivedAt: steps ? at(steps.arrivedAt) : null,
  completedAt: steps ? at(steps.completedAt) : null,
});

const ids = {
  tuesdayMorning: '00000000-0000-4000-8000-000000000001',
  tuesdayAfternoon: '00000000-0000-4000-8000-000000000002',
  thursday: '00000000-0000-4000-8000-000000000003',
  dstNight: '00000000-0000-4000-8000-000000000004',
  sundayLate: '00000000-0000-4000-8000-000000000005',
};

const VISITS: WorkedVisit[] = [
  // Tue 27 Oct 09:00-12:00 EDT (planned 180 min); arrived 09:10, completed 12:25: 195 min at $20.00
  // = 2000 × 195 / 60 = 6500 cents; 15 min over the plan.
  visit(ids.tuesdayMorning, '2026-10-27T13:00:00Z', '2026-10-27T16:00:00Z', {
    arrivedAt: '2026-10-27T13:10:00Z',
    completedAt: '2026-10-27T16:25:00Z',
  }),
  // Tue 27 Oct 13:00-15:00 EDT, no steps: the plan's 120 min at $20.00 = 4000; the day's second visit:
  // 30 min of travel at $20.00 = 1000.
  visit(ids.tuesdayAfternoon, '2026-10-27T17:00:00Z', '2026-10-27T19:00:00Z', null),
  // Thu 29 Oct 10:00-12:00 EDT, the raise's first day; arrived 10:00, completed 11:47: 107 min at $25.50
  // = 2550 × 107 / 60 = 4547.5, rounded half up to 4548; 13 min under the plan.
  visit(ids.thursday, '2026-10-29T14:00:00Z', '2026-10-29T16:00:00Z', {
    arrivedAt: '2026-10-29T14:00:00Z',
    completedAt: '2026-10-29T15:47:00Z',
  }),
  // Sun 1 Nov, the night the clocks go back: 01:00 EDT (05:00Z) to 02:00 EST (07:00Z) is 120 real
  // minutes. Arrived 01:05 EDT (05:05Z), completed 01:50 EST (06:50Z): the wall clock says 45 min, the
  // real time is 105 min: 2550 × 105 / 60 = 4462.5, rounded half up to 4463; 15 min under the plan.
  visit(ids.dstNight, '2026-11-01T05:00:00Z', '2026-11-01T07:00:00Z', {
    arrivedAt: '2026-11-01T05:05:00Z',
    completedAt: '2026-11-01T06:50:00Z',
  }),
  // Sun 1 Nov 23:30 EST (04:30Z on 2 Nov) to 00:30: still Sunday on the business clock, the day's
  // second visit. No steps: 60 min at $25.50 = 2550, and 30 min of travel = 1275.
  visit(ids.sundayLate, '2026-11-02T04:30:00Z', '2026-11-02T05:30:00Z', null),
];

describe('payFigures', () => {
  const figures = payFigures({
    timeZone: TZ,
    travelRule: 'buffer',
    bufferMinutes: 30,
    terms: TERMS,
    // Any order: the function sorts by start.
    visits: [...VISITS].reverse(),
    tips: [
      {
        appointmentId: ids.thursday,
        visitStartsAt: at('2026-10-29T14:00:00Z'),
        receivedAt: at('2026-10-30T15:00:00Z'),
        cents: 501,
      },
    ],
  });
  const byId = new Map(figures.visits.map((line) => [line.appointmentId, line]));

  it('counts each visit from arrived to completed in real elapsed minutes, across the change of time', () => {
    expect(byId.get(ids.tuesdayMorning)).toMatchObject({
      date: '2026-10-27',
      plannedMinutes: 180,
      workedMinutes: 195,
      workedFrom: 'steps',
      differenceMinutes: 15,
      visitPayCents: 6500,
      travelMinutes: 0,
      travelPayCents: 0,
      payCents: 6500,
    });
    expect(byId.get(ids.dstNight)).toMatchObject({
      date: '2026-11-01',
      plannedMinutes: 120,
      workedMinutes: 105,
      differenceMinutes: -15,
      arrivedAt: '2026-11-01T05:05:00.000Z',
      completedAt: '2026-11-01T06:50:00.000Z',
      visitPayCents: 4463,
      payCents: 4463,
    });
  });

  it('pays each day at the rate in effect that day: the old rate before the raise, the new one from it', () => {
    expect(byId.get(ids.tuesdayMorning)?.rate).toEqual({
      kind: 'hourly',
      hourlyCents: 2000,
      percentBasisPoints: null,
    });
    expect(byId.get(ids.thursday)).toMatchObject({
      rate: { kind: 'hourly', hourlyCents: 2550, percentBasisPoints: null },
      workedMinutes: 107,
      differenceMinutes: -13,
      visitPayCents: 4548,
    });
  });

  it('falls back to the plan for a visit without steps, marked as such, and adds travel between visits', () => {
    expect(byId.get(ids.tuesdayAfternoon)).toMatchObject({
      workedFrom: 'planned',
      arrivedAt: null,
      completedAt: null,
      workedMinutes: 120,
      differenceMinutes: 0,
      visitPayCents: 4000,
      travelMinutes: 30,
      travelPayCents: 1000,
      payCents: 5000,
    });
    // 23:30 EST on Sunday is Sunday's second visit, not Monday's first.
    expect(byId.get(ids.sundayLate)).toMatchObject({
      date: '2026-11-01',
      workedFrom: 'planned',
      visitPayCents: 2550,
      travelMinutes: 30,
      travelPayCents: 1275,
      payCents: 3825,
    });
  });

  it('sums the period from the rounded lines', () => {
    expect(figures.visits.map((line) => line.appointmentId)).toEqual([
      ids.tuesdayMorning,
      ids.tuesdayAfternoon,
      ids.thursday,
      ids.dstNight,
      ids.sundayLate,
    ]);
    expect(figures.totals).toEqual({
      visits: 5,
      plannedMinutes: 180 + 120 + 120 + 120 + 60,
      workedMinutes: 195 + 120 + 107 + 105 + 60,
      differenceMinutes: -13,
      travelMinutes: 60,
      visitPayCents: 6500 + 4000 + 4548 + 4463 + 2550,
      travelPayCents: 2275,
      payCents: 24_336,
      tipsCents: 501,
      visitsFromPlan: 2,
      visitsWithoutRate: 0,
    });
    expect(figures.tips).toEqual([
      {
        appointmentId: ids.thursday,
        visitDate: '2026-10-29',
        receivedAt: '2026-10-30T15:00:00.000Z',
        cents: 501,
      },
    ]);
  });

  it('pays a percent of the price before tax, shared between the cleaners like a tip; travel is in the percent', () => {
    const percent = (cleanerIndex: number) =>
      payFigures({
        timeZone: TZ,
        travelRule: 'buffer',
        bufferMinutes: 30,
        terms: [
          { effectiveFrom: '2026-01-01', kind: 'percent', hourlyCents: null, percentBasisPoints: 4500 },
        ],
        visits: [VISITS[0], VISITS[1]].flatMap((line) =>
          line ? [{ ...line, priceCents: 15_001, cleanerIndex, cleanerCount: 2 }] : [],
        ),
        tips: [],
      });
    // 15001 split in two: 7501 and 7500. 45 % of 7501 = 3375.45 → 3375; of 7500 = 3375.
    expect(percent(0).visits.map((line) => line.visitPayCents)).toEqual([3375, 3375]);
    expect(percent(1).visits.map((line) => line.visitPayCents)).toEqual([3375, 3375]);
    expect(percent(0).visits[1]).toMatchObject({ travelMinutes: 30, travelPayCents: 0 });
  });

  it('pays nothing on a day before the first terms, and counts no travel with the rule "none"', () => {
    const figures = payFigures({
      timeZone: TZ,
      travelRule: 'none',
      bufferMinutes: 30,
      terms: [{ effectiveFrom: '2026-10-28', kind: 'hourly', hourlyCents: 2000, percentBasisPoints: null }],
      visits: VISITS.slice(0, 3),
      tips: [],
    });
    expect(figures.visits.map((line) => [line.rate?.hourlyCents ?? null, line.payCents])).toEqual([
      [null, 0],
      [null, 0],
      [2000, 3567], // 2000 × 107 / 60 = 3566.67 → 3567
    ]);
    expect(figures.totals).toMatchObject({ travelMinutes: 0, visitsWithoutRate: 2, payCents: 3567 });
  });
});

describe('the rounding rule and the terms of a day', () => {
  it('rounds to the nearest cent, halves up', () => {
    expect(divideRoundingHalfUp(272_850, 60)).toBe(4548); // 4547.5
    expect(divideRoundingHalfUp(272_820, 60)).toBe(4547); // 4547.0
    expect(divideRoundingHalfUp(272_829, 60)).toBe(4547); // 4547.15
    expect(divideRoundingHalfUp(0, 60)).toBe(0);
  });

  it('takes the latest terms on or before the day', () => {
    expect(termsOn(TERMS, '2025-12-31')).toBeNull();
    expect(termsOn(TERMS, '2026-10-28')?.hourlyCents).toBe(2000);
    expect(termsOn(TERMS, '2026-10-29')?.hourlyCents).toBe(2550);
  });
});

describe('the pay period', () => {
  it('follows periods from the anchor, before it as after it', () => {
    expect(payPeriodOf('2026-11-01', '2026-01-05', 7)).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    expect(payPeriodOf('2026-10-26', '2026-01-05', 7)).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    expect(payPeriodOf('2026-11-01', '2026-01-05', 14)).toEqual({ from: '2026-10-26', to: '2026-11-08' });
    expect(payPeriodOf('2026-11-09', '2026-01-05', 14)).toEqual({ from: '2026-11-09', to: '2026-11-22' });
    expect(payPeriodOf('2025-12-31', '2026-01-05', 14)).toEqual({ from: '2025-12-22', to: '2026-01-04' });
  });

  it('is whole business days: the week of the change of time lasts 169 hours', () => {
    const bounds = periodBounds({ from: '2026-10-26', to: '2026-11-01' }, TZ);
    expect(bounds.start.toISOString()).toBe('2026-10-26T04:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect((bounds.end.getTime() - bounds.start.getTime()) / 3_600_000).toBe(169);
  });
});
