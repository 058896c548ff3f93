import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGetBlob } from '@/lib/api-client';

import { quotesKeys } from './keys';

/** `GET /quotes/{id}/photos/{index}`: a photo of a request, read with the caller's token. */
export function getQuotePhoto(quoteId: string, index: number, signal?: AbortSignal) {
  return apiGetBlob(`/quotes/${encodeURIComponent(quoteId)}/photos/${index}`, { signal, timeoutMs: 30_000 });
}

export function quotePhotoQueryOptions(quoteId: string, index: number) {
  return queryOptions({
    queryKey: quotesKeys.photo(quoteId, index),
    queryFn: ({ signal }) => getQuotePhoto(quoteId, index, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useQuotePhoto(quoteId: string, index: number) {
  return useQuery(quotePhotoQueryOptions(quoteId, index));
}
