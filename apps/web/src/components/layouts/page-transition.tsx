import { PAGE_FADE_SECONDS } from '@eclat/shared';
import type { ReactNode } from 'react';

import classes from './page-transition.module.css';

/**
 * Fades a screen in over PAGE_FADE_SECONDS (spec §2) when the app shows it (keyed by its path); no motion
 * under prefers-reduced-motion. A pre-rendered page is painted as it arrives, without it.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page} style={{ animationDuration: `${PAGE_FADE_SECONDS}s` }}>
      {children}
    </div>
  );
}
