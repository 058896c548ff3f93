import { fromLocal, toLocal } from '../../lib/time-zone.ts';
import { addDays, minutesOfClock, type Shift, type ShiftHours } from '@eclat/shared';

/**
 * Who can do a visit (decision 019), without a database: the team's shifts, jobs and the unassigned
 * visits of a stretch of time are loaded once (`team.repository.ts`), then every start time of a day,
 * or a month, is answered from memory.
 */

/** A stretch of time [start, end), in epoch milliseconds. */
export type Span = { start: number; end: number };

export type TeamJob = Span & { appointmentId: string };

export type TeamMember = {
  employeeId: string;
  firstName: string;
  lastName: string;
  /** The hours worked, from the availabilities, merged (adjacent shifts make one stretch). */
  working: Span[];
  /** Jobs on visits that are not cancelled, earliest first. */
  jobs: TeamJob[];
};

export type Team = {
  members: TeamMember[];
  /** Pending or confirmed visits with nobody on them: each holds one cleaner's place. */
  unassigned: TeamJob[];
};

/** The instants a shift of a business-local day covers, with the admin's hours (24:00 is next midnight). */
export function shiftSpan(date: string, shift: Shift, hours: ShiftHours, timeZone: string): Span {
  const at = (time: string) => {
    const minutes = minutesOfClock(time);
    const day = minutes >= 24 * 60 ? addDays(date, 1) : date;
    const rest = minutes % (24 * 60);
    return fromLocal(day, Math.floor(rest / 60), rest % 60, timeZone).getTime();
  };
  return { start: at(hours[shift].start), end: at(hours[shift].end) };
}

/**
 * `shiftSpan` for availabilities (stored at their day's local midnight), remembered per day and shift:
 * a month of a team has many rows but few distinct days, and each conversion asks Intl.
 */
export function shiftSpansOf(hours: ShiftHours, timeZone: string) {
  const known = new Map<string, { date: string; span: Span }>();
  return (availableDate: Date, shift: Shift) => {
    const key = `${availableDate.getTime()}:${shift}`;
    let found = known.get(key);
    if (!found) {
      const date = toLocal(availableDate, timeZone).date;
      found = { date, span: shiftSpan(date, shift, hours, timeZone) };
      known.set(key, found);
    }
    return found;
  };
}

/** Overlapping or touching spans joined, earliest first. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Does the member work the whole visit (one stretch of their shifts holds it)? */
export function works(member: TeamMember, visit: Span): boolean {
  return member.working.some((span) => span.start <= visit.start && visit.end <= span.end);
}

/**
 * Is the member without a job overlapping the visit, counting the travel buffer on both sides (a job
 * ending at 11:00 leaves them free from 11:30 with a 30-minute buffer)? `exceptAppointmentId` is the
 * visit itself when it is being moved.
 */
export function isFree(
  member: TeamMember,
  visit: Span,
  bufferMs: number,
  exceptAppointmentId?: string,
): boolean {
  const padded = { start: visit.start - bufferMs, end: visit.end + bufferMs };
  return !member.jobs.some((job) => job.appointmentId !== exceptAppointmentId && overlaps(job, padded));
}

export type Availability =
  { reason: null; free: TeamMember[] } | { reason: 'closed' | 'noCleaner'; free: TeamMember[] };

/**
 * Who could take a visit: the members who work all of it and are free around it. Unassigned visits
 * overlapping it each hold one of those places (`closed`: nobody works then; `noCleaner`: people work,
 * but no one is left free).
 */
export function whoCanTake(
  team: Team,
  visit: Span,
  bufferMs: number,
  exceptAppointmentId?: string,
): Availability {
  const working = team.members.filter((member) => works(member, visit));
  if (working.length === 0) return { reason: 'closed', free: [] };
  const free = working.filter((member) => isFree(member, visit, bufferMs, exceptAppointmentId));
  const held = team.unassigned.filter(
    (job) => job.appointmentId !== exceptAppointmentId && overlaps(job, visit),
  ).length;
  return free.length > held ? { reason: null, free } : { reason: 'noCleaner', free };
}

/**
 * The cleaner a booking gets, among those free: the least booked that week, then the one the customer
 * had last time (a cleaning customer's most common wish), then by name (a stable answer).
 */
export function pickCleaner(
  free: readonly TeamMember[],
  facts: { jobsThisWeek: ReadonlyMap<string, number>; lastCleanerId: string | undefined },
): TeamMember[] {
  const rank = (member: TeamMember) => [
    facts.jobsThisWeek.get(member.employeeId) ?? 0,
    member.employeeId === facts.lastCleanerId ? 0 : 1,
  ];
  return [...free].sort((a, b) => {
    const [aJobs = 0, aLast = 0] = rank(a);
    const [bJobs = 0, bLast = 0] = rank(b);
    return (
      aJobs - bJobs ||
      aLast - bLast ||
      a.lastName.localeCompare(b.lastName) ||
      a.firstName.localeCompare(b.firstName) ||
      a.employeeId.localeCompare(b.employeeId)
    );
  });
}
