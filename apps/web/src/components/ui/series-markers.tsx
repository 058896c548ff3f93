import { Badge, type BadgeProps } from '@mantine/core';
import { IconClockExclamation, IconRepeat } from '@tabler/icons-react';

import { useTranslation } from '@/lib/i18n';

/**
 * The colour of "needs a time" (a dark orange: white text on it, and it as text on white, keep AA
 * contrast, which Mantine's orange 9 does not).
 */
export const NEEDS_TIME_COLOR = '#9c3b06';

/** "Needs a time": a visit of a recurring series no cleaner could take yet (decision 020), the same on every screen. */
export function NeedsTimeBadge(props: Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge
      color={NEEDS_TIME_COLOR}
      variant="filled"
      leftSection={<IconClockExclamation size={12} aria-hidden="true" />}
      {...props}
    >
      {t('series.needsTime')}
    </Badge>
  );
}

/** The mark of a series visit on staff screens: an icon with its name ("Recurring") for screen readers. */
export function RecurringMarker({ size = 16 }: { size?: number }) {
  const { t } = useTranslation();
  const label = t('series.recurring');
  return (
    <span role="img" aria-label={label} title={label} style={{ display: 'inline-flex', flexShrink: 0 }}>
      <IconRepeat size={size} aria-hidden="true" />
    </span>
  );
}
