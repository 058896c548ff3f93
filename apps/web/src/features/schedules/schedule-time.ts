import { fromLocal, toLocal, type Shift } from '@eclat/shared';

/**
 * Dates and times of assigned shifts. People pick a day and a time as the company lives them (the
 * business time zone, whatever the browser's); the API receives the instant, as an ISO string cut to
 * minutes in UTC (spec §5: `toISOString().slice(0, 16)`).
 */

/** A suggested start for each shift when a schedule is assigned from an availability. */
export const SHIFT_START_TIMES: Record<Shift, string> = {
  MORNING: '08:00',
  EVENING: '16:00',
  NIGHT: '22:00',
};

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDay(value: string): boolean {
  return DAY_PATTERN.test(value);
}

export function isTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/**
 * The instant when the wall clock of `timeZone` shows `day` (YYYY-MM-DD) at `time` (HH:mm). A time
 * that a daylight-saving change skips (02:30 on a spring-forward night) moves forward by the gap
 * (03:30); a time it repeats is its first occurrence. Null when unreadable.
 */
export function zonedDateTimeToInstant(day: string, time: string, timeZone: string): Date | null {
  const timeMatch = TIME_PATTERN.exec(time);
  if (!DAY_PATTERN.test(day) || !timeMatch) return null;
  return fromLocal(day, Number(timeMatch[1]), Number(timeMatch[2]), timeZone);
}

/** `assignedDate` as `POST`/`PUT /schedules` take it: the UTC instant cut to minutes. */
export function toAssignedDate(day: string, time: string, timeZone: string): string | null {
  const instant = zonedDateTimeToInstant(day, time, timeZone);
  return instant ? instant.toISOString().slice(0, 16) : null;
}

/** The day (YYYY-MM-DD) and time (HH:mm) an instant shows in a time zone. */
export function toZonedDayAndTime(value: string | Date, timeZone: string): { day: string; time: string } {
  const local = toLocal(typeof value === 'string' ? new Date(value) : value, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: local.date, time: `${pad(local.hour)}:${pad(local.minute)}` };
}
