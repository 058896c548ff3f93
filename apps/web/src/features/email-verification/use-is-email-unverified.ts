import { useMe } from '@/lib/auth/get-me';
import { useSession } from '@/lib/auth/session';

/** The id of the sentence saying why an action waits for the email to be confirmed. */
export const EMAIL_UNVERIFIED_NOTE_ID = 'email-unverified-note';

/**
 * True while the signed-in person has not followed the emailed link (`/auth/me` says
 * `emailVerified: false`): saving a profile or booking would be refused, so pages do not offer it.
 * False while that is not known yet, for a visitor, and once verified.
 */
export function useIsEmailUnverified(): boolean {
  const { status } = useSession();
  const me = useMe({ enabled: status === 'signed-in' });
  return me.data?.emailVerified === false;
}
