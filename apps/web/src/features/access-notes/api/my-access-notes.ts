import {
  accessNoteReadSchema,
  accessNotesSchema,
  type AccessNotes,
  type AccessNotesInput,
} from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPut } from '@/lib/api-client';

import { customersKeys } from '@/lib/query-keys';

const notesKey = (email: string) => [...customersKeys.me(email), 'access-notes'] as const;
const readsKey = (email: string) => [...customersKeys.me(email), 'access-notes', 'reads'] as const;

/** `GET /customers/me/access-notes` (decision 065): the notes of the customer's place. */
export function myAccessNotesQueryOptions(email: string) {
  return queryOptions({
    queryKey: notesKey(email),
    queryFn: ({ signal }) => apiGet('/customers/me/access-notes', { schema: accessNotesSchema, signal }),
  });
}

export function useMyAccessNotes(email: string) {
  return useQuery(myAccessNotesQueryOptions(email));
}

/** `GET /customers/me/access-notes/reads`: who read them, when, for which visit. */
export function useMyAccessNotesReads(email: string) {
  return useQuery({
    queryKey: readsKey(email),
    queryFn: ({ signal }) =>
      apiGet('/customers/me/access-notes/reads', { schema: accessNoteReadSchema.array(), signal }),
  });
}

/** `PUT /customers/me/access-notes`; the answer becomes the cached notes. */
export function useSaveMyAccessNotes(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessNotesInput): Promise<AccessNotes> =>
      apiPut('/customers/me/access-notes', { body: input, schema: accessNotesSchema }),
    onSuccess: (notes) => {
      queryClient.setQueryData(notesKey(email), notes);
    },
  });
}
