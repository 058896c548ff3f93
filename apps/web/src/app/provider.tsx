import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/fr';

import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Suspense, type ReactNode } from 'react';

import { ThemeProvider } from '@/app/spa-theme-provider';
import { PageLoader } from '@/components/ui/page-loader';
import { I18nProvider, useLanguage } from '@/lib/i18n';
import { PageFactsProvider, readPageFacts } from '@/lib/page-facts';
import { queryClient } from '@/lib/query-client';
import { NotificationsHost } from '@/lib/toast-host';
import { useMarkHydrated } from '@/lib/use-mark-hydrated';

const pageFacts = readPageFacts();

/** Mantine's date pickers (and dayjs) follow the active language (they stay English without this). */
function LocalizedDates({ children }: { children: ReactNode }) {
  const locale = useLanguage();
  dayjs.locale(locale);
  return <DatesProvider settings={{ locale, firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}

/** Everything the single-page app's screens rely on: texts, theme, queries, dates, dialogs and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  useMarkHydrated();
  return (
    <I18nProvider>
      <PageFactsProvider facts={pageFacts}>
        <ThemeProvider>
          <Suspense fallback={<PageLoader />}>
            <QueryClientProvider client={queryClient}>
              <LocalizedDates>
                <ModalsProvider>
                  <NotificationsHost />
                  {children}
                </ModalsProvider>
              </LocalizedDates>
            </QueryClientProvider>
          </Suspense>
        </ThemeProvider>
      </PageFactsProvider>
    </I18nProvider>
  );
}
