import { quoteSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { quotesKeys } from './keys';

/** `GET /quotes/mine`: my quote requests with their answers, newest first. */
export function getMyQuotes(signal?: AbortSignal) {
  return apiGet('/quotes/mine', { schema: quoteSchema.array(), signal });
}

export function myQuotesQueryOptions() {
  return queryOptions({ queryKey: quotesKeys.mine(), queryFn: ({ signal }) => getMyQuotes(signal) });
}

export function useMyQuotes() {
  return useQuery(myQuotesQueryOptions());
}
