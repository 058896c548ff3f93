import { z } from 'zod';

/**
 * The zod of the shared schemas. In a browser it checks data without compiling parsers with `new Function`
 * (`jitless`): the site's Content-Security-Policy allows no `'unsafe-eval'`, and zod's test of whether eval
 * is allowed, although it catches the refusal, is reported by the browser as a CSP violation on every page
 * (and costs the page its Lighthouse best-practices points). The switch must come before the first schema
 * is built, so every shared file takes `z` from here. On the server eval is allowed, and the compiled
 * parsers, which are faster, stay.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
