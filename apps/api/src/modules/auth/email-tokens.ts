import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';

/** What a link sent by email is for; one table and one implementation for both. */
export type EmailTokenPurpose = 'password-reset' | 'email-verification';

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MINUTES: Record<EmailTokenPurpose, number> = {
  'password-reset': 30,
  'email-verification': 24 * 60,
};

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new single-use token for the account; only its hash is stored. Returns the token to put in the link. */
export async function createEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    purpose,
    userId,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
  });
  return token;
}

const usable = (token: string, purpose: EmailTokenPurpose) =>
  and(
    eq(passwordResetTokens.tokenHash, sha256(token)),
    eq(passwordResetTokens.purpose, purpose),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

/** The account a token of this purpose belongs to while it is unused and unexpired (nothing is changed). */
export async function findEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ userId: string } | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable(token, purpose));
  return row;
}

/**
 * Uses the token: atomically marks it used when it is unused and unexpired, and returns its account, so of
 * two parallel uses only one succeeds. Every other unused link of the same purpose for the account stops
 * working too.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ userId: string } | undefined> {
  if (!token) return undefined;
  const now = new Date();
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose))
    .returning({ userId: passwordResetTokens.userId });
  if (!row) return undefined;
  await retireEmailTokens(db, row.userId, purpose, now);
  return row;
}

/** Every unused link of this purpose for the account stops working. */
export async function retireEmailTokens(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, purpose),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}
