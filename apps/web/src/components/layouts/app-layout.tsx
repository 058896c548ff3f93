import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';

import { SpaNavigation } from '@/app/spa-navigation';
import { PageShell } from '@/components/layouts/page-shell';
import { PageTransition } from '@/components/layouts/page-transition';

/** After a client-side navigation, move focus to <main> so screen readers start at the new page. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return mainRef;
}

/** The single-page app's layout: the page shell around the matched screen, which fades in. */
export function AppLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const mainRef = useFocusMainOnNavigation();

  return (
    <SpaNavigation>
      <PageShell progress={navigation.state === 'loading'} mainRef={mainRef}>
        <PageTransition key={pathname}>
          <Outlet />
        </PageTransition>
      </PageShell>
      <ScrollRestoration />
    </SpaNavigation>
  );
}
