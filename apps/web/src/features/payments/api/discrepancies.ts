import { discrepanciesSchema, discrepancySchema, type ResolveDiscrepancyBody } from '@eclat/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPost } from '@/lib/api-client';

/** What the reconciliation with Stripe found (decisions 058, 061): its own key, read by the admin only. */
export const discrepanciesKey = ['payments', 'discrepancies'] as const;

/** Differences a page of the office's list shows. */
export const DISCREPANCIES_PAGE_SIZE = 20;

/**
 * `GET /payments/discrepancies?page=` (admin, PAYMENTS=stripe): a page (from 0), those still open first;
 * the page shown stays while the next one loads.
 */
export function useDiscrepancies(page: number) {
  return useQuery({
    queryKey: [...discrepanciesKey, page],
    queryFn: ({ signal }) =>
      apiGet('/payments/discrepancies', {
        query: { page, size: DISCREPANCIES_PAGE_SIZE },
        schema: discrepanciesSchema,
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
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
