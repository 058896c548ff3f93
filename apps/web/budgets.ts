/**
 * What a first visit may load (issue 12): the gzip -9 size of the JS and CSS files a page loads before any
 * interaction, in KiB (1,024 bytes). Checked by apps/web/test/budgets.test.ts on every `npm test`, printed
 * by `npm run bench:bundle`.
 */
export type Budget = { js?: number; css?: number };

export const BUDGETS: Readonly<Record<string, Budget>> = {
  '/': { js: 100, css: 15 },
  '/services': { js: 110, css: 15 },
};

/** Libraries the first visit does without: each loads when a screen needs it. A text each one's code has. */
export const LATER_LIBRARIES: Readonly<Record<string, string>> = {
  'the router (react-router)': 'React Router',
  'the schema library (zod)': 'ZodError',
  'the query library (@tanstack/react-query)': 'refetchOnWindowFocus',
  'the sign-in library (oidc-client-ts)': 'OidcClient',
};
