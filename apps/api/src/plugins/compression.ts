import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_THRESHOLD } from '../lib/read-cache.ts';

/** The catch-all route of the web app's files (`@fastify/static` with the prefix `/`, in `web.ts`). */
export const WEB_FILES_ROUTE = '/*';

/**
 * Compression of the responses made per request: brotli or gzip, from `COMPRESS_THRESHOLD` up (decisions
 * 015 and 017). Public reads come from their cache already compressed, and are left as they are.
 *
 * The files of the web build are never compressed here: the build wrote their `.br` and `.gz` forms (brotli
 * 11, gzip 9) and `@fastify/static` sends the one the client accepts; a file without them is under 1 KB or
 * does not shrink. `@fastify/compress` would otherwise encode every file it streams, whatever its size (its
 * threshold only applies to bodies held in memory), so the file route is taken out of it before it is
 * declared. Another route that sends built files says `compress: false` itself.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.url === WEB_FILES_ROUTE) route.compress = false;
    });
    await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
