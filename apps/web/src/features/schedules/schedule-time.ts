import type { Shift } from '@eclat/shared';

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

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a time zone. */
function zonedParts(instant: Date, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: (fields.hour ?? 0) % 24,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** How far the time zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant when the wall clock of `timeZone` shows `day` (YYYY-MM-DD) at `time` (HH:mm). A time
 * that a daylight-saving change skips (02:30 on a spring-forward night) moves forward by the gap
 * (03:30); a time it repeats is its first occurrence. Null when unreadable.
 */
export function zonedDateTimeToInstant(day: string, time: string, timeZone: string): Date | null {
  const dayMatch = DAY_PATTERN.exec(day);
  const timeMatch = TIME_PATTERN.exec(time);
  if (!dayMatch || !timeMatch) return null;
  const wallClock = Date.UTC(
    Number(dayMatch[1]),
    Number(dayMatch[2]) - 1,
    Number(dayMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  );
  if (Number.isNaN(wallClock)) return null;
  const firstGuess = wallClock - offsetAt(new Date(wallClock), timeZone);
  const offset = offsetAt(new Date(firstGuess), timeZone);
  const secondGuess = wallClock - offset;
  if (secondGuess === firstGuess) return new Date(firstGuess);
  // The offset changed between the guesses: keep the one whose wall clock reads what was asked.
  const shown = toZonedDayAndTime(new Date(secondGuess), timeZone);
  return new Date(shown.day === day && shown.time === time ? secondGuess : firstGuess);
}

/** `assignedDate` as `POST`/`PUT /schedules` take it: the UTC instant cut to minutes. */
export function toAssignedDate(day: string, time: string, timeZone: string): string | null {
  const instant = zonedDateTimeToInstant(day, time, timeZone);
  return instant ? instant.toISOString().slice(0, 16) : null;
}

/** The day (YYYY-MM-DD) and time (HH:mm) an instant shows in a time zone. */
export function toZonedDayAndTime(value: string | Date, timeZone: string): { day: string; time: string } {
  const instant = typeof value === 'string' ? new Date(value) : value;
  const p = zonedParts(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
  };
}
