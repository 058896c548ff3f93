import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';

/** A small in-app link led by an icon ("← Back to my availabilities", "Edit"). */
export function IconLink({
  to,
  icon,
  label,
  children,
}: {
  to: string;
  /** Decorative: give it `aria-hidden="true"` and size 16. */
  icon: ReactNode;
  /** An accessible name that says more than the visible text, if needed; it starts with that text. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Anchor component={Link} to={to} size="sm" aria-label={label}>
      <Group gap={4} wrap="nowrap" component="span">
        {icon}
        {children}
      </Group>
    </Anchor>
  );
}
