import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts from the screens every visitor sees (the language switch, the contact form, a failed sign-in):
 * the toast library loads with the first one, not with the page. The single-page app mounts its host at
 * once (app/provider.tsx); a pre-rendered page mounts `<ToastHost>`, which appears with the first toast.
 */
let requested = false;
const listeners = new Set<() => void>();

export function showToast(data: NotificationData): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}

const LazyNotifications = lazy(() =>
  import('./toast-host').then((module) => ({ default: module.NotificationsHost })),
);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts the toasts' container once a toast is asked for. */
export function ToastHost() {
  const isRequested = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return isRequested ? (
    <Suspense fallback={null}>
      <LazyNotifications />
    </Suspense>
  ) : null;
}
