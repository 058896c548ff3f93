import './public.css';

import { DEFAULT_LOCALE, isLocale, LANGUAGE_PARAM } from '@eclat/shared';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { PublicApp } from '@/app/public-app';
import { findPublicPage } from '@/app/public-pages';
import { hasStoredSession, isSignOutReturnAddress } from '@/lib/auth/visitor-session';
import { changeLanguage, initI18n } from '@/lib/i18n';
import { readStoredLanguage } from '@/lib/language';
import { readPageFacts } from '@/lib/page-facts';
import { seedPublicResource } from '@/lib/public-resource';

import { DATA_ISLAND_ID, type DataIsland } from './data-island';

/**
 * The script of a pre-rendered public page. A visitor gets the page hydrated as it came (its texts, its
 * data island), then its data refreshed; the rest of the app loads only when they go further. A browser
 * that holds a session, or comes back from signing out, starts the single-page app instead.
 */
async function start(): Promise<void> {
  const page = findPublicPage(window.location.pathname);
  if (!page || hasStoredSession() || isSignOutReturnAddress(window.location)) {
    const { startSpa } = await import('./spa');
    startSpa();
    return;
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from the page.');

  const island = document.getElementById(DATA_ISLAND_ID)?.textContent;
  const data = island ? (JSON.parse(island) as DataIsland) : { resources: {} };
  for (const [key, value] of Object.entries(data.resources)) seedPublicResource(key, value);

  const lang = document.documentElement.lang;
  const [Page] = await Promise.all([page.load(), initI18n(isLocale(lang) ? lang : DEFAULT_LOCALE)]);
  // As a transition, hydration yields to the browser between components: the page stays responsive.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <PublicApp Page={Page} pathname={page.path} facts={readPageFacts()} />
      </StrictMode>,
    );
  });

  // A choice stored before the server knew of it (no cookie yet) still wins, unless the address names one.
  const stored = readStoredLanguage();
  const named = new URLSearchParams(window.location.search).has(LANGUAGE_PARAM);
  if (isLocale(stored) && stored !== lang && !named) void changeLanguage(stored).catch(() => undefined);
}

void start();
