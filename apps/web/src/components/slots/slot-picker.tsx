import type { Locale, Slots } from '@eclat/shared';
import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';

import type { CalendarDays } from '@/lib/slots/get-slot-days';
import { legendReasons } from '@/lib/slots/slot-days';
import { DAY_LEGEND_ORDER, slotReasonTexts } from '@/lib/slots/slot-reason';
import { formatBusinessTime, formatCalendarDay, isPastDate } from '@/lib/business-time';

import classes from './slot-picker.module.css';

type Slot = Slots['slots'][number];

type SlotPickerProps = {
  locale: Locale;
  /** Today in the business time zone (YYYY-MM-DD): earlier days cannot be chosen. */
  today: string;
  /** The last day open for booking (YYYY-MM-DD): later days cannot be chosen. */
  maxDate?: string | undefined;
  date: string | null;
  onDateChange: (date: string | null) => void;
  /** The slots of `date` (or undefined while they load). */
  slots: Slots | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The chosen slot's start (instant), if any. */
  selected: string | null;
  onSelect: (startsAt: string) => void;
  /** A message about the choice (translated), shown under the times. */
  error?: string | null;
  /** Headings level inside the page. */
  headingOrder?: 2 | 3;
  /** Overrides which slots can be picked (default: the available ones). */
  isSelectable?: (slot: Slot) => boolean;
  /** The visible month and its days with nothing free, marked on the calendar with a legend. */
  days: CalendarDays;
};

/**
 * Spec §2 Select Date & Time: a compact calendar (past days disabled, days with nothing free marked
 * and explained by a legend) and the 12 hourly buttons of the chosen day, shown in the business time
 * zone. A time that cannot be booked says why on its button and stays reachable by keyboard: choosing
 * it shows the whole reason under the times (`error`), without making it the booked time.
 */
export function SlotPicker({
  locale,
  today,
  maxDate,
  date,
  onDateChange,
  slots,
  isLoading,
  isError,
  onRetry,
  selected,
  onSelect,
  error,
  headingOrder = 2,
  isSelectable = (slot) => slot.available,
  days,
}: SlotPickerProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const legend = days.marked ? legendReasons(days.marked, DAY_LEGEND_ORDER) : [];
  const isPastDay = date !== null && isPastDate(date, today);
  const allTaken = slots?.slots.every((slot) => !isSelectable(slot)) ?? false;

  let times;
  if (!date) {
    times = <Text c="dimmed">{t('booking.pickDateFirst')}</Text>;
  } else if (isPastDay) {
    times = null;
  } else if (isLoading) {
    times = <LoadingSkeleton cols={{ base: 3, xs: 4 }} gap="xs" count={12} height={52} radius="md" />;
  } else if (isError || !slots) {
    times = <LoadErrorAlert message={t('booking.errors.slots')} onRetry={onRetry} />;
  } else {
    times = (
      <Stack gap="xs">
        <SimpleGrid
          cols={{ base: 3, xs: 4 }}
          spacing="xs"
          role="group"
          aria-label={t('booking.timeLabel')}
          aria-describedby="slot-time-zone"
        >
          {slots.slots.map((slot) => {
            const time = formatBusinessTime(slot.startsAt, slots.timeZone, locale);
            const isSelected = slot.startsAt === selected;
            const canPick = isSelectable(slot);
            const texts = canPick ? null : slotReasonTexts(slot.reason ?? 'past');
            return (
              <Button
                key={slot.startsAt}
                variant={isSelected && canPick ? 'filled' : 'default'}
                // Not `disabled`: it stays in the tab order and, chosen, says why under the times.
                data-disabled={!canPick || undefined}
                aria-disabled={!canPick || undefined}
                aria-pressed={isSelected && canPick}
                aria-label={texts ? t(texts.label, { time }) : time}
                className={classes.slot}
                classNames={{ label: classes.slotLabel }}
                onClick={() => {
                  onSelect(slot.startsAt);
                }}
              >
                <span className={classes.slotText}>
                  <span>{time}</span>
                  {/* A space, so the text read as one is "18:00 Too late", which the spoken name starts with. */}
                  {texts && ' '}
                  {texts && <span className={classes.reason}>{t(texts.short)}</span>}
                </span>
              </Button>
            );
          })}
        </SimpleGrid>
        <Text id="slot-time-zone" size="sm" c="dimmed">
          {t('booking.timeZoneNote', { timeZone: slots.timeZone })}
        </Text>
        {allTaken && <Text c="dimmed">{t('booking.noTimes')}</Text>}
        {maxDate && (
          <Text size="sm" c="dimmed">
            {t('booking.horizonNote', { date: formatCalendarDay(maxDate, locale) })}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <div className={classes.layout}>
      <Paper withBorder radius="md" p="md" className={classes.calendar}>
        <Stack gap="xs">
          <Title order={headingOrder} size="h4">
            {t('booking.dateLabel')}
          </Title>
          <DatePicker
            size="sm"
            classNames={{ day: classes.day }}
            value={date}
            // Opens on the month of a restored choice; the month shown is the one whose days are asked.
            date={days.month}
            onDateChange={days.onMonthChange}
            onChange={(value) => {
              if (value) days.onMonthChange(value);
              onDateChange(value);
            }}
            getDayProps={(day) => {
              // Only the month shown is asked for and explained by the legend, not its neighbours' days.
              const reason = day.startsWith(days.month.slice(0, 7)) ? days.marked?.get(day) : undefined;
              if (!reason) return {};
              const text = t(slotReasonTexts(reason).day);
              // Marked, not disabled: chosen, its times say why each one cannot be booked.
              return {
                'data-unbookable': reason,
                'aria-describedby': `${legendId}-${reason}`,
                title: text,
              };
            }}
            minDate={today}
            maxDate={maxDate}
            maxLevel="year"
            getDayAriaLabel={(day) => formatCalendarDay(day, locale)}
            ariaLabels={{
              previousMonth: t('booking.calendar.previousMonth'),
              nextMonth: t('booking.calendar.nextMonth'),
              previousYear: t('booking.calendar.previousYear'),
              nextYear: t('booking.calendar.nextYear'),
            }}
          />
          {days.isLoading && (
            <Text size="xs" c="dimmed" role="status">
              {t('booking.days.loading')}
            </Text>
          )}
          {days.isError && (
            <Alert color="orange" p="xs" role="alert">
              <Stack gap={6} align="flex-start">
                <Text size="xs">{t('booking.errors.days')}</Text>
                <Button variant="default" size="compact-xs" onClick={days.onRetry}>
                  {t('common.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {legend.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" fw={600} id={`${legendId}-title`}>
                {t('booking.days.legend')}
              </Text>
              <ul className={classes.legend} aria-labelledby={`${legendId}-title`}>
                {legend.map((reason) => (
                  <li key={reason} id={`${legendId}-${reason}`}>
                    <span className={classes.swatch} data-reason={reason} aria-hidden="true" />
                    {t(slotReasonTexts(reason).day)}
                  </li>
                ))}
              </ul>
            </Stack>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" className={classes.times}>
        <Stack gap="sm">
          <Title order={headingOrder} size="h4">
            {t('booking.timeLabel')}
          </Title>
          {date && !isPastDay && <Text fw={600}>{formatCalendarDay(date, locale)}</Text>}
          {times}
          {error && (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
