/**
 * What the browser downloads to show each public page, measured in Chromium against the production server
 * (built web app, demo content): each page in English and French, at 390 px (a phone, 3 device pixels per
 * CSS pixel) and 1280 px, each load with an empty cache. Per page it prints:
 * - JS and CSS as the issue measures them: every script or style sheet loaded, gzip -9 of its bytes, summed
 *   (a pre-rendered page's style sheets come inline, decision 021: each `<style>` of the build counts as one);
 * - images: bytes transferred;
 * - JS on the wire: the bytes the server actually sent for scripts (brotli when the browser accepts it);
 * - files: every response the page loaded.
 * Budgets from issue 12 stand beside the figures they apply to. Figures only, never a pass/fail.
 * Run: `npm run bench:pages` (builds the web app first when there is no build).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium.ts';
import { ensureWebBuild, startProductionServer } from './support/production-server.ts';

const PAGES = ['/', '/services', '/about-us', '/contacts'] as const;
const LANGUAGES = ['en', 'fr'] as const;
const SCREENS = [
  { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
] as const;
/** Issue 12's budgets, in KB (1,024 bytes); images only at 390 px. */
const BUDGETS: Partial<Record<(typeof PAGES)[number], { js?: number; css?: number; images390?: number }>> = {
  '/': { js: 100, css: 15 },
  '/services': { js: 110, images390: 150 },
};

type Loaded = { url: string; kind: 'js' | 'css' | 'image' | 'other'; wire: number; gzip9: number };

function kindOf(resourceType: string, contentType: string): Loaded['kind'] {
  if (resourceType === 'script' || contentType.includes('javascript')) return 'js';
  if (resourceType === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  if (resourceType === 'image' || contentType.startsWith('image/')) return 'image';
  return 'other';
}

type Recorder = { loaded: Promise<Loaded>[]; quiet(ms: number): Promise<void> };

/**
 * Records every response of the page: its encoded size and, for scripts and styles, gzip -9 of the bytes.
 * `quiet(ms)` waits until no request has been in flight for that long (pictures start only once the cards
 * are drawn, after Playwright's own "network idle" may have passed).
 */
function record(page: Page): Recorder {
  const loaded: Promise<Loaded>[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('request', () => {
    inFlight += 1;
    lastChange = Date.now();
  });
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    settle();
    loaded.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const kind = kindOf(request.resourceType(), response?.headers()['content-type'] ?? '');
        const body = kind === 'js' || kind === 'css' ? await response?.body() : undefined;
        return {
          url: request.url(),
          kind,
          wire: sizes.responseBodySize,
          gzip9: body ? gzipSync(body, { level: 9 }).length : 0,
        };
      })(),
    );
  });
  return {
    loaded,
    async quiet(ms) {
      while (inFlight > 0 || Date.now() - lastChange < ms) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** The page's own content, not only its frame: the first heading, and the cards of home and services. */
async function waitForContent(page: Page, path: string, recorder: Recorder) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (path === '/') await page.locator('main figure').first().waitFor();
  if (path === '/services') await page.locator('main article').first().waitFor();
  await recorder.quiet(1500);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (list: Loaded[], kind: Loaded['kind'], key: 'wire' | 'gzip9') =>
  list.filter((item) => item.kind === kind).reduce((total, item) => total + item[key], 0);
const budget = (value: number | undefined) => (value === undefined ? '' : `≤ ${value}`);

ensureWebBuild();
const server = await startProductionServer('pages');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const rows = [];
  for (const path of PAGES) {
    for (const language of LANGUAGES) {
      for (const screen of SCREENS) {
        const context = await browser.newContext({
          viewport: { width: screen.width, height: screen.height },
          deviceScaleFactor: screen.deviceScaleFactor,
          isMobile: screen.isMobile,
          hasTouch: screen.hasTouch,
          // The app picks the browser's language (and later pages also read `?lang=`).
          locale: language === 'fr' ? 'fr-CA' : 'en-CA',
        });
        const page = await context.newPage();
        const recorder = record(page);
        await page.goto(`${server.base}${path}?lang=${language}`);
        await waitForContent(page, path, recorder);
        const shown = await page.locator('html').getAttribute('lang');
        // The build's style sheets inline in the page (not the theme's variables, written by the server).
        const inlineStyles = await page.evaluate<string[]>(
          "[...document.querySelectorAll('head style:not([data-mantine-styles])')].map((style) => style.textContent ?? '')",
        );
        const inlineCss = inlineStyles.reduce((total, css) => total + gzipSync(css, { level: 9 }).length, 0);
        const loaded = await Promise.all(recorder.loaded);
        await context.close();
        const budgets = BUDGETS[path];
        rows.push({
          page: path,
          lang: shown === language ? language : `${language} (shown: ${shown})`,
          px: screen.width,
          'JS KB (gzip -9)': kb(sum(loaded, 'js', 'gzip9')),
          'JS budget': budget(budgets?.js),
          'CSS KB (gzip -9)': kb(sum(loaded, 'css', 'gzip9') + inlineCss),
          'CSS budget': budget(budgets?.css),
          'images KB': kb(sum(loaded, 'image', 'wire')),
          'images budget': budget(screen.width === 390 ? budgets?.images390 : undefined),
          'JS KB on the wire': kb(sum(loaded, 'js', 'wire')),
          files: loaded.length,
          'JS files': loaded.filter((item) => item.kind === 'js').length,
        });
      }
    }
  }
  console.log(
    `Chromium ${browser.version()}, production server on loopback, empty cache per load; KB = 1,024 bytes. ` +
      'JS and CSS: gzip -9 of each file loaded, summed; on the wire: bytes sent (encoded); images: bytes sent.\n',
  );
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
}
