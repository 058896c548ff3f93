import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { users } from '../../db/schema/index.ts';
import type { ThrottleRule } from '../../plugins/throttle.ts';
import type { Jobs, Transaction } from '../../plugins/jobs.ts';
import { consumeEmailToken, createEmailToken, TOKEN_LIFETIME_MINUTES } from './email-tokens.ts';

/** Verification emails: 3 an hour for one account (the sign-up's own one included). */
export const VERIFICATION_EMAIL_RULE: ThrottleRule = {
  maxFailures: 3,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};
/** The throttle's name; its key is `verification-email:<account id>` (`plugins/rate-limit.ts` builds it). */
export const VERIFICATION_THROTTLE = 'verification-email';
export const verificationThrottleKey = (userId: string) => `${VERIFICATION_THROTTLE}:${userId}`;

export const VERIFICATION_HOURS = TOKEN_LIFETIME_MINUTES['email-verification'] / 60;

/** The link of the account page that confirms an address. */
export function verificationUrl(publicUrl: string, token: string, locale: Locale): string {
  return `${publicUrl}/oidc/account/verify-email?token=${token}&lang=${locale}`;
}

/**
 * The name an email to an account may greet it with: none while its address is not confirmed. Whoever
 * signs up types the name, and the address may be somebody else's: nothing a stranger typed goes to an
 * address nobody has confirmed ("Hello URGENT: log in at https://evil.example", from our domain).
 */
export function greetingNameOf(user: {
  firstName: string;
  emailVerifiedAt: Date | null;
}): string | undefined {
  return user.emailVerifiedAt && user.firstName ? user.firstName : undefined;
}

/**
 * A new verification link for the account, emailed in the given language, in the caller's transaction.
 * The address is not confirmed: the email greets nobody by name (`greetingNameOf`).
 */
export async function sendVerificationEmail(
  tx: Transaction,
  publicUrl: string,
  user: { id: string; email: string },
  locale: Locale,
): Promise<void> {
  const token = await createEmailToken(tx.db, user.id, 'email-verification');
  await tx.enqueue('email', {
    to: user.email,
    locale,
    message: {
      template: 'email-verification',
      data: {
        verifyUrl: verificationUrl(publicUrl, token, locale),
        expiresInHours: VERIFICATION_HOURS,
      },
    },
  });
}

/** A new link on request (`POST /auth/verification-email`): `sendVerificationEmail` in a transaction of its own. */
export async function sendVerificationEmailAgain(
  jobs: Jobs,
  publicUrl: string,
  user: { id: string; email: string },
  locale: Locale,
): Promise<void> {
  await jobs.transaction((tx) => sendVerificationEmail(tx, publicUrl, user, locale));
}

/** Records that the account's owner proved the address (kept as first proved when it already was). */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** Follows a verification link (call it in a transaction): uses the token once and marks the address verified. */
export async function verifyEmailWithToken(db: Db, token: string): Promise<{ userId: string } | undefined> {
  const used = await consumeEmailToken(db, token, 'email-verification');
  if (used) await markEmailVerified(db, used.userId);
  return used;
}
