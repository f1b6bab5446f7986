import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { titleStyles } from '../../../components/modal-styles';
import { listDevices, onDeviceChange, type DeviceLists, type MediaChoice } from '../call/media';
import { TILE_RATIOS, type TileRatio } from '../call/seats';
import { videoTexts } from '../texts';

interface SettingsDialogProps {
  opened: boolean;
  choice: MediaChoice;
  ratio: TileRatio;
  /** The current tracks' devices, shown as chosen when the user never picked one. */
  activeCameraId?: string;
  activeMicrophoneId?: string;
  onFinish: (choice: MediaChoice, ratio: TileRatio) => void;
  onClose: () => void;
}

type DeviceSelectProps = {
  /** The field's label, and the name of a device the browser gives no label (`Camera 2`). */
  label: string;
  devices: MediaDeviceInfo[];
  value: string | null;
  onChange: (deviceId: string | null) => void;
  /** Said instead of the field when the browser lists no such device. */
  noneText: string;
};

function DeviceSelect({ label, devices, value, onChange, noneText }: DeviceSelectProps) {
  if (devices.length === 0) return <Text size="sm">{noneText}</Text>;
  const data = devices.map((device, index) => ({ value: device.deviceId, label: device.label || `${label} ${index + 1}` }));
  return <Select label={label} data={data} value={value} onChange={onChange} allowDeselect={false} comboboxProps={{ withinPortal: false }} />;
}

/** 'Choose Media': camera, microphone and tile shape. Finish applies a device change to the running call. */
export function SettingsDialog({ opened, choice, ratio, activeCameraId, activeMicrophoneId, onFinish, onClose }: SettingsDialogProps) {
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] });
  const [camera, setCamera] = useState<string | null>(null);
  const [microphone, setMicrophone] = useState<string | null>(null);
  const [shape, setShape] = useState<TileRatio>(ratio);

  useEffect(() => {
    if (!opened) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the dialog opens on the call's devices of the moment, listed with them below
    setCamera(choice.cameraId ?? activeCameraId ?? null);
    setMicrophone(choice.microphoneId ?? activeMicrophoneId ?? null);
    setShape(ratio);
    const refresh = () =>
      void listDevices()
        .then(setDevices)
        .catch(() => undefined);
    refresh();
    return onDeviceChange(refresh);
  }, [opened, choice, ratio, activeCameraId, activeMicrophoneId]);

  return (
    <Modal opened={opened} onClose={onClose} title={videoTexts.chooseMedia} centered radius="md" styles={titleStyles}>
      <Stack gap="md">
        <DeviceSelect label="Camera" devices={devices.cameras} value={camera} onChange={setCamera} noneText={videoTexts.noCamera} />
        <DeviceSelect
          label="Microphone"
          devices={devices.microphones}
          value={microphone}
          onChange={setMicrophone}
          noneText={videoTexts.noMicrophone}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="tile-shape-label">
            Tile shape
          </Text>
          <SegmentedControl aria-labelledby="tile-shape-label" data={[...TILE_RATIOS]} value={shape} onChange={(value) => setShape(value)} />
        </Stack>
        <Group justify="flex-end">
          <Button onClick={() => onFinish({ cameraId: camera ?? undefined, microphoneId: microphone ?? undefined }, shape)}>Finish</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
