import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateFeedback } from '@/features/feedback/api/feedback-keys';
import { apiDelete } from '@/lib/api-client';

export async function deleteFeedback(feedbackId: string): Promise<void> {
  await apiDelete(`/feedbacks/${encodeURIComponent(feedbackId)}`);
}

export function useDeleteFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeedback,
    onSuccess: () => invalidateFeedback(queryClient),
  });
}
