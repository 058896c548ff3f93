import { useMutation } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

/**
 * Ends every session of the signed-in account (every device, this tab included): the API refuses every
 * access token issued so far and the provider forgets every session and refresh token. The server answers 204.
 */
export async function signOutEverywhere(): Promise<void> {
  await apiPost('/auth/sign-out-everywhere');
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
