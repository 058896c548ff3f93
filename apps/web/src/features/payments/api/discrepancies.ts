import { discrepanciesSchema, discrepancySchema, type ResolveDiscrepancyBody } from '@eclat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPost } from '@/lib/api-client';

/** What the reconciliation with Stripe found (decisions 058, 061): its own key, read by the admin only. */
export const discrepanciesKey = ['payments', 'discrepancies'] as const;

/** `GET /payments/discrepancies` (admin, PAYMENTS=stripe): the latest 100, those still open first. */
export function useDiscrepancies() {
  return useQuery({
    queryKey: discrepanciesKey,
    queryFn: ({ signal }) => apiGet('/payments/discrepancies', { schema: discrepanciesSchema, signal }),
    staleTime: 0,
  });
}

/** `POST /payments/discrepancies/{id}/resolve` (admin): marked resolved with a note; the list read again. */
export function useResolveDiscrepancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveDiscrepancyBody }) =>
      apiPost(`/payments/discrepancies/${encodeURIComponent(id)}/resolve`, {
        body,
        schema: discrepancySchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discrepanciesKey }),
  });
}
