import { contactMessageAcceptedSchema, type ContactMessageInput } from '@eclat/shared';
import { useMutation } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

export function sendContactMessage(input: ContactMessageInput) {
  return apiPost('/contact/send', { body: input, schema: contactMessageAcceptedSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
