import { useMutation } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

/** "Resend": a new verification link for the signed-in account (202; 204 when already verified). */
export function sendVerificationEmail() {
  return apiPost('/auth/verification-email');
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
