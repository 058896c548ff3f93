import { errors } from 'oidc-provider';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import { oidcPayloads } from '../../db/schema/index.ts';
import { hasUnsafeText } from '../../plugins/input-text.ts';

type Payload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

/** Models whose artifacts belong to a grant and are revoked with it. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * Whether an id or user code could be one we stored: a text without a NUL or a lone surrogate. Anything
 * else comes from a request (a `code`, `refresh_token`, `token` or `client_id` typed by someone) and
 * cannot exist, so it is not looked for (PostgreSQL would refuse the NUL, a 500).
 */
const couldExist = (id: unknown): id is string => typeof id === 'string' && !hasUnsafeText(id);

/**
 * oidc-provider's storage in PostgreSQL (one table for every model). Expired rows are invisible and
 * removed by `deleteExpiredOidcPayloads`. An id that cannot exist is not found (and never consumed,
 * destroyed or revoked); a payload PostgreSQL cannot store (a request's `state` with a NUL) is refused as
 * the provider's `invalid_request` (400), which it answers in its own shape (OAuth's JSON, or its page).
 */
export function createOidcAdapterClass(db: Db) {
  return class PostgresOidcAdapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      if (!couldExist(id) || hasUnsafeText(payload)) {
        throw new errors.InvalidRequest('the request holds text that cannot be stored');
      }
      const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.model,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.type, oidcPayloads.id],
          set: {
            payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt,
            consumedAt: null,
          },
        });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<Payload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.type, this.model),
            condition,
            sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`,
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as Payload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    async find(id: string) {
      return couldExist(id) ? this.findWhere(eq(oidcPayloads.id, id)) : undefined;
    }

    async findByUid(uid: string) {
      return couldExist(uid) ? this.findWhere(eq(oidcPayloads.uid, uid)) : undefined;
    }

    async findByUserCode(userCode: string) {
      return couldExist(userCode) ? this.findWhere(eq(oidcPayloads.userCode, userCode)) : undefined;
    }

    /**
     * Marks a code or refresh token used, once: of two requests racing with the same token, the second
     * fails (and oidc-provider then treats it as reuse), so a copied token never runs beside the real one.
     */
    async consume(id: string): Promise<void> {
      if (!couldExist(id)) throw new errors.InvalidGrant('grant request is invalid');
      const consumed = await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(
          and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id), isNull(oidcPayloads.consumedAt)),
        )
        .returning({ id: oidcPayloads.id });
      if (consumed.length === 0) throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      if (!couldExist(id)) return;
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (!couldExist(grantId)) return;
      await db
        .delete(oidcPayloads)
        .where(
          and(eq(oidcPayloads.grantId, grantId), sql`${oidcPayloads.type} in ${[...GRANTABLE, 'Grant']}`),
        );
    }
  };
}

export async function deleteExpiredOidcPayloads(db: Db): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(sql`${oidcPayloads.expiresAt} < now() - interval '1 hour'`)
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

/** Signs a user out everywhere (after a password reset): their sessions and grants go away. */
export async function revokeAllSessionsOf(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    delete from ${oidcPayloads}
    where (type = 'Session' and payload->>'accountId' = ${userId})
       or grant_id in (select id from ${oidcPayloads} where type = 'Grant' and payload->>'accountId' = ${userId})
       or (type = 'Grant' and payload->>'accountId' = ${userId})`);
}
