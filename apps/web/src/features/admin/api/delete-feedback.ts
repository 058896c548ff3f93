import { useMutation, useQueryClient } from '@tanstack/react-query';

import { feedbackKeys } from '@/features/feedback/api/get-visible-feedback';
import { apiDelete } from '@/lib/api-client';

export async function deleteFeedback(feedbackId: string): Promise<void> {
  await apiDelete(`/feedbacks/${encodeURIComponent(feedbackId)}`);
}

export function useDeleteFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
