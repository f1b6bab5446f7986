import type { User } from '@bridge/api';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import '@mantine/core/styles/Input.layer.css';
import { titleStyles } from '../../components/modal-styles';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { CurrentPasswordField, needsCurrentPassword, useCurrentPassword } from './current-password-field';
import { useUpdateProfile } from './api';
import type { ProfileField } from './profile-fields';

type ProfileEditDialogProps = {
  field: ProfileField | null;
  user: User;
  onClose: () => void;
  /** Called after the server accepted the edit, with the updated user. */
  onSaved?: (field: ProfileField, user: User) => void;
};

/** The edit dialog of one profile row: titled by the field, one text field (plus the current password), Finish. */
export function ProfileEditDialog({ field, user, onClose, onSaved }: ProfileEditDialogProps) {
  return (
    <Modal
      opened={field !== null}
      onClose={onClose}
      title={field?.label}
      centered
      radius="md"
      styles={titleStyles}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {field && <EditForm key={field.key} field={field} user={user} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditForm({ field, user, onClose, onSaved }: ProfileEditDialogProps & { field: ProfileField }) {
  const update = useUpdateProfile();
  const isPassword = field.type === 'password';
  const asksCurrent = needsCurrentPassword(field.type);
  const [value, setValue] = useState(isPassword ? '' : (field.value(user) ?? ''));
  const [error, setError] = useState<string | null>(null);
  const current = useCurrentPassword();
  const valueRef = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = field.validate(value);
    setError(problem);
    // The focus moves to the field in error so a screen reader reads its message: the password first.
    if (asksCurrent && !current.checkFilled()) return;
    if (problem) return valueRef.current?.focus();
    try {
      const result = await update.mutateAsync({
        type: field.type,
        value: isPassword ? value : value.trim(),
        ...(asksCurrent ? { currentPassword: current.value } : {}),
      });
      notifySuccess(result.message);
      onClose();
      if (result.user) onSaved?.(field, result.user);
    } catch (caught) {
      if (!current.showIfWrong(caught)) {
        setError(errorMessage(caught));
        valueRef.current?.focus();
      }
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        {field.type === 'email' && (
          <Text size="sm">
            Your email address is now <strong>{user.email}</strong>. After the change you must verify the new address again before you can use the
            console.
          </Text>
        )}
        {asksCurrent && <CurrentPasswordField {...current.fieldProps} data-autofocus />}
        {isPassword ? (
          <PasswordField
            label={field.inputLabel}
            description={field.hint}
            autoComplete={field.autoComplete}
            required
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            ref={valueRef}
          />
        ) : (
          <TextInput
            label={field.inputLabel}
            description={field.hint}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            type={field.type === 'email' ? 'email' : 'text'}
            required
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            ref={valueRef}
            data-autofocus={asksCurrent ? undefined : true}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Finish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
