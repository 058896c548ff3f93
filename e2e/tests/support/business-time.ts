/**
 * Days and times as the business lives them (its time zone, whatever the machine's), for data a test
 * creates and for the labels the pages show.
 */

export const BUSINESS_TIME_ZONE = 'America/Toronto';

const INTL = { en: 'en-CA', fr: 'fr-CA' } as const;

/** A business-local day, `days` from today (YYYY-MM-DD). */
export function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(new Date());
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days, 12)).toISOString().slice(0, 10);
}

/** The instant of `hour`:00 on a business-local day (EST or EDT). */
export function businessInstant(day: string, hour: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const hourIn = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    hour: 'numeric',
    hourCycle: 'h23',
  });
  for (const offset of [4, 5]) {
    const candidate = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, hour + offset));
    if (Number(hourIn.format(candidate)) === hour) return candidate.toISOString();
  }
  throw new Error(`no instant for ${day} ${hour}:00`);
}

/** How the pages write a day: "Wednesday, March 10, 2027" / "mercredi 10 mars 2027". */
export function longDay(day: string, language: 'en' | 'fr'): string {
  return new Intl.DateTimeFormat(INTL[language], {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
