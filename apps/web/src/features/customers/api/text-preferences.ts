import { textPreferencesSchema, type TextChannel, type TextPreferences } from '@eclat/shared';
import type { Locale } from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPut } from '@/lib/api-client';
import { customersKeys } from '@/lib/query-keys';

const textPreferencesKey = (email: string) => [...customersKeys.me(email), 'text-preferences'] as const;

/** `GET /customers/me/text-preferences`: the mobile number, its consent, and email/text/both per kind. */
export function textPreferencesQueryOptions(email: string) {
  return queryOptions({
    queryKey: textPreferencesKey(email),
    queryFn: ({ signal }) =>
      apiGet('/customers/me/text-preferences', { schema: textPreferencesSchema, signal }),
  });
}

export function useTextPreferences(email: string) {
  return useQuery(textPreferencesQueryOptions(email));
}

/** What the form sends: a number with the consent box and the language it was shown in, or none. */
export type TextPreferencesBody =
  | {
      mobile: string;
      consent: boolean;
      consentLocale: Locale;
      reminderBy: TextChannel;
      confirmationBy: TextChannel;
    }
  | { mobile: null };

/** `PUT /customers/me/text-preferences`; the answer becomes the cached state. */
export function useSaveTextPreferences(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TextPreferencesBody): Promise<TextPreferences> =>
      apiPut('/customers/me/text-preferences', { body, schema: textPreferencesSchema }),
    onSuccess: (preferences) => {
      queryClient.setQueryData(textPreferencesKey(email), preferences);
    },
  });
}
