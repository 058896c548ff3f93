import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The public reads of the public pages (the catalogue, published feedback): what the page came with, then
 * refreshed once it is on screen. It is the query cache of the first visit, small enough to load before
 * anything else (the single-page app's react-query stays out of it): entries by key, one request at a time
 * per key, every screen showing the key re-rendered when it changes, and `invalidatePublicResources` after
 * a write. Its answers are revalidated with the server's ETags, so a refresh that finds nothing new costs a
 * 304.
 */
export type ResourceState<T> =
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: unknown };

type Entry = {
  state: ResourceState<unknown>;
  /** Counts invalidations: screens showing the entry load it again when it changes. */
  generation: number;
  /** When the data was last loaded here (0: came with the page, refresh on first use). */
  loadedAt: number;
  loading: Promise<void> | null;
  listeners: Set<() => void>;
};

const entries = new Map<string, Entry>();
const PENDING: ResourceState<never> = { status: 'pending', data: undefined, error: null };
/** A screen shown again within this time uses what it has. */
const FRESH_MS = 5_000;

function entryOf(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { state: PENDING, generation: 0, loadedAt: 0, loading: null, listeners: new Set() };
    entries.set(key, entry);
  }
  return entry;
}

function update(entry: Entry, state: ResourceState<unknown>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

/** Data the page came with (the pre-rendered page's data island), shown at once and refreshed on first use. */
export function seedPublicResource(key: string, data: unknown): void {
  const entry = entryOf(key);
  if (entry.state.status === 'pending') update(entry, { status: 'success', data, error: null });
}

/** Two JSON answers with the same content (the API writes an answer's keys in one order). */
function sameData(current: unknown, next: unknown): boolean {
  return current === next || JSON.stringify(current) === JSON.stringify(next);
}

/** What is held under `key` now: the object screens render from (the same object: nothing to render). */
export function peekPublicResource(key: string): ResourceState<unknown> {
  return entryOf(key).state;
}

/** Loads `key` with `fetcher` now (one request at a time per key), as a screen showing it would. */
export function loadPublicResource(key: string, fetcher: () => Promise<unknown>): Promise<void> {
  return load(key, fetcher);
}

function load(key: string, fetcher: () => Promise<unknown>): Promise<void> {
  const entry = entryOf(key);
  entry.loading ??= fetcher()
    .then(
      (data) => {
        entry.loadedAt = Date.now();
        // The same answer again (a 304, or nothing changed): the screens showing it are left as they are.
        if (entry.state.status === 'success' && sameData(entry.state.data, data)) return;
        update(entry, { status: 'success', data, error: null });
      },
      (error: unknown) => {
        const data = entry.state.data;
        update(entry, { status: 'error', data, error });
      },
    )
    .finally(() => {
      entry.loading = null;
    });
  return entry.loading;
}

/** Reload every entry whose key starts with `prefix` (after a write), now for those on screen. */
export function invalidatePublicResources(prefix: string): void {
  for (const [key, entry] of entries) {
    if (!key.startsWith(prefix)) continue;
    entry.loadedAt = 0;
    entry.generation += 1;
    for (const listener of entry.listeners) listener();
  }
}

export type PublicResource<T> = ResourceState<T> & {
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<void>;
};

/**
 * Reads `key` (loading it with `fetcher` when it is not fresh), re-rendering when it changes. With
 * `enabled: false`, shows what it has and loads nothing.
 */
export function usePublicResource<T>(
  key: string,
  fetcher: () => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
): PublicResource<T> {
  const entry = entryOf(key);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const getState = useCallback(() => entry.state, [entry]);
  const getGeneration = useCallback(() => entry.generation, [entry]);
  const state = useSyncExternalStore(subscribe, getState, getState) as ResourceState<T>;
  const generation = useSyncExternalStore(subscribe, getGeneration, getGeneration);

  // The fetcher is the same request for the same key: a new function each render must not reload.
  const latestFetcher = useRef(fetcher);
  useEffect(() => {
    latestFetcher.current = fetcher;
  });

  useEffect(() => {
    if (!enabled || entry.loading) return;
    if (entry.loadedAt !== 0 && Date.now() - entry.loadedAt <= FRESH_MS) return;
    void load(key, latestFetcher.current);
  }, [key, enabled, entry, generation]);

  const refetch = useCallback(() => load(key, latestFetcher.current), [key]);
  return { ...state, isPending: state.status === 'pending', isError: state.status === 'error', refetch };
}

/**
 * Renders with `resources` as the only entries (the server's pre-rendering: `render` is synchronous, so
 * no other render sees them), then forgets them.
 */
export function renderWithPublicResources<T>(resources: Record<string, unknown>, render: () => T): T {
  entries.clear();
  for (const [key, data] of Object.entries(resources)) seedPublicResource(key, data);
  try {
    return render();
  } finally {
    entries.clear();
  }
}
