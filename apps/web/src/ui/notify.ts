import { notifications } from '@mantine/notifications';

/** A green toast for a result (bottom-right, 5000 ms: set on the provider in app/Overlays.tsx). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}

/** A red toast for a failure. */
export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message });
}

/** A neutral toast for something that did not happen but is no failure. */
export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'gray', title, message });
}
