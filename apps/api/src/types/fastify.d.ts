import type { Database } from '../db/client.ts';
import type { Jobs } from '../plugins/jobs.ts';

// Decorations added by our plugins (declaration merging needs interfaces).
declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    jobs: Jobs;
  }
}
