import { fieldTiming, type DispatchVisit, type Locale } from '@eclat/shared';
import { Badge, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';

import { NEEDS_TIME_COLOR } from '@/components/ui/series-markers';
import { formatBusinessTime } from '@/lib/business-time';
import { useTranslation } from '@/lib/i18n';

/**
 * On the dispatch board (issue 30, decision 063): "Arrived 12 min late" and "Left 20 min early", in words
 * (the dark orange of the board's warnings only repeats them), when the cleaner's recorded times pass the tolerance
 * (`fieldTiming`); none while nothing is recorded.
 */
export function FieldMarks({ visit }: { visit: DispatchVisit }) {
  const { t } = useTranslation();
  const { lateMinutes, earlyMinutes } = fieldTiming(visit);
  const marks = [
    lateMinutes !== null && t('dispatch.visit.late', { minutes: lateMinutes }),
    earlyMinutes !== null && t('dispatch.visit.early', { minutes: earlyMinutes }),
  ].filter((mark) => mark !== false);
  return marks.map((mark) => (
    <Badge
      key={mark}
      size="xs"
      variant="outline"
      color={NEEDS_TIME_COLOR}
      leftSection={<IconClock size={12} aria-hidden="true" />}
      styles={{ label: { textTransform: 'none' } }}
    >
      {mark}
    </Badge>
  ));
}

/** The times the cleaner recorded, in the visit's details: "Arrived 10:12 · Done 12:40". */
export function FieldTimes({
  visit,
  timeZone,
  locale,
}: {
  visit: DispatchVisit;
  timeZone: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const times = [
    visit.arrivedAt &&
      t('dispatch.visit.arrivedAt', { time: formatBusinessTime(visit.arrivedAt, timeZone, locale) }),
    visit.completedAt &&
      t('dispatch.visit.completedAt', { time: formatBusinessTime(visit.completedAt, timeZone, locale) }),
  ].filter((time): time is string => Boolean(time));
  if (times.length === 0) return null;
  return (
    <Text size="xs" lh={1.3}>
      {times.join(' · ')}
    </Text>
  );
}
