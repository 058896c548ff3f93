import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';

import { SpaNavigation } from '@/components/layouts/spa-navigation';
import { getNavItems } from '@/components/layouts/nav-items';
import { WorkMenuSlot } from '@/components/layouts/navbar';
import { PageShell } from '@/components/layouts/page-shell';
import { PageTransition } from '@/components/layouts/page-transition';
import { WorkButton } from '@/components/layouts/work-button';
import { useSession } from '@/lib/auth/session';

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

const WorkMenu = lazy(() => import('./work-menu').then((module) => ({ default: module.WorkMenu })));

/**
 * The bar's Work menu: the staff pages the user sees. Its button stands in while the menu's code loads; a
 * press on it then is kept, and the menu opens as soon as it is there (a quick click is not lost).
 */
function StaffWorkMenu() {
  const { permissions } = useSession();
  const items = getNavItems(permissions).filter((item) => item.work);
  const [pressedEarly, setPressedEarly] = useState(false);
  return (
    <Suspense
      fallback={
        <WorkButton
          items={items}
          onClick={() => {
            setPressedEarly(true);
          }}
        />
      }
    >
      <WorkMenu items={items} initiallyOpened={pressedEarly} />
    </Suspense>
  );
}

/**
 * The single-page app's layout: the page shell around the matched screen, which fades in, and the bar's
 * Work menu (only here: the pre-rendered public pages do without its code).
 */
export function AppLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const mainRef = useFocusMainOnNavigation();

  return (
    <SpaNavigation>
      <WorkMenuSlot value={<StaffWorkMenu />}>
        <PageShell progress={navigation.state === 'loading'} mainRef={mainRef}>
          <PageTransition key={pathname}>
            <Outlet />
          </PageTransition>
        </PageShell>
      </WorkMenuSlot>
      <ScrollRestoration />
    </SpaNavigation>
  );
}
