import { feedbackSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { feedbackKeys } from '@/features/feedback/api/feedback-keys';
import { apiGet } from '@/lib/api-client';

const feedbackListSchema = feedbackSchema.array();

/** Under the feedback key, so publishing or deleting refreshes the home page's list too. */
export const allFeedbackKey = [...feedbackKeys.all, 'list', 'all'] as const;

/** Every feedback, visible or not (admin). */
export function getAllFeedback(signal?: AbortSignal) {
  return apiGet('/feedbacks', { schema: feedbackListSchema, signal });
}

export function allFeedbackQueryOptions() {
  return queryOptions({ queryKey: allFeedbackKey, queryFn: ({ signal }) => getAllFeedback(signal) });
}

export function useAllFeedback() {
  return useQuery(allFeedbackQueryOptions());
}
