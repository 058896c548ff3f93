/**
 * Wall-clock time in a named time zone, with no library: Intl gives the zone's offset at an instant, and a
 * second pass settles the offset on days the clocks change. Appointment slots (09:00-20:00) never fall in
 * the skipped or repeated hour, so every slot has exactly one instant.
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

export type LocalDateTime = {
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
};

/** The wall-clock date and time of an instant in the zone. */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    year,
    month,
    day,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

function offsetAt(instant: number, timeZone: string): number {
  const local = toLocal(new Date(instant), timeZone);
  const seconds = new Date(instant).getUTCSeconds();
  return (
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, seconds) -
    Math.floor(instant / 1000) * 1000
  );
}

/** The instant of a wall-clock date (YYYY-MM-DD) and time in the zone. */
export function fromLocal(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  let instant = asIfUtc - offsetAt(asIfUtc, timeZone);
  const corrected = asIfUtc - offsetAt(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** Today's date (YYYY-MM-DD) in the zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return toLocal(now, timeZone).date;
}
