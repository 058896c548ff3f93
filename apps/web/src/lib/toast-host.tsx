import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

import { TOAST_AUTO_CLOSE_MS } from '@eclat/shared';
import { Notifications } from '@mantine/notifications';

import classes from './toast-host.module.css';

/** Where toasts appear: top right, closing by themselves after TOAST_AUTO_CLOSE_MS (spec). */
export function NotificationsHost() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      classNames={{ root: classes.notifications }}
    />
  );
}
