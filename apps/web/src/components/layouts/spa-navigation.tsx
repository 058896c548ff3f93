import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { NavigationProvider, type Navigation } from '@/lib/navigation';

/** In the single-page app, links navigate with the router and the active link follows its location. */
export function SpaNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { pathname } = location;
  const state: unknown = location.state;
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({
      pathname,
      state,
      navigate: (to, options) => {
        void navigate(to, options);
      },
    }),
    [pathname, state, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
