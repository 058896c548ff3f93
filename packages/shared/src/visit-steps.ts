import { toLocal, todayIn } from './time-zone.ts';

/**
 * A visit's steps in the field (issue 30, decision 062): planned → on the way → arrived → completed, or it
 * ends at the door ("could not get in", "customer cancelled at the door"). The one home of their order:
 * the server refuses a step that is not after the current one (only the office corrects), and My Day
 * offers the buttons `nextSteps` gives.
 */
export const VISIT_STEPS = [
  'planned',
  'onTheWay',
  'arrived',
  'completed',
  'noAccess',
  'cancelledAtDoor',
] as const;
export type VisitStep = (typeof VISIT_STEPS)[number];

/** The steps that end a visit in the field: nothing comes after them but the office's correction. */
export const END_STEPS: readonly VisitStep[] = ['completed', 'noAccess', 'cancelledAtDoor'];

/** The steps that need a reason: the visit ended at the door. */
export const STEPS_WITH_REASON: readonly VisitStep[] = ['noAccess', 'cancelledAtDoor'];

const RANK: Record<VisitStep, number> = {
  planned: 0,
  onTheWay: 1,
  arrived: 2,
  completed: 3,
  noAccess: 3,
  cancelledAtDoor: 3,
};

export const isEndStep = (step: VisitStep) => END_STEPS.includes(step);

/** Whether `to` comes after `from`: a step may be skipped (arrived without "on my way"), never repeated. */
export function isForwardStep(from: VisitStep, to: VisitStep): boolean {
  return RANK[to] > RANK[from];
}

/** The steps a cleaner may record next, in the order My Day shows them (the main one first). */
export function nextSteps(current: VisitStep): VisitStep[] {
  if (current === 'planned') return ['onTheWay', 'noAccess'];
  if (current === 'onTheWay') return ['arrived', 'noAccess'];
  if (current === 'arrived') return ['completed', 'noAccess', 'cancelledAtDoor'];
  return [];
}

/** Minutes told to the customer with "on my way" when the cleaner says nothing: the travel buffer, else 20. */
export const DEFAULT_ETA_MINUTES = 20;
export const MAX_ETA_MINUTES = 240;
export const defaultEtaMinutes = (bufferMinutes: number) =>
  bufferMinutes > 0 ? Math.min(bufferMinutes, MAX_ETA_MINUTES) : DEFAULT_ETA_MINUTES;

/** Where a visit is in the field, from the copy of its last step kept on it: none while planned. */
export function stepSummaryOf(row: {
  step: VisitStep;
  stepAt: Date | null;
  stepByFirstName: string | null;
  stepEtaMinutes: number | null;
}): { step: VisitStep; at: string; byFirstName: string | null; etaMinutes: number | null } | null {
  if (row.step === 'planned' || !row.stepAt) return null;
  return {
    step: row.step,
    at: row.stepAt.toISOString(),
    byFirstName: row.stepByFirstName,
    etaMinutes: row.stepEtaMinutes,
  };
}

/**
 * A visit's steps start on its business day (decision 063): before it, a step is refused (STEP_TOO_EARLY),
 * so that "Done" pressed on tomorrow's visit cannot capture the customer's card. Days in the business time
 * zone, so the evening before is "before" in summer and in winter alike. After the day, a late step is
 * accepted (the phone without signal sends it later). The office's correction is not held to it.
 */
export function isBeforeVisitDay(startsAt: Date, now: Date, timeZone: string): boolean {
  return todayIn(timeZone, now) < toLocal(startsAt, timeZone).date;
}

/**
 * The minutes a visit may start late or end early before the dispatch board marks it (decision 063): a
 * few minutes either way are the traffic light and the parking spot, not a late arrival.
 */
export const FIELD_TOLERANCE_MINUTES = 10;

const MINUTE_MS = 60_000;

/**
 * Arriving late and leaving early, from the times the cleaner recorded against the planned ones, in
 * whole minutes; null when within the tolerance, or not recorded (decision 063).
 */
export function fieldTiming(visit: {
  startsAt: string;
  endsAt: string;
  arrivedAt: string | null;
  completedAt: string | null;
}): { lateMinutes: number | null; earlyMinutes: number | null } {
  const beyond = (later: string | null, earlier: string | null) => {
    if (later === null || earlier === null) return null;
    const minutes = Math.floor((Date.parse(later) - Date.parse(earlier)) / MINUTE_MS);
    return minutes > FIELD_TOLERANCE_MINUTES ? minutes : null;
  };
  return {
    lateMinutes: beyond(visit.arrivedAt, visit.startsAt),
    earlyMinutes: beyond(visit.endsAt, visit.completedAt),
  };
}
