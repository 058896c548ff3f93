import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * Every oidc-provider artifact (sessions, grants, codes, refresh tokens, interactions ...), so no state
 * lives in memory: a restart keeps people signed in and several instances share the work.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Token signing keys (private JWKs) and cookie keys, generated on first start and shared by instances. */
export const authKeys = pgTable('auth_keys', {
  id: id(),
  kind: text('kind', { enum: ['signing', 'cookie'] }).notNull(),
  material: jsonb('material').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** A retired signing key still verifies tokens it signed, but signs no new ones. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** Failed attempts per key (`account:<email>`, `ip:<address>` ...), to slow down guessing. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Single-use links sent by email: password resets and email verifications (`purpose`). The table keeps its
 * first name, from when it held resets only.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token sent by email; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['password-reset', 'email-verification'] })
      .notNull()
      .default('password-reset'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.purpose)],
);
