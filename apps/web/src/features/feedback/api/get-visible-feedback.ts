import { feedbackSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

const feedbackListSchema = feedbackSchema.array();

export const feedbackKeys = {
  all: ['feedback'] as const,
  visible: () => [...feedbackKeys.all, 'list', 'VISIBLE'] as const,
};

/** Published feedback, newest first (public). */
export function getVisibleFeedback(signal?: AbortSignal) {
  return apiGet('/feedbacks', { query: { status: 'VISIBLE' }, schema: feedbackListSchema, signal });
}

export function visibleFeedbackQueryOptions() {
  return queryOptions({
    queryKey: feedbackKeys.visible(),
    queryFn: ({ signal }) => getVisibleFeedback(signal),
  });
}

export function useVisibleFeedback() {
  return useQuery(visibleFeedbackQueryOptions());
}
