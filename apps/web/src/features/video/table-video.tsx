import type { SeatName } from '@bridge/api';
import { ActionIcon, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import '@mantine/core/styles/ActionIcon.layer.css';
import { currentUserQueryOptions } from '../../lib/auth';
import { iceServersQueryOptions } from './api';
import { deviceState } from './call/device-state';
import type { CallSnapshot, VideoCall } from './call/video-call';
import { CameraIcon, CameraOffIcon, MicIcon, MicOffIcon } from './components/video-icons';
import { VideoTile } from './components/video-tile';
import { useCall } from './use-call';
import classes from './table-video.module.css';

// The table's video call inside another page (the online table): the same call as the video chat page, with each
// person's tile placed where the page puts their seat, and its switches.

/** Joins the table's video room `channel` (null: not now) as the signed-in user. */
export function useTableVideo(channel: string | null) {
  const user = useQuery(currentUserQueryOptions());
  const ice = useQuery({ ...iceServersQueryOptions(), enabled: Boolean(channel) });
  const [soundBlocked, setSoundBlocked] = useState(false);
  const onSoundBlocked = useCallback(() => setSoundBlocked(true), []);
  const { call, snapshot } = useCall({
    table: channel ?? '',
    uid: channel ? user.data?.uid : undefined,
    displayName: user.data?.displayName,
    iceServers: ice.data,
    audio: true,
    video: true,
  });
  return { call, snapshot, soundBlocked, onSoundBlocked };
}

export type TableVideo = ReturnType<typeof useTableVideo>;

/** The tile of whoever sits at `seat` in the call, or nothing when nobody there is in it. */
export function SeatTile({ video, seat }: { video: TableVideo; seat: SeatName }) {
  const participant = video.snapshot.participants.find((p) => p.seat === seat);
  if (!participant) return null;
  return (
    <div className={classes.seatTile} data-video-seat={seat}>
      <VideoTile
        participant={participant}
        ratio="4:3"
        speaking={video.snapshot.speaker === participant.peerId}
        onSoundBlocked={video.onSoundBlocked}
        soundOn={!video.soundBlocked}
        compact
      />
    </div>
  );
}

/** Microphone and camera on or off, and the video shown or hidden. */
export function TableVideoControls({ video, hidden, onHidden }: { video: TableVideo; hidden: boolean; onHidden: (hidden: boolean) => void }) {
  const { call, snapshot } = video;
  const devices = deviceState(snapshot.missing, snapshot.problem?.kind === 'media' ? snapshot.problem.problem : null);
  const microphoneOn = snapshot.audio && devices.microphone;
  const cameraOn = snapshot.video && devices.camera;
  return (
    <Group gap={6} role="group" aria-label="Video">
      <ActionIcon
        size="lg"
        variant={microphoneOn ? 'default' : 'filled'}
        color={microphoneOn ? undefined : 'red'}
        aria-pressed={!microphoneOn}
        aria-label={microphoneOn ? 'Mute the microphone' : 'Unmute the microphone'}
        disabled={!call || !devices.microphone}
        onClick={() => call?.setAudio(!snapshot.audio)}
      >
        {microphoneOn ? <MicIcon size={18} /> : <MicOffIcon size={18} />}
      </ActionIcon>
      <ActionIcon
        size="lg"
        variant={cameraOn ? 'default' : 'filled'}
        color={cameraOn ? undefined : 'red'}
        aria-pressed={!cameraOn}
        aria-label={cameraOn ? 'Turn the camera off' : 'Turn the camera on'}
        disabled={!call || !devices.camera}
        onClick={() => call?.setVideo(!snapshot.video)}
      >
        {cameraOn ? <CameraIcon size={18} /> : <CameraOffIcon size={18} />}
      </ActionIcon>
      <button type="button" className={classes.hide} aria-pressed={hidden} onClick={() => onHidden(!hidden)}>
        {hidden ? 'Show video' : 'Hide video'}
      </button>
    </Group>
  );
}

export type { CallSnapshot, VideoCall };
