import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_PARAM, pickLocale, type Locale } from '@eclat/shared';
import type { ReadTopic } from '../lib/read-cache.ts';
import { pageBootElement } from '../lib/page-boot.ts';

/** What the web build's server entry (apps/web/src/entries/server.tsx, built to dist-server/) provides. */
type PageResource = { key: string; path: string };
type CatalogueTree = { readonly [key: string]: string | CatalogueTree };
type Manifest = Record<string, unknown>;
export type ServerEntry = {
  PUBLIC_PAGE_PATHS: readonly string[];
  resourcesOf: (pathname: string) => readonly PageResource[];
  renderPublicPage: (input: {
    pathname: string;
    language: Locale;
    catalogue: CatalogueTree;
    resources: Record<string, unknown>;
    facts: { timeZone?: string };
    origin: string;
    named: boolean;
  }) => Promise<{ body: string; head: string; styles: string; data: string } | null>;
  pageAssets: (manifest: Manifest, pathname: string) => { scripts: string[]; styles: string[] };
  readManifest: (distDir: string) => Manifest;
  pageFactsMeta: (facts: { timeZone?: string }) => string;
};

/** The API answers a page's resources; their writes are heard under these topics (decision 015). */
const TOPIC_OF_RESOURCE: readonly [prefix: string, topic: ReadTopic][] = [
  ['/api/v1/services', 'services'],
  ['/api/v1/feedbacks', 'feedback'],
];

const VARY = 'Cookie, Accept-Language';

/** The entry's script, module preloads and style sheets that Vite writes into `public.html`. */
const VITE_ASSET_TAGS =
  /\s*(?:<script type="module" crossorigin src="[^"]+"><\/script>|<link rel="(?:modulepreload|stylesheet)" crossorigin href="[^"]+">)/g;

/**
 * The language of a pre-rendered page: `?lang=` (`named`), else the EN/FR choice (cookie), else
 * Accept-Language.
 */
export function pickPageLanguage(request: FastifyRequest): { language: Locale; named: boolean } {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = query?.[LANGUAGE_PARAM];
  if (isLocale(asked)) return { language: asked, named: true };
  return { language: negotiatedLanguage(request), named: false };
}

function negotiatedLanguage(request: FastifyRequest): Locale {
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLocale(cookie)) return cookie;
  return pickLocale(request.headers['accept-language']);
}

function topicsOf(resources: readonly PageResource[]): ReadTopic[] {
  const topics = resources.flatMap(
    (resource) => TOPIC_OF_RESOURCE.find(([prefix]) => resource.path.startsWith(prefix))?.[1] ?? [],
  );
  return [...new Set(topics)];
}

export type PublicPagesOptions = {
  distDir: string;
  publicUrl: string;
  timeZone: string;
  entry: ServerEntry;
};

/** Loads the web build's server entry, or undefined when the build has none (API-only runs). */
export async function loadServerEntry(serverEntry: string): Promise<ServerEntry | undefined> {
  if (!fs.existsSync(serverEntry)) return undefined;
  return (await import(pathToFileURL(serverEntry).href)) as ServerEntry;
}

/**
 * The pre-rendered public pages (decision 018): `/`, `/services`, `/about-us`, `/contacts` as HTML in the
 * visitor's language, with the catalogue and published feedback in it, rendered by the web build's own
 * server entry and kept in the public reads cache, so a page is rendered again only after a write to what
 * it shows (in any server process) and is otherwise sent from memory, precompressed, with a strong ETag.
 */
export const publicPagesPlugin = fp(
  (app: FastifyInstance, options: PublicPagesOptions, done: (error?: Error) => void) => {
    const { entry, distDir } = options;
    const template = fs.readFileSync(path.join(distDir, 'public.html'), 'utf8');
    // The template without the tags Vite wrote for its entry: each page says itself what it loads.
    const shell = template.replace(VITE_ASSET_TAGS, '');
    if (shell.includes('/assets/'))
      throw new Error('public.html links a built file the pages would not inline.');
    const styleElements = new Map<string, string>();
    /**
     * A style sheet of the build, inline. A disabled `<link>` names it (browsers fetch no disabled style
     * sheet), so Vite's loader, which skips a style sheet the document links, never loads it again when a
     * module that imports it is loaded later.
     */
    const styleOf = (file: string): string => {
      let element = styleElements.get(file);
      if (element === undefined) {
        const css = fs.readFileSync(path.join(distDir, file), 'utf8');
        if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains "</style".`);
        element = `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
        styleElements.set(file, element);
      }
      return element;
    };
    const manifest = entry.readManifest(distDir);
    const facts = { timeZone: options.timeZone };
    const catalogues = new Map<Locale, CatalogueTree>();
    const catalogueOf = (language: Locale): CatalogueTree => {
      let catalogue = catalogues.get(language);
      if (!catalogue) {
        const file = path.join(distDir, 'locales', language, 'translation.json');
        catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as CatalogueTree;
        catalogues.set(language, catalogue);
      }
      return catalogue;
    };

    /** A page's public reads, as the API answers them (from its cache); a failed one is left for the page. */
    async function readResources(resources: readonly PageResource[]): Promise<Record<string, unknown>> {
      const answers = await Promise.all(
        resources.map(async (resource) => {
          const response = await app.inject({
            method: 'GET',
            url: resource.path,
            headers: { accept: 'application/json' },
          });
          return response.statusCode === 200 ? ([resource.key, response.json()] as const) : undefined;
        }),
      );
      return Object.fromEntries(answers.filter((answer) => answer !== undefined));
    }

    async function renderDocument(
      pathname: string,
      language: Locale,
      named: boolean,
    ): Promise<string | undefined> {
      const resources = await readResources(entry.resourcesOf(pathname));
      const rendered = await entry.renderPublicPage({
        pathname,
        language,
        catalogue: catalogueOf(language),
        resources,
        facts,
        origin: options.publicUrl,
        named,
      });
      if (!rendered) return undefined;
      const { scripts, styles } = entry.pageAssets(manifest, pathname);
      // Styles inline, in cascade order, then the theme's variables: the page paints from this one answer.
      const inlineStyles = styles.map(styleOf).join('');
      const boot = pageBootElement(
        scripts.map((file) => `/${file}`),
        `/locales/${language}/translation.json`,
      );
      return shell
        .replace('<html lang="en"', `<html lang="${language}"`)
        .replace('<!--eclat-head-->', rendered.head)
        .replace('</head>', `${inlineStyles}${rendered.styles}</head>`)
        .replace('<!--eclat-body-->', rendered.body)
        .replace('<!--eclat-data-->', `${rendered.data}${boot}`);
    }

    const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
      const { language, named } = pickPageLanguage(request);
      reply.header('Content-Language', language);
      const sent = await app.publicReads.page(request, reply, {
        key: `page:${pathname}:${language}:${named ? 'named' : 'negotiated'}`,
        topics: topicsOf(entry.resourcesOf(pathname)),
        vary: VARY,
        load: async () => {
          const html = await renderDocument(pathname, language, named);
          return html === undefined
            ? undefined
            : { body: Buffer.from(html), type: 'text/html; charset=utf-8' };
        },
      });
      if (!sent) reply.code(404).type('text/plain').send('Not found');
      return reply;
    };

    for (const pathname of entry.PUBLIC_PAGE_PATHS) {
      app.get(pathname, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, pathname));
    }
    done();
  },
  { name: 'public-pages', dependencies: ['public-reads'] },
);
