import { taxSettingsSchema, type TaxSettings } from '@eclat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPut } from '@/lib/api-client';
import { paymentsKeys } from '@/lib/query-keys';

/** `GET /admin/settings/taxes`: the business's tax numbers and each province's taxes. */
export function useTaxSettings() {
  return useQuery({
    queryKey: paymentsKeys.taxSettings(),
    queryFn: ({ signal }) => apiGet('/admin/settings/taxes', { schema: taxSettingsSchema, signal }),
    staleTime: 0,
  });
}

/** `PUT /admin/settings/taxes`; every visit's money is read again (its taxes may have changed). */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettings) => apiPut('/admin/settings/taxes', { body: settings }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    },
  });
}
