import type { Shift } from '@eclat/shared';
import { Text } from '@mantine/core';
import { IconMoon, IconSun, IconSunset2 } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

const ICONS = { MORNING: IconSun, EVENING: IconSunset2, NIGHT: IconMoon } as const;

/**
 * A shift as text with a small picture of the time of day (the text alone carries the meaning). Inline,
 * so it lines up with the text around it.
 */
export function ShiftLabel({ shift }: { shift: Shift }) {
  const { t } = useTranslation();
  const Icon = ICONS[shift];
  return (
    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
      <Icon
        size={16}
        aria-hidden="true"
        stroke={1.75}
        style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }}
      />
      {t(`availabilities.shift.${shift}`)}
    </Text>
  );
}
