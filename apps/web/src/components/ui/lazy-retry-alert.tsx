import { lazy, Suspense } from 'react';

const LoadErrorAlert = lazy(() =>
  import('./query-states').then((module) => ({ default: module.LoadErrorAlert })),
);

/**
 * The load error alert with Retry (components/ui/query-states.tsx), its code loaded only when a list could
 * not load: the public pages' first visit does without it.
 */
export function LazyRetryAlert(props: { title: string; message: string; onRetry: () => void }) {
  return (
    <Suspense fallback={null}>
      <LoadErrorAlert {...props} />
    </Suspense>
  );
}
