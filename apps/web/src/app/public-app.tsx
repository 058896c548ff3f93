import type { ComponentType } from 'react';

import { PageThemeProvider } from '@/app/theme-provider';
import { PageShell } from '@/components/layouts/page-shell';
import { SessionContext } from '@/lib/auth/session';
import { visitorSession } from '@/lib/auth/visitor-session';
import { I18nProvider, TranslatorProvider, type Translator } from '@/lib/i18n';
import { NavigationProvider } from '@/lib/navigation';
import { PageFactsProvider, type PageFacts } from '@/lib/page-facts';
import { ToastHost } from '@/lib/toast';
import { useMarkHydrated } from '@/lib/use-mark-hydrated';

/**
 * A pre-rendered public page: the server renders it (with the language's `translator`), the browser
 * hydrates the same tree (following language switches). A visitor, signed out; links load the next page.
 */
export function PublicApp({
  Page,
  pathname,
  facts,
  translator,
}: {
  Page: ComponentType;
  pathname: string;
  facts: PageFacts;
  /** The server's texts; the browser's active ones when absent. */
  translator?: Translator;
}) {
  useMarkHydrated();
  const app = (
    <PageFactsProvider facts={facts}>
      <PageThemeProvider>
        <NavigationProvider value={{ pathname }}>
          <SessionContext value={visitorSession}>
            <PageShell>
              <Page />
            </PageShell>
            <ToastHost />
          </SessionContext>
        </NavigationProvider>
      </PageThemeProvider>
    </PageFactsProvider>
  );
  return translator ? (
    <TranslatorProvider translator={translator}>{app}</TranslatorProvider>
  ) : (
    <I18nProvider>{app}</I18nProvider>
  );
}
