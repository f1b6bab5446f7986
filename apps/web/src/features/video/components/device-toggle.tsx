import { ActionIcon } from '@mantine/core';
import { CameraIcon, CameraOffIcon, MicIcon, MicOffIcon } from './video-icons';

const icons = { microphone: { on: MicIcon, off: MicOffIcon }, camera: { on: CameraIcon, off: CameraOffIcon } };

type DeviceToggleProps = {
  device: keyof typeof icons;
  /** False when the device is missing or not allowed: the switch says so and stays off. */
  available: boolean;
  on: boolean;
  disabled: boolean;
  onToggle: () => void;
};

/** The call's switch of the user's microphone or camera: red while off, named for what a press does. */
export function DeviceToggle({ device, available, on, disabled, onToggle }: DeviceToggleProps) {
  const label = !available ? `No ${device}` : on ? `Turn off ${device}` : `Turn on ${device}`;
  const Icon = on ? icons[device].on : icons[device].off;
  return (
    <ActionIcon
      size={52}
      radius="xl"
      variant={on ? 'default' : 'filled'}
      color={on ? undefined : 'red.8'}
      aria-label={label}
      title={label}
      onClick={onToggle}
      disabled={disabled || !available}
    >
      <Icon />
    </ActionIcon>
  );
}
