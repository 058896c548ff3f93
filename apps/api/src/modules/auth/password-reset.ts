import type { Locale } from '@eclat/shared';
import type { Jobs } from '../../plugins/jobs.ts';
import { findUserByEmail } from './accounts.repository.ts';
import { createEmailToken, TOKEN_LIFETIME_MINUTES } from './email-tokens.ts';
import { greetingNameOf } from './email-verification.ts';

export const RESET_MINUTES = TOKEN_LIFETIME_MINUTES['password-reset'];

/**
 * The `password-reset` job (queued by "Forgot password" for every address asked, an account or not, so
 * the page does the same work either way): when the address has an account, a single-use link to choose a
 * new password is emailed to it, in the language of the page; else nothing happens. The greeting has a
 * name only when the address is confirmed (`greetingNameOf`).
 */
export async function sendPasswordResetLink(
  jobs: Jobs,
  publicUrl: string,
  request: { email: string; locale: Locale },
): Promise<void> {
  await jobs.transaction(async (tx) => {
    const user = await findUserByEmail(tx.db, request.email);
    if (!user) return;
    const token = await createEmailToken(tx.db, user.id, 'password-reset');
    await tx.enqueue('email', {
      to: user.email,
      locale: request.locale,
      message: {
        template: 'password-reset',
        data: {
          firstName: greetingNameOf(user),
          resetUrl: `${publicUrl}/oidc/account/reset-password?token=${token}&lang=${request.locale}`,
          expiresInMinutes: RESET_MINUTES,
        },
      },
    });
  });
}
