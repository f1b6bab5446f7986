import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';

export function notifyError(error: unknown, title = 'Something went wrong'): void {
  notifications.show({ color: 'red', title, message: errorMessage(error) });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'felt', title, message });
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'gray', title, message });
}
