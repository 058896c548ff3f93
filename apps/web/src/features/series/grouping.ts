import type { Appointment, Series } from '@eclat/shared';

/**
 * My Appointments with recurring cleanings: one card per active or paused series (the one with the
 * soonest next visit first), and the other appointments as before, without the visits of those series
 * (they are listed in their series' card). A cancelled series has no card: its visits stay in the list
 * (its past ones, and the cancelled ones under the Cancelled filter).
 */
export function groupMyAppointments(
  appointments: readonly Appointment[],
  series: readonly Series[],
): { series: Series[]; loose: Appointment[] } {
  const shown = series
    .filter((item) => item.status !== 'cancelled')
    .sort((a, b) => nextVisitTime(a) - nextVisitTime(b) || b.createdAt.localeCompare(a.createdAt));
  const grouped = new Set(shown.map((item) => item.seriesId));
  return {
    series: shown,
    loose: appointments.filter((item) => item.seriesId === null || !grouped.has(item.seriesId)),
  };
}

/** When a series' next visit starts (ms); a series with none (paused) comes after the others. */
function nextVisitTime(series: Series): number {
  return series.nextVisit ? Date.parse(series.nextVisit.appointmentDate) : Number.POSITIVE_INFINITY;
}

/** A series' visits as its card lists them: from `now` on, soonest first, skipped ones included. */
export function upcomingVisits(visits: readonly Appointment[], now = Date.now()): Appointment[] {
  return visits
    .filter((visit) => Date.parse(visit.endsAt) > now && visit.status !== 'completed')
    .sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate));
}

/** The visits booked and the ones still needing a time, as a booked series' summary says it. */
export function countVisits(visits: readonly Appointment[]): { placed: number; needingTime: number } {
  const open = visits.filter((visit) => visit.status !== 'cancelled');
  const needingTime = open.filter((visit) => visit.needsTime).length;
  return { placed: open.length - needingTime, needingTime };
}
