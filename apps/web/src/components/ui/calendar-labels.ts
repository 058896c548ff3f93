import type { TFunction } from '@/lib/i18n';

/** The names of a date picker's arrows, in the active language (Mantine's `ariaLabels`). */
export function calendarAriaLabels(t: TFunction) {
  return {
    previousMonth: t('booking.calendar.previousMonth'),
    nextMonth: t('booking.calendar.nextMonth'),
    previousYear: t('booking.calendar.previousYear'),
    nextYear: t('booking.calendar.nextYear'),
  };
}
