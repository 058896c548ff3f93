import type { DispatchView, Locale } from '@eclat/shared';
import { Box, Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

import { calendarAriaLabels } from '@/components/ui/calendar-labels';
import { formatDay } from '@/lib/format-day';
import { useTranslation } from '@/lib/i18n';

import { stepDay } from '../day-params';

type DayNavigatorProps = {
  /** The day shown (YYYY-MM-DD, business-local). */
  date: string;
  /** Today in the business time zone. */
  today: string;
  /** Previous and next move by a day, or by a week. */
  view: DispatchView;
  locale: Locale;
  onChange: (date: string) => void;
};

/** Previous, Today and Next, and a date picker to jump to any day: the board's and an employee's day. */
export function DayNavigator({ date, today, view, locale, onChange }: DayNavigatorProps) {
  const { t } = useTranslation();
  const unit = view === 'week' ? 'week' : 'day';
  const previous = t(`dispatch.navigation.previous.${unit}`);
  const next = t(`dispatch.navigation.next.${unit}`);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
          aria-label={previous}
          onClick={() => {
            onChange(stepDay(date, view, -1));
          }}
        >
          {/* On a phone the arrow alone: the three buttons and the date stay within the screen. */}
          <Box component="span" visibleFrom="xs">
            {previous}
          </Box>
        </Button>
        <Button
          variant="default"
          size="sm"
          disabled={date === today}
          onClick={() => {
            onChange(today);
          }}
        >
          {t('dispatch.navigation.today')}
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} aria-hidden="true" />}
          aria-label={next}
          onClick={() => {
            onChange(stepDay(date, view, 1));
          }}
        >
          <Box component="span" visibleFrom="xs">
            {next}
          </Box>
        </Button>
      </Group>
      <DatePickerInput
        label={t('dispatch.navigation.date')}
        size="sm"
        w={{ base: '100%', xs: 260 }}
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        value={date}
        onChange={(value) => {
          if (value) onChange(value);
        }}
        valueFormat={locale === 'fr' ? 'ddd D MMM YYYY' : 'ddd, MMM D, YYYY'}
        getDayAriaLabel={(day) => formatDay(day, locale)}
        ariaLabels={calendarAriaLabels(t)}
        popoverProps={{ withinPortal: true }}
      />
    </Group>
  );
}
