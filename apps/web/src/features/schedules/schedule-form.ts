import {
  DEFAULT_SCHEDULE_STATUS,
  SCHEDULE_STATUSES,
  SHIFTS,
  type Availability,
  type Schedule,
  type ScheduleStatus,
  type Shift,
} from '@eclat/shared';

import { SHIFT_START_TIMES, toAssignedDate, toZonedDayAndTime } from './schedule-time';

/** What the assign and edit schedule forms hold; day and time are business-local. */
export type ScheduleFormValues = {
  day: string | null;
  time: string;
  shift: Shift | null;
  status: ScheduleStatus;
  comments: string;
};

export type ScheduleFormError = 'schedules.errors.required' | 'schedules.errors.date';

export type ScheduleFormResult =
  | {
      ok: true;
      input: { assignedDate: string; shift: Shift; status: ScheduleStatus; comments: string | null };
    }
  | { ok: false; error: ScheduleFormError };

export function isShift(value: unknown): value is Shift {
  return typeof value === 'string' && (SHIFTS as readonly string[]).includes(value);
}

export function isScheduleStatus(value: unknown): value is ScheduleStatus {
  return typeof value === 'string' && (SCHEDULE_STATUSES as readonly string[]).includes(value);
}

/**
 * The navigation state the spec gives `/assign-schedule/{availabilityId}` (employeeId, availabilityId,
 * availableDate, shift). Read when present and well formed, never required.
 */
export type AssignScheduleState = {
  employeeId: string;
  availabilityId: string;
  availableDate: string;
  shift: Shift;
};

export function readAssignScheduleState(state: unknown, availabilityId: string): AssignScheduleState | null {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as Record<string, unknown>;
  const { employeeId, availableDate, shift } = record;
  if (
    record.availabilityId !== availabilityId ||
    typeof employeeId !== 'string' ||
    typeof availableDate !== 'string' ||
    Number.isNaN(Date.parse(availableDate)) ||
    !isShift(shift)
  ) {
    return null;
  }
  return { employeeId, availabilityId, availableDate, shift };
}

/**
 * The assign form starts on the availability's day, at the suggested start of its shift, PENDING
 * (spec §4). The navigation state's date and shift win when it is about this availability.
 */
export function toAssignFormValues(
  availability: Availability,
  state: AssignScheduleState | null,
  timeZone: string,
): ScheduleFormValues {
  const shift = state?.shift ?? availability.shift;
  const day = state ? toZonedDayAndTime(state.availableDate, timeZone).day : availability.day;
  return { day, time: SHIFT_START_TIMES[shift], shift, status: DEFAULT_SCHEDULE_STATUS, comments: '' };
}

/** The edit form starts from the schedule as it is, its instant shown in the business time zone. */
export function toScheduleFormValues(schedule: Schedule, timeZone: string): ScheduleFormValues {
  const { day, time } = toZonedDayAndTime(schedule.assignedDate, timeZone);
  return {
    day,
    time,
    shift: schedule.shift,
    status: schedule.status,
    comments: schedule.comments ?? '',
  };
}

/**
 * Date, time and shift are required; the date and time become the UTC instant cut to minutes
 * (spec §5); shift and status are the upper-case values (MORNING, PENDING ...), comments trimmed (null when empty).
 */
export function validateScheduleForm(values: ScheduleFormValues, timeZone: string): ScheduleFormResult {
  const day = values.day?.trim().slice(0, 10) ?? '';
  const time = values.time.trim().slice(0, 5);
  if (!day || !time || !values.shift) return { ok: false, error: 'schedules.errors.required' };
  const assignedDate = toAssignedDate(day, time, timeZone);
  if (!assignedDate) return { ok: false, error: 'schedules.errors.date' };
  const comments = values.comments.trim();
  return {
    ok: true,
    input: {
      assignedDate,
      shift: values.shift,
      status: values.status,
      comments: comments || null,
    },
  };
}
