/** A duration as a translation key and its values: "45 min", "2 h", "2 h 30 min". */
export function describeDuration(totalMinutes: number): {
  key: 'booking.duration.minutes' | 'booking.duration.hours' | 'booking.duration.hoursMinutes';
  values: { hours: number; minutes: number };
} {
  const safe = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(safe / 60);
  const minutes = safe % 60;
  if (hours === 0) return { key: 'booking.duration.minutes', values: { hours, minutes } };
  if (minutes === 0) return { key: 'booking.duration.hours', values: { hours, minutes } };
  return { key: 'booking.duration.hoursMinutes', values: { hours, minutes } };
}
