import type { SeriesStatus } from '@eclat/shared';
import { Badge, type BadgeProps } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

const COLORS: Record<SeriesStatus, string> = { active: 'eclat.6', paused: 'yellow.4', cancelled: 'red.9' };

/** A series' status (active, paused, cancelled) as a badge, in the colours of the appointments'. */
export function SeriesStatusBadge({
  status,
  ...props
}: { status: SeriesStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" autoContrast {...props}>
      {t(`series.status.${status}`)}
    </Badge>
  );
}
