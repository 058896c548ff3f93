import type { AuthConfig } from '@eclat/shared';
import type { UserManager } from 'oidc-client-ts';

import { i18n, getActiveLanguage } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

import { createSignInArgs } from './oidc-settings';
import {
  formatLocation,
  pickReturnTo,
  readAttemptedLocation,
  rememberAttemptedLocation,
} from './remembered-location';

// Fixed ids: a toast is shown once even when StrictMode runs an effect twice.
export const CONFIG_ERROR_TOAST_ID = 'auth-config-error';
const SIGN_IN_ERROR_TOAST_ID = 'auth-sign-in-error';

export function showAuthError(id: string, messageKey: 'auth.unavailable' | 'auth.signInFailed'): void {
  showToast({
    id,
    color: 'red',
    title: i18n.t('notifications.errorTitle'),
    message: i18n.t(messageKey),
  });
}

/**
 * Sends the browser to the provider's sign-in page (spec §2: the attempted location is remembered
 * and the user comes back to it). Resolves only if the provider could not be reached.
 */
export async function startSignIn(
  manager: UserManager,
  config: AuthConfig,
  requested: string | undefined,
): Promise<void> {
  const returnTo = pickReturnTo({
    requested,
    attempted: readAttemptedLocation(),
    current: formatLocation(window.location),
  });
  // Also kept here, so the callback page's "Try again" returns to the same place.
  rememberAttemptedLocation(returnTo);
  try {
    await manager.signinRedirect(createSignInArgs(config, returnTo, getActiveLanguage()));
  } catch {
    showAuthError(SIGN_IN_ERROR_TOAST_ID, 'auth.signInFailed');
  }
}
