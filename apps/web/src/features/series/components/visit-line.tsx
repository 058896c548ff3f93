import type { Appointment, Locale } from '@eclat/shared';
import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { statusColor } from '@/lib/appointment-list';
import { StatusBadge } from '@/components/appointments/status-badge';
import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';
import { useTranslation } from '@/lib/i18n';

import { NeedsTimeBadge } from '@/components/ui/series-markers';

type VisitLineProps = {
  visit: Appointment;
  timeZone: string;
  locale: Locale;
  /** Buttons for this visit (move, skip...), after its date and status. */
  actions?: ReactNode;
};

/**
 * One visit of a series in a list: its date and time, its status, "Skipped" when cancelled and
 * "Needs a time" when no cleaner could take it yet.
 */
export function VisitLine({ visit, timeZone, locale, actions }: VisitLineProps) {
  const { t } = useTranslation();
  const isSkipped = visit.status === 'cancelled';
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="xs"
      py={6}
      data-testid="series-visit"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <div style={{ minWidth: 0 }}>
        <Text fw={600} td={isSkipped ? 'line-through' : undefined}>
          {formatBusinessDate(visit.appointmentDate, timeZone, locale)}
        </Text>
        <Text size="sm">{formatBusinessTime(visit.appointmentDate, timeZone, locale)}</Text>
      </div>
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        {isSkipped ? (
          <Badge color={statusColor('cancelled')} variant="filled" size="sm">
            {t('series.skipped')}
          </Badge>
        ) : visit.needsTime ? (
          <NeedsTimeBadge size="sm" />
        ) : (
          <StatusBadge status={visit.status} size="sm" />
        )}
        {actions}
      </Group>
    </Group>
  );
}
