import type { ScheduleStatus } from '@eclat/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

const COLORS: Record<ScheduleStatus, string> = {
  PENDING: 'yellow.4',
  APPROVED: 'eclat.6',
  REJECTED: 'red.9',
};

/** PENDING, APPROVED or REJECTED, translated, in a colour of its own. */
export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" autoContrast style={{ flexShrink: 0 }}>
      {t(`schedules.status.${status}`)}
    </Badge>
  );
}
