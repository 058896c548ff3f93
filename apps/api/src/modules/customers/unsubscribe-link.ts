/** The page of the one-click link (under /api/v1), answered by `email-preferences.routes.ts`. */
export const UNSUBSCRIBE_PATH = '/email-preferences/unsubscribe';

/** The one-click unsubscribe address of a customer's optional emails (RFC 8058), for their headers. */
export function unsubscribeUrl(publicUrl: string, emailToken: string): string {
  return `${publicUrl}/api/v1${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(emailToken)}`;
}
