import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@eclat/shared';
import { loadConfig } from '../../config.ts';
import { whoCanTake, type Team } from '../scheduling/team-plan.ts';
import { bookingRulesOf, timeChange } from './booking.service.ts';
import { noticesFor, type VisitState } from './visit-notices.ts';

/**
 * The decisions the visit writes share (decision 042), without a database: which notices a change sends,
 * whether a time is new, and the travel buffer's one conversion.
 */

const at = (hour: number) => new Date(Date.UTC(2031, 4, 6, hour));

function visit(status: AppointmentStatus, hour: number, employeeIds: string[] = [], hours = 2): VisitState {
  return { status, startsAt: at(hour), endsAt: at(hour + hours), employeeIds };
}

/** The notices as `kind → who` (customer first, then the employees), for short expectations. */
const said = (before: VisitState, after: VisitState, by: 'customer' | 'business') =>
  noticesFor(before, after, by).map(({ change, customer, employeeIds }) => [
    change.kind,
    [...(customer ? ['customer'] : []), ...employeeIds],
  ]);

describe('noticesFor', () => {
  it('tells the customer and the team of a cancellation of an active visit, saying who cancelled', () => {
    const before = visit('confirmed', 10, ['ana', 'bo']);
    expect(said(before, { ...before, status: 'cancelled' }, 'customer')).toEqual([
      ['cancelled', ['customer', 'ana', 'bo']],
    ]);
    const [notice] = noticesFor(before, { ...before, status: 'cancelled' }, 'business');
    expect(notice?.change).toEqual({ kind: 'cancelled', cancelledBy: 'business' });
    // Cancelling what was not active (cancelled, completed) says nothing.
    const done = visit('completed', 10, ['ana']);
    expect(said(done, { ...done, status: 'cancelled' }, 'business')).toEqual([]);
  });

  it('tells of a move: the customer and who stays hear "moved", who joins "assigned", who leaves "unassigned"', () => {
    const notices = noticesFor(
      visit('pending', 10, ['ana', 'bo']),
      visit('pending', 13, ['bo', 'cy']),
      'customer',
    );
    expect(notices.map(({ change }) => change)).toEqual([
      { kind: 'moved', previousStartsAt: at(10) },
      { kind: 'assigned' },
      { kind: 'unassigned' },
    ]);
    expect(notices.map(({ customer, employeeIds }) => [customer, employeeIds])).toEqual([
      [true, ['bo']],
      [false, ['cy']],
      [false, ['ana']],
    ]);
    // The same team: one notice, nobody told twice.
    expect(said(visit('confirmed', 10, ['ana']), visit('confirmed', 11, ['ana']), 'business')).toEqual([
      ['moved', ['customer', 'ana']],
    ]);
  });

  it('tells the customer of a confirmation, and a move speaks louder than a confirmation', () => {
    expect(said(visit('pending', 10, ['ana']), visit('confirmed', 10, ['ana']), 'business')).toEqual([
      ['confirmed', ['customer']],
    ]);
    expect(said(visit('pending', 10), visit('confirmed', 12), 'business')).toEqual([['moved', ['customer']]]);
  });

  it('says nothing when a visit that was not active is active again, moved or not', () => {
    expect(said(visit('cancelled', 10, ['ana']), visit('confirmed', 12, ['ana']), 'business')).toEqual([]);
    expect(said(visit('completed', 10), visit('pending', 10), 'business')).toEqual([]);
  });

  it('tells who joins and who leaves when the office changes only the team of an active visit', () => {
    expect(said(visit('confirmed', 10, ['ana']), visit('confirmed', 10, ['bo']), 'business')).toEqual([
      ['assigned', ['bo']],
      ['unassigned', ['ana']],
    ]);
    // Not of a visit that is not active, and nothing when the team stays.
    expect(said(visit('completed', 10, ['ana']), visit('completed', 10, ['bo']), 'business')).toEqual([]);
    expect(said(visit('pending', 10, ['ana']), visit('pending', 10, ['ana']), 'business')).toEqual([]);
  });

  it("sends nothing for a customer's change at the same start (comments, services, a new length)", () => {
    expect(said(visit('confirmed', 10, ['ana']), visit('pending', 10, ['ana']), 'customer')).toEqual([]);
    expect(said(visit('pending', 10, ['ana'], 2), visit('pending', 10, ['bo'], 3), 'customer')).toEqual([]);
  });
});

describe('timeChange (is this a new time)', () => {
  const current = { appointmentDate: at(10).toISOString(), endsAt: at(12) };

  it('is a new start when the start differs, whatever the end', () => {
    expect(timeChange(current, { start: at(11), end: at(13) })).toEqual({
      isNewStart: true,
      holdsSpan: false,
    });
  });

  it('holds its span only with the same start and the same end (stored as a string or a date)', () => {
    expect(timeChange(current, { start: at(10), end: at(12) })).toEqual({
      isNewStart: false,
      holdsSpan: true,
    });
    expect(timeChange(current, { start: at(10), end: at(13) })).toEqual({
      isNewStart: false,
      holdsSpan: false,
    });
  });

  it('is always new for a visit that has no time yet (a booking)', () => {
    expect(timeChange(undefined, { start: at(10), end: at(12) })).toEqual({
      isNewStart: true,
      holdsSpan: false,
    });
  });
});

describe('the travel buffer', () => {
  it('is BUFFER_MINUTES in milliseconds in the booking rules, the value every check is given', () => {
    const rules = bookingRulesOf(loadConfig({ BUFFER_MINUTES: '45' }, '/srv/eclat'));
    expect(rules.bufferMs).toBe(45 * 60_000);
    expect(bookingRulesOf(loadConfig({}, '/srv/eclat')).bufferMs).toBe(30 * 60_000);
  });

  it('keeps a cleaner whose job ends 45 minutes before free only from the rules of a 45-minute buffer', () => {
    const hour = 3_600_000;
    const job = { appointmentId: 'earlier', start: 8 * hour, end: 9 * hour };
    const team: Team = {
      members: [
        {
          employeeId: 'ana',
          firstName: 'Ana',
          lastName: 'A',
          working: [{ start: 0, end: 24 * hour }],
          jobs: [job],
        },
      ],
      unassigned: [],
    };
    const visitAt = { start: 9 * hour + 45 * 60_000, end: 11 * hour };
    const rulesOf = (minutes: string) =>
      bookingRulesOf(loadConfig({ BUFFER_MINUTES: minutes }, '/srv/eclat'));
    expect(whoCanTake(team, visitAt, rulesOf('45').bufferMs).reason).toBeNull();
    expect(whoCanTake(team, visitAt, rulesOf('46').bufferMs).reason).toBe('noCleaner');
  });
});
