import type { ReactNode, Ref } from 'react';

import { Footer } from '@/components/layouts/footer';
import { Navbar } from '@/components/layouts/navbar';
import { useTranslation } from '@/lib/i18n';

import classes from './page-shell.module.css';

/** Height of the fixed navigation bar; toasts and the home page's hero are placed from it. */
export const HEADER_HEIGHT = 64;

/**
 * What every screen has around it: the skip link, the fixed navigation bar, `<main>` and the footer. The
 * single-page app (app-layout.tsx) and the pre-rendered public pages (entries/public.tsx) both use it.
 */
export function PageShell({
  children,
  progress,
  mainRef,
}: {
  children: ReactNode;
  /** Shown above the bar while the next screen loads. */
  progress?: boolean;
  mainRef?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.shell} style={{ '--eclat-header-height': `${HEADER_HEIGHT}px` } as never}>
      <a href="#main" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      {progress && <div className={classes.progress} role="progressbar" aria-label={t('common.loading')} />}
      <header className={classes.header}>
        <Navbar />
      </header>
      <main id="main" tabIndex={-1} ref={mainRef} className={classes.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
