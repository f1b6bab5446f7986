import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { titleStyles } from '../../../components/modal-styles';

export interface DialogAction {
  label: string;
  onClick: () => void;
  variant?: 'filled' | 'default';
  color?: string;
}

/** A dialog of the video pages: a title, a sentence or two, and its buttons (the last one is the main one). */
export function VideoDialog({
  opened,
  title,
  children,
  actions,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  actions: DialogAction[];
  onClose?: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose ?? (() => undefined)}
      withCloseButton={Boolean(onClose)}
      closeOnClickOutside={Boolean(onClose)}
      closeOnEscape={Boolean(onClose)}
      title={title}
      centered
      radius="md"
      styles={titleStyles}
    >
      <Text role="alert">{children}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        {actions.map((action, index) => (
          <Button
            key={action.label}
            variant={action.variant ?? (index === actions.length - 1 ? 'filled' : 'default')}
            color={action.color}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
      </Group>
    </Modal>
  );
}
