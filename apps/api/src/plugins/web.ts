import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLocale, type ErrorBody } from '@eclat/shared';
import { loadServerEntry, publicPagesPlugin } from './public-pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Paths that belong to the server, never to the single-page app. */
const SERVER_PREFIXES = ['/api/', '/oidc/', '/locales/', '/locals/'];

function isServerPath(url: string): boolean {
  return url === '/api' || url === '/oidc' || SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function sendJsonNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody = {
    code: 'NOT_FOUND',
    message: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`,
  };
  return reply.code(404).send(body);
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` always revalidated, and the
 * history fallback (any other GET that wants HTML gets `index.html`). Translation catalogues are served at
 * `/locales/{lng}/translation.json` and at the spec's `/locals/{lng}/translation.json`.
 * Without a build (API-only runs and tests), unknown paths get the JSON 404.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string; publicUrl: string; timeZone: string }) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    if (!hasBuild) {
      app.log.warn({ distDir: options.distDir }, 'no web build found: serving the API only');
      app.setNotFoundHandler(sendJsonNotFound);
      return;
    }

    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: true,
      index: false,
      etag: true,
      lastModified: true,
      cacheControl: false,
      // The `.br` or `.gz` form the build wrote (decision 017), as the client accepts; `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(options.distDir, filePath).split(path.sep).join('/');
        res.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });

    app.get('/locals/:lng/translation.json', { schema: { hide: true } }, (request, reply) => {
      const { lng } = request.params as { lng: string };
      if (!isLocale(lng)) return sendJsonNotFound(request, reply);
      reply.header('Cache-Control', REVALIDATE);
      return reply.sendFile(`locales/${lng}/translation.json`);
    });

    // The public pages come pre-rendered when the build has its server entry (decision 018).
    const entry = await loadServerEntry(path.join(options.distDir, '..', 'dist-server', 'server.js'));
    // The single-page app's document, with the facts the server gives every page (the business time zone).
    const indexHtml = fs
      .readFileSync(indexFile, 'utf8')
      .replace('</head>', `${entry?.pageFactsMeta({ timeZone: options.timeZone }) ?? ''}</head>`);
    // Compressed once and kept, like the public reads: the same document for every screen of the app.
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      await app.publicReads.page(request, reply, {
        key: 'document:index',
        topics: [],
        load: () => Promise.resolve({ body: Buffer.from(indexHtml), type: 'text/html; charset=utf-8' }),
      });
      return reply;
    };

    if (entry) {
      await app.register(publicPagesPlugin, { ...options, entry });
    } else {
      app.get('/', { schema: { hide: true } }, sendIndex);
    }

    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      const url = request.url.split('?')[0] ?? '/';
      if (isPageRequest && wantsHtml && !isServerPath(url) && !path.extname(url)) {
        return sendIndex(request, reply);
      }
      return sendJsonNotFound(request, reply);
    });
  },
  { name: 'web' },
);
