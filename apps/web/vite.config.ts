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

/** Vendor code in a few long-lived chunks: an app deploy does not invalidate the browser's cache of them. */
const VENDOR_CHUNKS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
  {
    name: 'router',
    test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 40,
  },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 40 },
  {
    name: 'i18n',
    test: /[\\/]node_modules[\\/](i18next|react-i18next|i18next-http-backend|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
    priority: 40,
  },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 40 },
  {
    name: 'mantine',
    test: /[\\/]node_modules[\\/](@mantine|@floating-ui|dayjs|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|react-number-format|react-textarea-autosize|use-composed-ref|use-isomorphic-layout-effect|use-latest)[\\/]/,
    priority: 30,
  },
];

export default defineConfig({
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
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_CHUNKS.map((group) => ({ ...group, tags: ['$initial' as const] })),
        },
      },
    },
  },
});
