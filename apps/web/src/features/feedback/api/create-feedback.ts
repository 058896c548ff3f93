import { feedbackSchema, type CreateFeedbackInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { invalidateFeedback } from './feedback-keys';

/** New feedback is always saved hidden; an admin publishes it. */
export function createFeedback(input: CreateFeedbackInput) {
  return apiPost('/feedbacks', { body: input, schema: feedbackSchema });
}

export function useCreateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedback,
    onSuccess: () => invalidateFeedback(queryClient),
  });
}
