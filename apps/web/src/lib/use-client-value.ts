import { useCallback, useRef, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (its storage, the navigation's state), read once per component: the
 * server's pre-rendering and the hydration see `serverValue`, then the component renders again with the
 * browser's; a screen rendered in the browser from the start has it at once, with no second render.
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  // Read once: later renders keep the first answer, whatever function they pass.
  const firstRead = useRef(read);
  const cache = useRef<{ value: T } | null>(null);
  const getSnapshot = useCallback(() => {
    cache.current ??= { value: firstRead.current() };
    return cache.current.value;
  }, []);
  const getServerSnapshot = useCallback(() => serverValue, [serverValue]);
  return useSyncExternalStore(noSubscription, getSnapshot, getServerSnapshot);
}
