import type { Feedback } from '@eclat/shared';

import { apiGet } from '@/lib/api-client';
import { usePublicResource } from '@/lib/public-resource';

/**
 * Published feedback, newest first, for the home page: pre-rendered with it, then refreshed
 * (lib/public-resource). Not checked against the zod schema, which stays out of the first visit; the server
 * serialises it from that schema.
 */
const asFeedback = { parse: (data: unknown) => data as Feedback[] };

export const PUBLIC_FEEDBACK_KEY = 'feedback:visible';

export function usePublishedFeedback() {
  return usePublicResource(PUBLIC_FEEDBACK_KEY, () =>
    apiGet('/feedbacks', { query: { status: 'VISIBLE' }, schema: asFeedback }),
  );
}
