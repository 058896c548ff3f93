import { PAGE_FADE_SECONDS } from '@eclat/shared';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import classes from './page-transition.module.css';

/** Fades each screen in over PAGE_FADE_SECONDS (spec §2); no motion under prefers-reduced-motion. */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className={classes.page} style={{ animationDuration: `${PAGE_FADE_SECONDS}s` }}>
      {children}
    </div>
  );
}
