import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** A green toast whose close button has a name (screen readers announce "Dismiss"). */
export function notifySuccess(t: TFunction, message: string): void {
  notifications.show({ color: 'teal', message, closeButtonProps: { 'aria-label': t('common.dismiss') } });
}

/** A red toast with the error title and a named close button. */
export function notifyFailure(t: TFunction, message: string): void {
  notifications.show({
    color: 'red',
    title: t('notifications.errorTitle'),
    message,
    closeButtonProps: { 'aria-label': t('common.dismiss') },
  });
}
