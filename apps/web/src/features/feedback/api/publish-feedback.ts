import { feedbackSchema, type FeedbackStatus } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateFeedback } from '@/features/feedback/api/feedback-keys';
import { apiPatch } from '@/lib/api-client';

/**
 * Shows or hides one feedback (admin). Spec §7: the body is the plain text VISIBLE or INVISIBLE.
 * A Blob is sent as it is by the api client (a string would be JSON-encoded, quotes included).
 */
export function publishFeedback({ feedbackId, status }: { feedbackId: string; status: FeedbackStatus }) {
  return apiPatch(`/feedbacks/${encodeURIComponent(feedbackId)}/publish`, {
    body: new Blob([status], { type: 'text/plain' }),
    headers: { 'Content-Type': 'text/plain' },
    schema: feedbackSchema,
  });
}

export function usePublishFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishFeedback,
    onSuccess: () => invalidateFeedback(queryClient),
  });
}
