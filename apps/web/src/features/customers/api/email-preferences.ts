import { emailPreferencesSchema, type EmailPreferences } from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPut } from '@/lib/api-client';

import { customersKeys } from '@/lib/query-keys';

const emailPreferencesKey = (email: string) => [...customersKeys.me(email), 'email-preferences'] as const;

/** `GET /customers/me/email-preferences`: whether reminders and feedback requests are sent. */
export function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return apiGet('/customers/me/email-preferences', { schema: emailPreferencesSchema, signal });
}

export function emailPreferencesQueryOptions(email: string) {
  return queryOptions({
    queryKey: emailPreferencesKey(email),
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });
}

/** Only once the person has a customer profile (the API answers 404 before). */
export function useEmailPreferences(email: string, enabled: boolean) {
  return useQuery({ ...emailPreferencesQueryOptions(email), enabled });
}

/** `PUT /customers/me/email-preferences`; the answer becomes the cached state. */
export function saveEmailPreferences(input: EmailPreferences): Promise<EmailPreferences> {
  return apiPut('/customers/me/email-preferences', { body: input, schema: emailPreferencesSchema });
}

export function useSaveEmailPreferences(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData(emailPreferencesKey(email), preferences);
    },
  });
}
