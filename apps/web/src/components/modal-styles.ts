// Mantine styles a Modal needs; imported by the dialogs so pages without one don't load them.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';

/** Dialog titles read as headings. */
export const titleStyles = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };
