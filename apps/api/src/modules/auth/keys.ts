import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import { authKeys } from '../../db/schema/index.ts';

export const SIGNING_ALG = 'RS256';
const KEYS_LOCK_ID = 7_310_405_213;

export type AuthKeys = {
  /** Private signing keys, newest first: the first signs, all verify (rotation-ready). */
  signing: JWK[];
  /** Cookie signing secrets, newest first. */
  cookie: string[];
};

/**
 * Loads the provider's keys from the database, creating them on the first start. Every instance reads
 * the same keys, so tokens and cookies are valid across instances and restarts.
 */
export async function loadAuthKeys(db: Db): Promise<AuthKeys> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK_ID})`);
    const existing = await tx
      .select({ kind: authKeys.kind })
      .from(authKeys)
      .where(isNull(authKeys.retiredAt));
    if (!existing.some((key) => key.kind === 'signing')) {
      const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
      const jwk = await exportJWK(privateKey);
      const kid = `${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
      await tx
        .insert(authKeys)
        .values({ kind: 'signing', material: { ...jwk, kid, alg: SIGNING_ALG, use: 'sig' } });
    }
    if (!existing.some((key) => key.kind === 'cookie')) {
      await tx
        .insert(authKeys)
        .values({ kind: 'cookie', material: { secret: randomBytes(32).toString('base64url') } });
    }
  });
  const rows = await db.select().from(authKeys).orderBy(asc(authKeys.createdAt));
  const newestFirst = rows.reverse();
  return {
    signing: newestFirst.filter((row) => row.kind === 'signing').map((row) => row.material as JWK),
    cookie: newestFirst
      .filter((row) => row.kind === 'cookie' && !row.retiredAt)
      .map((row) => (row.material as { secret: string }).secret),
  };
}

/** The public half of a private JWK. */
export function toPublicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use, crv, x, y } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
  );
}

export async function retireSigningKey(db: Db, id: string): Promise<void> {
  await db.update(authKeys).set({ retiredAt: new Date() }).where(eq(authKeys.id, id));
}
