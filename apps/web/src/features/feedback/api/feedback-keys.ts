import type { QueryClient } from '@tanstack/react-query';

import { invalidatePublicResources } from '@/lib/public-resource';

import { PUBLIC_FEEDBACK_KEY } from './public-feedback';

export const feedbackKeys = {
  all: ['feedback'] as const,
};

/** After a write to feedback: the admin's lists (react-query) and the published list (public resource). */
export async function invalidateFeedback(queryClient: QueryClient): Promise<void> {
  invalidatePublicResources(PUBLIC_FEEDBACK_KEY);
  await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
}
