import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';

import type { QueryValue, ResponseSchema } from './api-client';
import { apiGetPage, type KeysetPageResult } from './api-page';

/** A list the API answers a keyset page at a time, the next page in its `Link` header (decision 024). */
export type KeysetListSource<T> = {
  queryKey: QueryKey;
  path: string;
  /** The first page's parameters (a search, a filter); the next pages' links carry them. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  schema: ResponseSchema<T[]>;
};

export type KeysetListData<T> = InfiniteData<KeysetPageResult<T>, string | null>;

/** The query of a keyset list: the first page from `path`, each next one from the link before. */
export function keysetListOptions<T>(source: KeysetListSource<T>) {
  const { path, query, headers, schema } = source;
  return infiniteQueryOptions({
    queryKey: source.queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      pageParam === null
        ? apiGetPage(path, { query, headers, schema, signal })
        : apiGetPage(pageParam, { headers, schema, signal }),
    getNextPageParam: (last: KeysetPageResult<T>) => last.next,
  });
}

type KeysetListOptions = {
  enabled?: boolean;
  refetchInterval?: number;
  staleTime?: number;
  /** Keep the rows shown while another search loads (a search box). */
  keepPrevious?: boolean;
};

/**
 * A keyset list read page by page: `items` are the rows of every page read so far; `hasNextPage` and
 * `fetchNextPage` drive a "Show more" (`components/ui/show-more.tsx`). The one way the web app reads
 * such a list: my appointments, the admin's feedback, customers and user accounts.
 */
export function useKeysetList<T>(source: KeysetListSource<T>, options: KeysetListOptions = {}) {
  const { keepPrevious, ...rest } = options;
  const query = useInfiniteQuery({
    ...keysetListOptions(source),
    ...rest,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, items };
}

/** Changes the rows of a keyset list already read (an optimistic update), wherever they are. */
export function updateKeysetItems<T>(client: QueryClient, queryKey: QueryKey, update: (item: T) => T) {
  client.setQueryData<KeysetListData<T>>(queryKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) } : data,
  );
}
