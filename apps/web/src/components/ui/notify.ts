import { notifications } from '@mantine/notifications';

/** A green toast saying what was done ("Customer created successfully!"). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

/** A red toast: what failed as its title ("Failed to delete employee."), and why. */
export function notifyFailure(title: string, message: string): void {
  notifications.show({ color: 'red', title, message });
}
