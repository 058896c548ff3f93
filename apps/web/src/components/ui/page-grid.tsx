import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

import classes from './page-grid.module.css';

/** `cards`: 1, then 2 (sm), then 3 (lg) columns; `thirds`: 1, then 3 (sm); `halves`: 1, then 2 (md). */
export type PageGridLayout = 'cards' | 'thirds' | 'halves';

/**
 * The public pages' grid, in CSS alone (Mantine's SimpleGrid computes its responsive styles in script, which
 * the first visit does without). Gaps are CSS lengths; `gapMd` widens the columns' gap from md up.
 */
export function PageGrid({
  layout,
  component: Component = 'div',
  gap,
  gapMd,
  rowGap,
  className,
  style,
  children,
  ...rest
}: {
  layout: PageGridLayout;
  component?: 'div' | 'ul';
  gap?: string;
  gapMd?: string;
  rowGap?: string;
  children: ReactNode;
} & HTMLAttributes<HTMLElement>) {
  const variables = {
    '--page-grid-gap': gap,
    '--page-grid-gap-md': gapMd,
    '--page-grid-row-gap': rowGap,
  } as CSSProperties;
  return (
    <Component
      {...rest}
      className={[classes.grid, classes[layout], className].filter(Boolean).join(' ')}
      style={{ ...variables, ...style }}
    >
      {children}
    </Component>
  );
}
