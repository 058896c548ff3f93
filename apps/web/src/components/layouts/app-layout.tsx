import { AppShell } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';

import { Footer } from '@/components/layouts/footer';
import { Navbar } from '@/components/layouts/navbar';
import { PageTransition } from '@/components/layouts/page-transition';

import classes from './app-layout.module.css';

const HEADER_HEIGHT = 64;

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

export function AppLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mainRef = useFocusMainOnNavigation();

  return (
    <>
      <a href="#main" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div className={classes.progress} role="progressbar" aria-label={t('common.loading')} />
      )}
      <AppShell header={{ height: HEADER_HEIGHT }} padding={0} className={classes.shell}>
        <AppShell.Header>
          <Navbar />
        </AppShell.Header>
        <AppShell.Main id="main" tabIndex={-1} ref={mainRef} className={classes.main}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </AppShell.Main>
        <Footer />
      </AppShell>
      <ScrollRestoration />
    </>
  );
}
