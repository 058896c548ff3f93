import { feedbackSchema } from '@eclat/shared';

import { feedbackKeys } from '@/features/feedback/api/feedback-keys';
import { useKeysetList } from '@/lib/use-keyset-list';

const feedbackListSchema = feedbackSchema.array();

/** Under the feedback key, so publishing or deleting refreshes the home page's list too. */
export const allFeedbackKey = [...feedbackKeys.all, 'list', 'all'] as const;

/** Every feedback, visible or not, newest first (admin): 200 at a time, then "Show more". */
export function useAllFeedback() {
  return useKeysetList({ queryKey: allFeedbackKey, path: '/feedbacks', schema: feedbackListSchema });
}
