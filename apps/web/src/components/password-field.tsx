import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';

/**
 * A password input with a show/hide toggle that keyboard users can reach. The toggle's name avoids the
 * word "password" so the field's label stays the only control named after it.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleFocusable visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }} {...props} />;
}
