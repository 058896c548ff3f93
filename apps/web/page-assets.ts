/**
 * What a page of the built web app loads before any interaction, read from Vite's manifest: its HTML
 * entry's script and the modules it imports statically, the pre-rendered page's own module (and its static
 * imports) for a public page, and their styles. The API server preloads exactly these for a public page;
 * the budget test and `bench/pages.ts` weigh them.
 */
import fs from 'node:fs';
import path from 'node:path';

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The public pages' source modules by path (app/public-pages.ts loads them). */
export const PUBLIC_PAGE_SOURCES: Readonly<Record<string, string>> = {
  '/': 'src/app/routes/public/home.tsx',
  '/services': 'src/app/routes/public/services.tsx',
  '/about-us': 'src/app/routes/public/about-us.tsx',
  '/contacts': 'src/app/routes/public/contacts.tsx',
};

export const PUBLIC_ENTRY = 'public.html';

export function readManifest(distDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The files (JS and CSS, under dist) a page loads: from its entry and, for a public page, its module.
 * Scripts start with the entry's own file; styles come in cascade order, as Vite links them (a chunk's
 * imports' styles before its own), so a page's rules refine the components' they build on.
 */
export function pageAssets(manifest: Manifest, pathname: string): { scripts: string[]; styles: string[] } {
  const keys = [PUBLIC_ENTRY];
  const source = PUBLIC_PAGE_SOURCES[pathname];
  if (source) keys.push(source);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest.`);
    scripts.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) styles.add(css);
  };
  for (const key of keys) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}
