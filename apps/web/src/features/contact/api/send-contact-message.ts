import type { ContactMessageInput } from '@eclat/shared';

import { apiPost } from '@/lib/api-client';

/** The answer is not checked against its zod schema: zod stays out of the public pages. */
const accepted = { parse: (data: unknown) => data as { status: 'accepted' } };

export function sendContactMessage(input: ContactMessageInput) {
  return apiPost('/contact/send', { body: input, schema: accepted });
}
