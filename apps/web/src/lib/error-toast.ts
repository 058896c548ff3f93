import type { TFunction } from '@/lib/i18n';
import { useCallback } from 'react';
import { useTranslation } from '@/lib/i18n';

import { isApiError, toErrorCode } from './api-client';
import { showToast } from './toast';

/**
 * Shows the translated text of an error's code (`errors.<CODE>`) in a red toast. Cancelled requests
 * are not errors the user needs to hear about.
 */
export function notifyError(t: TFunction, error: unknown): void {
  if (isApiError(error) && error.kind === 'aborted') return;
  showToast({
    color: 'red',
    title: t('notifications.errorTitle'),
    message: t(`errors.${toErrorCode(error)}`),
  });
}

/** `const showError = useErrorToast(); ... onError: showError` */
export function useErrorToast(): (error: unknown) => void {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      notifyError(t, error);
    },
    [t],
  );
}
