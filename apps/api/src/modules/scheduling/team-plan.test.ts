import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIFT_HOURS } from '@eclat/shared';
import { fromLocal } from '../../lib/time-zone.ts';
import { mergeSpans, pickCleaner, shiftSpan, whoCanTake, type Team, type TeamMember } from './team-plan.ts';

const TZ = 'America/Toronto';
const HOUR = 3_600_000;
const at = (date: string, hour: number, minute = 0) => fromLocal(date, hour, minute, TZ).getTime();

function member(id: string, working: [number, number][], jobs: [number, number][] = []): TeamMember {
  return {
    employeeId: id,
    firstName: id,
    lastName: id,
    working: working.map(([start, end]) => ({ start, end })),
    jobs: jobs.map(([start, end], index) => ({ appointmentId: `${id}-${index}`, start, end })),
  };
}

describe('shift hours', () => {
  it('are the business hours of that local day, also on the days the clocks change', () => {
    for (const date of ['2027-03-14', '2027-11-07', '2027-06-01']) {
      const morning = shiftSpan(date, 'MORNING', DEFAULT_SHIFT_HOURS, TZ);
      expect(morning).toEqual({ start: at(date, 9), end: at(date, 13) });
      expect(morning.end - morning.start).toBe(4 * HOUR);
    }
    // 24:00 is the next day's midnight.
    const late = shiftSpan(
      '2027-03-13',
      'NIGHT',
      { ...DEFAULT_SHIFT_HOURS, NIGHT: { start: '17:00', end: '24:00' } },
      TZ,
    );
    expect(late.end).toBe(at('2027-03-14', 0));
  });

  it('join when adjacent: a morning and an evening make one stretch', () => {
    expect(
      mergeSpans([
        { start: 13, end: 17 },
        { start: 9, end: 13 },
        { start: 19, end: 21 },
      ]),
    ).toEqual([
      { start: 9, end: 17 },
      { start: 19, end: 21 },
    ]);
  });
});

describe('who can take a visit', () => {
  const date = '2027-05-12';
  const morning: [number, number] = [at(date, 9), at(date, 13)];
  const evening: [number, number] = [at(date, 13), at(date, 17)];
  const visit = (hour: number, hours = 1) => ({ start: at(date, hour), end: at(date, hour + hours) });
  const buffer = 30 * 60_000;

  it('needs someone whose shifts hold the whole visit', () => {
    const team: Team = { members: [member('a', [morning])], unassigned: [] };
    expect(whoCanTake(team, visit(9), buffer).reason).toBeNull();
    expect(whoCanTake(team, visit(12, 2), buffer).reason).toBe('closed');
    const both: Team = { members: [member('a', [morning, evening])], unassigned: [] };
    expect(
      whoCanTake(
        { ...both, members: both.members.map((m) => ({ ...m, working: mergeSpans(m.working) })) },
        visit(12, 2),
        buffer,
      ).reason,
    ).toBeNull();
  });

  it('keeps the travel buffer around every job', () => {
    const team: Team = { members: [member('a', [morning], [[at(date, 9), at(date, 10)]])], unassigned: [] };
    expect(whoCanTake(team, visit(10), buffer).reason).toBe('noCleaner');
    expect(whoCanTake(team, visit(11), buffer).reason).toBeNull();
    expect(whoCanTake(team, visit(10), 0).reason).toBeNull();
    // The visit itself, when it is being moved, does not count against it.
    expect(whoCanTake(team, visit(9), buffer, 'a-0').reason).toBeNull();
  });

  it('counts an unassigned visit as holding one free place', () => {
    const unassigned = [{ appointmentId: 'u', start: at(date, 10), end: at(date, 11) }];
    const one: Team = { members: [member('a', [morning])], unassigned };
    expect(whoCanTake(one, visit(10), buffer).reason).toBe('noCleaner');
    const two: Team = { members: [member('a', [morning]), member('b', [morning])], unassigned };
    expect(whoCanTake(two, visit(10), buffer).reason).toBeNull();
  });
});

describe('picking the cleaner', () => {
  const ana = member('ana', []);
  const ben = member('ben', []);
  const cy = member('cy', []);

  it('gives the visit to the least booked that week, then to the customer’s last cleaner, then by name', () => {
    const jobs = new Map([
      ['ana', 3],
      ['ben', 1],
      ['cy', 1],
    ]);
    expect(
      pickCleaner([ana, ben, cy], { jobsThisWeek: jobs, lastCleanerId: undefined }).map((m) => m.employeeId),
    ).toEqual(['ben', 'cy', 'ana']);
    expect(pickCleaner([ana, ben, cy], { jobsThisWeek: jobs, lastCleanerId: 'cy' })[0]?.employeeId).toBe(
      'cy',
    );
    expect(
      pickCleaner([ana, ben, cy], { jobsThisWeek: new Map(), lastCleanerId: 'ana' })[0]?.employeeId,
    ).toBe('ana');
  });
});
