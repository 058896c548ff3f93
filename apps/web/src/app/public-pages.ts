import type { ComponentType } from 'react';

import { paths } from '@/config/paths';
import { PUBLIC_FEEDBACK_KEY } from '@/features/feedback/api/public-feedback';
import { publicServicesKey } from '@/lib/api/public-services';
import type { PageKey } from '@/lib/i18n';

/** A public read a page shows: its key in lib/public-resource and the API path that answers it. */
export type PageResource = { key: string; path: string };

/**
 * The public pages (spec §2): pre-rendered by the server in English and French, painted before any
 * script, then hydrated by entries/public.tsx. The same screens are routes of the single-page app.
 */
export type PublicPage = {
  path: string;
  /** Its title and description under `pages.<page>` in the catalogues. */
  page: PageKey;
  /** What it shows from the API, in the page's data island and refreshed after hydration. */
  resources: readonly PageResource[];
  load: () => Promise<ComponentType>;
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: paths.home.path,
    page: 'home',
    resources: [{ key: PUBLIC_FEEDBACK_KEY, path: '/api/v1/feedbacks?status=VISIBLE' }],
    load: () => import('./routes/public/home').then((module) => module.HomeRoute),
  },
  {
    path: paths.services.path,
    page: 'services',
    resources: [{ key: publicServicesKey('public'), path: '/api/v1/services' }],
    load: () => import('./routes/public/services').then((module) => module.ServicesRoute),
  },
  {
    path: paths.aboutUs.path,
    page: 'aboutUs',
    resources: [],
    load: () => import('./routes/public/about-us').then((module) => module.AboutUsRoute),
  },
  {
    path: paths.contacts.path,
    page: 'contacts',
    resources: [],
    load: () => import('./routes/public/contacts').then((module) => module.ContactsRoute),
  },
];

export function findPublicPage(pathname: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((page) => page.path === pathname);
}
