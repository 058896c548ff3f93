import { lazy, Suspense, type ComponentProps } from 'react';

const RetryAlertModule = lazy(() =>
  import('./retry-alert').then((module) => ({ default: module.RetryAlert })),
);

/** The retry alert, its code loaded only when a list could not load (the first visit does without it). */
export function LazyRetryAlert(props: ComponentProps<typeof RetryAlertModule>) {
  return (
    <Suspense fallback={null}>
      <RetryAlertModule {...props} />
    </Suspense>
  );
}
