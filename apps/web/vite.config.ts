import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig, type Connect, type Plugin } from 'vite';

/** The Fastify server (API, OpenID Connect provider) during development. */
const API_ORIGIN = 'http://localhost:3000';

/** Mantine's breakpoints, for `@media (max-width: $mantine-breakpoint-sm)` in CSS modules. */
const MANTINE_BREAKPOINTS = {
  'mantine-breakpoint-xs': '36em',
  'mantine-breakpoint-sm': '48em',
  'mantine-breakpoint-md': '62em',
  'mantine-breakpoint-lg': '75em',
  'mantine-breakpoint-xl': '88em',
};

// postcss-preset-mantine ships without types (`declare module`); this is its documented call.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

/**
 * The spec (§7) loads translations from `/locals/{lng}/translation.json`; the files live under
 * `/locales/`. Serve the same file at both paths in `vite` and `vite preview` (the API server does
 * the same in production).
 */
function localsAlias(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url?.startsWith('/locals/')) req.url = `/locales/${req.url.slice('/locals/'.length)}`;
    next();
  };
  return {
    name: 'eclat:locals-alias',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

/**
 * The first visit's kit, in one file: the pre-rendered pages' shell (and, through it, React, the Mantine it
 * uses, texts, links), the Mantine components and helpers most public pages show, and React DOM. The
 * single-page app reuses it. Each public page adds its own small chunk.
 */
const SHELL_MODULES = [
  /[\\/]src[\\/]app[\\/]public-app\.tsx$/,
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Skeleton|Title|Text|Group|Stack|Container|Button|Loader|Transition|UnstyledButton|Paper)[\\/]/,
  /[\\/]src[\\/]lib[\\/](public-resource|use-page-meta|format)\.tsx?$/,
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), localsAlias()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // One copy of each, whichever workspace folder npm placed it in (one React, one Mantine context).
    dedupe: ['react', 'react-dom'],
  },
  css: {
    postcss: {
      plugins: [mantinePreset(), postcssSimpleVars({ variables: MANTINE_BREAKPOINTS })],
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_ORIGIN, xfwd: true },
      '/oidc': { target: API_ORIGIN, xfwd: true },
    },
  },
  preview: {
    port: 4173,
  },
  // The server entry (entries/server.tsx) bundles the shared package, which is TypeScript source.
  ssr: { noExternal: ['@eclat/shared'] },
  build: {
    // The server entry's build (dist-server) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Read by the server (the scripts and styles of each pre-rendered page) and the budget test.
    manifest: true,
    // Browsers that run this app load modules natively; the polyfill would only add a file.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The single-page app, and the pre-rendered public pages' own small entry.
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        public: fileURLToPath(new URL('./public.html', import.meta.url)),
      },
      output: {
        // A library chunk's name lists every screen that shares it (over 100 characters); each file that
        // imports it repeats the name, so it is cut to `vendor` and its hash: the public pages' budgets count
        // those bytes too.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('vendor~') ? 'assets/vendor-[hash].js' : 'assets/[name]-[hash].js',
        // Libraries in chunks by the set of entries and screens that use them: a page loads what it uses
        // in a few files, not one file per module (nor all of Mantine at once).
        codeSplitting: {
          groups: [
            // The pre-rendered pages' shell and everything it imports (React, the Mantine it uses, texts,
            // links): one file for the first visit, which the single-page app then reuses.
            {
              name: 'shell',
              test: (id: string) => SHELL_MODULES.some((pattern) => pattern.test(id)),
              priority: 20,
            },
            // The Mantine pieces of the public pages' content (cards, inputs, panels): one more file for a
            // page that shows them, shared with the app's forms.
            {
              name: 'content',
              test: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|Textarea|Checkbox|InlineInput|CloseButton|Card|Badge|Image|AspectRatio)[\\/]/,
              priority: 15,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, entriesAware: true, priority: 10 },
          ],
        },
      },
    },
  },
}));
