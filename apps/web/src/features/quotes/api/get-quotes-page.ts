import { quotesPageSchema, type QuoteStatus } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { quotesKeys } from './keys';

/** `GET /quotes?status=&page=` (admin): quote requests, newest first. */
export function getQuotesPage(status: QuoteStatus | null, page: number, signal?: AbortSignal) {
  return apiGet('/quotes', {
    query: { status: status ?? undefined, page, size: 10 },
    schema: quotesPageSchema,
    signal,
  });
}

export function quotesPageQueryOptions(status: QuoteStatus | null, page: number) {
  return queryOptions({
    queryKey: quotesKeys.page(status, page),
    queryFn: ({ signal }) => getQuotesPage(status, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQuotesPage(status: QuoteStatus | null, page: number) {
  return useQuery(quotesPageQueryOptions(status, page));
}
