import type { Permission } from '@eclat/shared';
import type { Database } from '../db/client.ts';
import type { ReadTopic } from '../lib/read-cache.ts';
import type { AuthKeys } from '../modules/auth/keys.ts';
import type { AuthContext } from '../plugins/auth.ts';
import type { Jobs } from '../plugins/jobs.ts';
import type { PublicReads } from '../plugins/public-reads.ts';

// Decorations added by our plugins (declaration merging needs interfaces).
declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    jobs: Jobs;
    /** The cache of public reads (plugins/public-reads.ts). */
    publicReads: PublicReads;
    /** Keys of the embedded provider; null with an external provider. */
    authKeys: AuthKeys | null;
    /** Guard, run as preValidation so refusals come before body errors: a valid bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** On public endpoints: the signed-in user when a valid token is sent, else null. */
    optionalUser: (request: FastifyRequest) => Promise<AuthContext | null>;
    /** Guard (preValidation): a valid bearer token whose user holds at least one of the permissions. */
    requireAnyPermission(
      ...permissions: Permission[]
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** A route that writes: the public reads it changes, dropped in this process before it answers. */
    invalidates?: readonly ReadTopic[];
  }
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
}
