import type { EditType } from '@bridge/api';
import type { PasswordInputProps } from '@mantine/core';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api-client';

/** The edits a stolen session must not make alone: the server asks for the current password with them. */
export const needsCurrentPassword = (type: EditType) => type === 'password' || type === 'email' || type === 'delete';

/** The server's answer to a missing or wrong current password, shown under this field. */
export const isWrongPassword = (caught: unknown) => isApiError(caught) && caught.code === 'wrong_password';

/** The 'Current password' field of the password, email and delete-account dialogs. */
export function CurrentPasswordField(props: Omit<PasswordInputProps, 'label' | 'autoComplete' | 'required'>) {
  return <PasswordField label="Current password" autoComplete="current-password" required {...props} />;
}
