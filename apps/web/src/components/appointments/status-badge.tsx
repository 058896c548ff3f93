import type { AppointmentStatus } from '@eclat/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { statusColor } from '@/lib/appointment-list';

/** An appointment's status as a coloured badge (spec §4), the same on every screen. */
export function StatusBadge({ status, ...props }: { status: AppointmentStatus } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor(status)} variant="filled" autoContrast {...props}>
      {t(`myAppointments.status.${status}`)}
    </Badge>
  );
}
