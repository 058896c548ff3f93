import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** A green toast saying what was done ("Customer created successfully."), with a labelled close button. */
export function notifyRecordSuccess(t: TFunction, message: string): void {
  notifications.show({
    closeButtonProps: { 'aria-label': t('common.dismiss') },
    color: 'teal',
    message,
  });
}

/** A red toast: what failed as its title ("Failed to delete employee."), and why. */
export function notifyRecordFailure(t: TFunction, title: string, message: string): void {
  notifications.show({
    closeButtonProps: { 'aria-label': t('common.dismiss') },
    color: 'red',
    title,
    message,
  });
}
