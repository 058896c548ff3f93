import { authConfigSchema, type AuthConfig } from '@eclat/shared';

import { apiGet } from '@/lib/api-client';

import { CONFIG_ERROR_TOAST_ID, showAuthError, startSignIn } from './sign-in';
import { getUserManager } from './user-manager';

/**
 * Log In without a running session: the provider's settings are loaded now (a toast says so when they
 * cannot be), then the browser leaves for the provider.
 */
export async function signInLoadingConfig(
  loadConfig: () => Promise<AuthConfig>,
  returnTo: string | undefined,
): Promise<void> {
  let config: AuthConfig;
  try {
    config = await loadConfig();
  } catch {
    showAuthError(CONFIG_ERROR_TOAST_ID, 'auth.unavailable');
    return;
  }
  await startSignIn(getUserManager(config), config, returnTo);
}

/**
 * Log In from a pre-rendered page: the sign-in code (the OpenID Connect library, the provider's settings)
 * loads only now, then the browser leaves for the provider.
 */
export function signInVisitor(returnTo: string | undefined): Promise<void> {
  return signInLoadingConfig(() => apiGet('/auth/config', { schema: authConfigSchema }), returnTo);
}
