import { messages, type EditType } from '@bridge/api';
import type { PasswordInputProps } from '@mantine/core';
import { useRef, useState, type ChangeEvent } from 'react';
import { PasswordField } from '../../components/password-field';
import { errorMessage, isApiError } from '../../lib/api-client';

/** The edits a stolen session must not make alone: the server asks for the current password with them. */
export const needsCurrentPassword = (type: EditType) => type === 'password' || type === 'email' || type === 'delete';

/** The server's answer to a missing or wrong current password, shown under this field. */
export const isWrongPassword = (caught: unknown) => isApiError(caught) && caught.code === 'wrong_password';

/** The 'Current password' field of the password, email and delete-account dialogs. */
export function CurrentPasswordField(props: Omit<PasswordInputProps, 'label' | 'autoComplete' | 'required'>) {
  return <PasswordField label="Current password" autoComplete="current-password" required {...props} />;
}

/**
 * The state of a dialog's current-password field: its value, its error, and the two moments it speaks up. The
 * focus moves to the field whenever it shows an error, so a screen reader reads the message.
 */
export function useCurrentPassword() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  const showError = (text: string) => {
    setError(text);
    ref.current?.focus();
  };
  return {
    value,
    /** Spread onto CurrentPasswordField. */
    fieldProps: { value, onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value), error, ref },
    /** Before sending: false (and the field says so) when it is empty. */
    checkFilled(): boolean {
      if (!value) {
        showError(messages.passwordRequired);
        return false;
      }
      setError(null);
      return true;
    },
    /** After a refusal: true when the server said the password was wrong, which the field then shows. */
    showIfWrong(caught: unknown): boolean {
      if (!isWrongPassword(caught)) return false;
      showError(errorMessage(caught));
      return true;
    },
  };
}
