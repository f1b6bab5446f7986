import { Button, Group, Modal, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client';
import { titleStyles } from './modal-styles';

type ErrorDialogProps = {
  /** The error to show; the dialog is closed while this is null or undefined. */
  error: unknown;
  onClose: () => void;
  title?: string;
};

/** The request-error popup of the catalogue: the answer's error text, else 'Operation failed'. */
export function ErrorDialog({ error, onClose, title = 'Error' }: ErrorDialogProps) {
  const opened = error !== null && error !== undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="md" styles={titleStyles}>
      <Text role="alert">{opened ? errorMessage(error) : ''}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
