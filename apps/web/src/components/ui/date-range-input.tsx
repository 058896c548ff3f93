import {
  LIST_RANGE_MAX_DAYS,
  defaultRange,
  rangeProblem,
  todayIn,
  type DayRange,
  type DefaultRange,
  type Locale,
} from '@eclat/shared';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

import { calendarAriaLabels } from '@/components/ui/calendar-labels';
import { toIntlLocale } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

type DateRangeInputProps = {
  label: string;
  /** The days shown (business-local, both included); null: all dates (only with `clearable`). */
  value: DayRange | null;
  /** Called with a whole, valid range (or null when cleared); a half-chosen range waits. */
  onChange: (range: DayRange | null) => void;
  locale: Locale;
  /** The longest range allowed, in days (the lists' `LIST_RANGE_MAX_DAYS`); null for no limit. */
  maxDays: number | null;
  /** A clear button: no range at all (the appointments table: every date). */
  clearable?: boolean;
  description?: string;
  w?: number | string | Record<string, number | string>;
};

const dayLabels = new Map<Locale, Intl.DateTimeFormat>();

/** "Wednesday, November 25, 2026": what a screen reader says for a day of the calendar. */
function dayLabel(day: string, locale: Locale): string {
  let format = dayLabels.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(toIntlLocale(locale), { dateStyle: 'full', timeZone: 'UTC' });
    dayLabels.set(locale, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

/**
 * A stretch of days for a list (decision 024): one field, two clicks in its calendar (first and last
 * day). The list changes once both ends are chosen; a backwards or too long range says why instead.
 */
export function DateRangeInput({
  label,
  value,
  onChange,
  locale,
  maxDays,
  clearable = false,
  description,
  w = { base: '100%', xs: 300 },
}: DateRangeInputProps) {
  const { t } = useTranslation();
  // A half-chosen or refused range stays in the field until it is whole and valid; else the value shows.
  const [pending, setPending] = useState<[string | null, string | null] | null>(null);
  const draft: [string | null, string | null] = pending ?? [value?.from ?? null, value?.to ?? null];
  const [from, to] = draft;
  const problem = from && to ? rangeProblem({ from, to }, maxDays) : null;

  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      firstDayOfWeek={1}
      label={label}
      description={description}
      size="sm"
      w={w}
      clearable={clearable}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      value={draft}
      onChange={([nextFrom, nextTo]) => {
        if (!nextFrom && !nextTo && clearable) {
          setPending(null);
          onChange(null);
        } else if (nextFrom && nextTo && !rangeProblem({ from: nextFrom, to: nextTo }, maxDays)) {
          setPending(null);
          onChange({ from: nextFrom, to: nextTo });
        } else {
          setPending([nextFrom, nextTo]);
        }
      }}
      error={problem ? t(problem, { days: maxDays ?? 0 }) : undefined}
      valueFormat={locale === 'fr' ? 'D MMM YYYY' : 'MMM D, YYYY'}
      labelSeparator="–"
      getDayAriaLabel={(day) => dayLabel(day, locale)}
      ariaLabels={calendarAriaLabels(t)}
      popoverProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('dateRange.clear') }}
    />
  );
}

type ListRangeInputProps = {
  /** The list's default when `value` is null (the server's default too). */
  kind: DefaultRange;
  /** The range chosen; null: the default. */
  value: DayRange | null;
  onChange: (range: DayRange) => void;
  /** The business time zone (today's date there); the default is shown once it is known. */
  timeZone: string | undefined;
  locale: Locale;
  label?: string;
};

/**
 * The stretch of days of a staff list (jobs, shifts, availabilities): its default until another is
 * chosen, at most `LIST_RANGE_MAX_DAYS` (decision 024).
 */
export function ListRangeInput({ kind, value, onChange, timeZone, locale, label }: ListRangeInputProps) {
  const { t } = useTranslation();
  const shown = value ?? (timeZone ? defaultRange(kind, todayIn(timeZone)) : null);
  return (
    <DateRangeInput
      label={label ?? t('dateRange.label')}
      description={t('dateRange.hint', { days: LIST_RANGE_MAX_DAYS })}
      value={shown}
      onChange={(range) => {
        if (range) onChange(range);
      }}
      locale={locale}
      maxDays={LIST_RANGE_MAX_DAYS}
    />
  );
}
