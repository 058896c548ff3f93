import { createContext, useContext, type ReactNode } from 'react';

/**
 * Facts the server gives every page it sends (a `<meta>` in the document, the same values to its own
 * pre-rendering), so both render the same text: the business time zone, for dates.
 */
export type PageFacts = { timeZone?: string };

const TIME_ZONE_META = 'eclat-time-zone';

/** The facts of the page in this browser (none during development with Vite's own server). */
export function readPageFacts(): PageFacts {
  if (typeof document === 'undefined') return {};
  const timeZone = document.querySelector<HTMLMetaElement>(`meta[name="${TIME_ZONE_META}"]`)?.content;
  return timeZone ? { timeZone } : {};
}

/** The `<meta>` tags the server adds to a page for these facts. */
export function pageFactsMeta(facts: PageFacts): string {
  return facts.timeZone
    ? `<meta name="${TIME_ZONE_META}" content="${facts.timeZone.replace(/[^\w/+-]/g, '')}">`
    : '';
}

const PageFactsContext = createContext<PageFacts>({});

export function PageFactsProvider({ facts, children }: { facts: PageFacts; children: ReactNode }) {
  return <PageFactsContext value={facts}>{children}</PageFactsContext>;
}

export function useBusinessTimeZoneName(): string | undefined {
  return useContext(PageFactsContext).timeZone;
}
