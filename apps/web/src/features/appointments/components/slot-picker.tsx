import type { Locale, Slots } from '@eclat/shared';

type Slot = Slots['slots'][number];
import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useTranslation } from '@/lib/i18n';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';

import { formatBusinessTime, formatCalendarDay, isPastDate } from '../time';

import classes from './slot-picker.module.css';

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
};

/**
 * Spec §2 Select Date & Time: a compact calendar (past days disabled) and the 12 hourly buttons of
 * the chosen day, shown in the business time zone; past and full hours are disabled with a reason.
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
}: SlotPickerProps) {
  const { t } = useTranslation();
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
            const reason = canPick || !slot.reason ? null : t(`booking.slot.${slot.reason}`);
            return (
              <Button
                key={slot.startsAt}
                variant={isSelected ? 'filled' : 'default'}
                disabled={!canPick}
                aria-pressed={isSelected}
                aria-label={canPick ? time : t(`booking.slot.${slot.reason ?? 'past'}Label`, { time })}
                className={classes.slot}
                onClick={() => {
                  onSelect(slot.startsAt);
                }}
              >
                <span className={classes.slotText}>
                  <span>{time}</span>
                  {/* A space, so the text read as one is "18:00 Too late", which the spoken name starts with. */}
                  {reason && ' '}
                  {reason && <span className={classes.reason}>{reason}</span>}
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
            // Opens on the month of a restored choice.
            defaultDate={date ?? undefined}
            onChange={onDateChange}
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
