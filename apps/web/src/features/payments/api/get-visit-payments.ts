import { visitPaymentsSchema } from '@eclat/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { paymentsKeys } from '@/lib/query-keys';

/** `GET /appointments/:id/payments` (an admin, or the visit's customer): its money and its ledger. */
export function useVisitPayments(appointmentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: paymentsKeys.visit(appointmentId),
    queryFn: ({ signal }) =>
      apiGet(`/appointments/${encodeURIComponent(appointmentId)}/payments`, {
        schema: visitPaymentsSchema,
        signal,
      }),
    enabled,
    staleTime: 0,
  });
}
