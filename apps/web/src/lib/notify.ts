import { TOAST_AUTO_CLOSE_MS } from '@cohort/domain/enums';
import { notifications } from '@mantine/notifications';

/** Error toast; the same text shown twice at once (parallel failing calls) appears once. */
export function notifyError(message: string): void {
  notifications.show({ id: `error:${message}`, color: 'red', message, autoClose: TOAST_AUTO_CLOSE_MS });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: TOAST_AUTO_CLOSE_MS });
}
