/**
 * Wall-clock time in a named time zone (the business's), with no library: Intl gives the zone's
 * offset at an instant, and a second pass settles the offset on days the clocks change. Runs the
 * same on the server and in the browser.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of an instant in a time zone. */
export type LocalDateTime = {
  /** YYYY-MM-DD */
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
};

function wallClock(instant: Date, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
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

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The wall-clock date and time of an instant in the zone. */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const { year, month, day, hour, minute } = wallClock(instant, timeZone);
  return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, year, month, day, hour, minute };
}

/** How far (ms) the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const local = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant when the zone's wall clock shows `date` (YYYY-MM-DD) at `hour`:`minute`. A time that a
 * daylight-saving change skips (02:30 on a spring-forward night) moves forward by the gap (03:30); a
 * time it repeats is its first occurrence.
 */
export function fromLocal(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  const firstGuess = asIfUtc - offsetAt(asIfUtc, timeZone);
  const secondGuess = asIfUtc - offsetAt(firstGuess, timeZone);
  if (secondGuess === firstGuess) return new Date(firstGuess);
  // The offset changed between the guesses: keep the one whose wall clock reads what was asked.
  const shown = toLocal(new Date(secondGuess), timeZone);
  return new Date(
    shown.date === date && shown.hour === hour && shown.minute === minute ? secondGuess : firstGuess,
  );
}

/** Today's date (YYYY-MM-DD) in the zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return toLocal(now, timeZone).date;
}
