import { Anchor, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { titleStyles } from '../../../components/modal-styles';
// The format's one description (docs/movement-format.md), shown as written so the two never differ.
import formatText from '../../../../../../docs/movement-format.md?raw';

/** A link that opens the documented movement file format: its columns, a CSV and a JSON example, what is refused. */
export function MovementFormatHelp() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" onClick={open} aria-haspopup="dialog" fz="inherit">
        the movement file format
      </Anchor>
      <Modal
        opened={opened}
        onClose={close}
        title="The movement file format"
        size="xl"
        radius="md"
        styles={titleStyles}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13, margin: 0 }}>{formatText}</pre>
      </Modal>
    </>
  );
}
