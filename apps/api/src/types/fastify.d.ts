import type { Database } from '../db/client.ts';

// Decorations added by our plugins (declaration merging needs interfaces).
declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}
