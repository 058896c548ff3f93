import { describe, expect, it } from 'vitest';
import { FIELD_TOLERANCE_MINUTES, fieldTiming, isBeforeVisitDay } from './visit-steps.ts';

const TZ = 'America/Toronto';

describe('a visit’s steps start on its business day (decision 063)', () => {
  it('the evening before is before, in summer time and in winter time', () => {
    // Saturday 9 a.m. (EDT, UTC−4): Friday 23:59 is before it; Saturday 00:00 is its day.
    const summer = new Date('2026-10-31T13:00:00Z');
    expect(isBeforeVisitDay(summer, new Date('2026-10-31T03:59:00Z'), TZ)).toBe(true);
    expect(isBeforeVisitDay(summer, new Date('2026-10-31T04:00:00Z'), TZ)).toBe(false);
    // Tuesday 9 a.m. (EST, UTC−5): Monday 23:59 is before it, though 04:00 UTC is already Tuesday in summer.
    const winter = new Date('2026-11-03T14:00:00Z');
    expect(isBeforeVisitDay(winter, new Date('2026-11-03T04:30:00Z'), TZ)).toBe(true);
    expect(isBeforeVisitDay(winter, new Date('2026-11-03T05:00:00Z'), TZ)).toBe(false);
  });

  it('across the change itself: the day the clocks fall back and the day they spring forward', () => {
    // Sunday 1 November 2026, clocks back at 02:00: 00:30 EDT is that day already.
    const fallBack = new Date('2026-11-01T15:00:00Z');
    expect(isBeforeVisitDay(fallBack, new Date('2026-11-01T03:59:00Z'), TZ)).toBe(true);
    expect(isBeforeVisitDay(fallBack, new Date('2026-11-01T04:30:00Z'), TZ)).toBe(false);
    // Sunday 14 March 2027, clocks forward at 02:00: Saturday 23:30 EST is before it.
    const springForward = new Date('2027-03-14T13:00:00Z');
    expect(isBeforeVisitDay(springForward, new Date('2027-03-14T04:30:00Z'), TZ)).toBe(true);
    expect(isBeforeVisitDay(springForward, new Date('2027-03-14T05:00:00Z'), TZ)).toBe(false);
  });

  it('on the day and after it, a step is not early (a late step from a phone without signal)', () => {
    const start = new Date('2026-11-03T14:00:00Z');
    expect(isBeforeVisitDay(start, new Date('2026-11-03T22:00:00Z'), TZ)).toBe(false);
    expect(isBeforeVisitDay(start, new Date('2026-11-05T12:00:00Z'), TZ)).toBe(false);
  });
});

describe('arriving late and leaving early (decision 063)', () => {
  const visit = { startsAt: '2026-11-03T14:00:00.000Z', endsAt: '2026-11-03T16:00:00.000Z' };
  const at = (minutes: number, from: string) => new Date(Date.parse(from) + minutes * 60_000).toISOString();

  it('beyond the tolerance, in whole minutes', () => {
    expect(
      fieldTiming({ ...visit, arrivedAt: at(12, visit.startsAt), completedAt: at(-20, visit.endsAt) }),
    ).toEqual({ lateMinutes: 12, earlyMinutes: 20 });
  });

  it('within the tolerance, early, late in leaving or not recorded: nothing', () => {
    const edge = FIELD_TOLERANCE_MINUTES;
    expect(
      fieldTiming({ ...visit, arrivedAt: at(edge, visit.startsAt), completedAt: at(-edge, visit.endsAt) }),
    ).toEqual({ lateMinutes: null, earlyMinutes: null });
    expect(
      fieldTiming({ ...visit, arrivedAt: at(-30, visit.startsAt), completedAt: at(45, visit.endsAt) }),
    ).toEqual({ lateMinutes: null, earlyMinutes: null });
    expect(fieldTiming({ ...visit, arrivedAt: null, completedAt: null })).toEqual({
      lateMinutes: null,
      earlyMinutes: null,
    });
  });
});
