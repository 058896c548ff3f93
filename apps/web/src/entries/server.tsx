import { isLocale, LOCALES, type Locale } from '@eclat/shared';
import { renderToString } from 'react-dom/server';

import { PublicApp } from '@/app/public-app';
import { ThemeProvider } from '@/app/spa-theme-provider';
import { findPublicPage, PUBLIC_PAGES, type PageResource } from '@/app/public-pages';
import { TranslatorProvider } from '@/lib/i18n';
import { createTranslator, type CatalogueTree } from '@/lib/translator';
import { pageFactsMeta, type PageFacts } from '@/lib/page-facts';
import { renderWithPublicResources } from '@/lib/public-resource';

import { DATA_ISLAND_ID, serializeDataIsland } from './data-island';

/**
 * The server's side of the pre-rendered public pages (built by `vite build --ssr`, loaded by the API
 * server's public-pages plugin): which paths are pages, what each reads, and the page itself in one
 * language, as the browser will hydrate it.
 */
export const PUBLIC_PAGE_PATHS: readonly string[] = PUBLIC_PAGES.map((page) => page.path);

export function resourcesOf(pathname: string): readonly PageResource[] {
  return findPublicPage(pathname)?.resources ?? [];
}

export type RenderInput = {
  pathname: string;
  language: Locale;
  catalogue: CatalogueTree;
  /** The page's public reads, by resource key (the API's JSON answers). */
  resources: Record<string, unknown>;
  facts: PageFacts;
  /** The site's public address (PUBLIC_URL), for the `hreflang` alternates and the canonical. */
  origin: string;
  /** The language the address names (`?lang=`): the page's canonical address is then its own. */
  named: boolean;
};

export type RenderedPage = {
  /** What goes inside `<div id="root">`. */
  body: string;
  /** What goes in `<head>`: title, description, alternates, facts. */
  head: string;
  /** The theme's CSS variables: last in `<head>`, after the style sheets whose defaults they override. */
  styles: string;
  /** The data island, after #root. */
  data: string;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function renderPublicPage(input: RenderInput): Promise<RenderedPage | null> {
  const page = findPublicPage(input.pathname);
  if (!page || !isLocale(input.language)) return null;
  const Page = await page.load();
  const translator = createTranslator(input.language, input.catalogue);
  const body = renderWithPublicResources(input.resources, () =>
    renderToString(
      <PublicApp Page={Page} pathname={page.path} facts={input.facts} translator={translator} />,
    ),
  );
  const { t } = translator;
  const title = t('meta.documentTitle', { page: t(`pages.${page.page}.title`), brand: t('brand.name') });
  const address = (language: Locale) => `${input.origin}${page.path}?lang=${language}`;
  const head: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(t(`pages.${page.page}.description`))}">`,
    // Its own address: the language's (`?lang=`), or the negotiated one (`/services`, also `x-default`).
    `<link rel="canonical" href="${escapeHtml(input.named ? address(input.language) : `${input.origin}${page.path}`)}">`,
    ...LOCALES.map(
      (language) => `<link rel="alternate" hreflang="${language}" href="${escapeHtml(address(language))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${input.origin}${page.path}`)}">`,
    pageFactsMeta(input.facts),
  ];
  // The theme's CSS variables, as MantineProvider writes them (the page's own provider does not).
  const styles = renderToString(
    <TranslatorProvider translator={translator}>
      <ThemeProvider>{null}</ThemeProvider>
    </TranslatorProvider>,
  );
  const data = `<script type="application/json" id="${DATA_ISLAND_ID}">${serializeDataIsland({ resources: input.resources })}</script>`;
  return { body, head: head.join(''), styles, data };
}

export { pageAssets, readManifest } from '../../page-assets';
export { pageFactsMeta } from '@/lib/page-facts';
