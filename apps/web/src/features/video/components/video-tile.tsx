import { Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Participant } from '../call/video-call';
import { cssRatio, type TileRatio } from '../call/seats';
import { CameraOffIcon, MicOffIcon } from './video-icons';
import classes from './video-tile.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

// On a phone's narrow tiles the seat takes a letter, as on a bridge diagram, and the name keeps the room.
const SHORT_SEATS: Record<string, string> = { North: 'N', East: 'E', South: 'S', West: 'W', Kibitzer: 'Kib', Organiser: 'Org', Director: 'TD' };
export const shortSeat = (seat: string) => SHORT_SEATS[seat] ?? seat;

interface VideoTileProps {
  participant: Participant;
  speaking: boolean;
  ratio: TileRatio;
  /** Playback with sound was refused until the user interacts with the page. */
  onSoundBlocked: () => void;
  soundOn: boolean;
  /** A small tile beside a seat that names the person already: only the picture and the microphone's state. */
  compact?: boolean;
}

/** One person at the table: their video (or initials when the camera is off), name, seat and microphone state. */
export function VideoTile({ participant, speaking, ratio, onSoundBlocked, soundOn, compact = false }: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const { stream, streamVersion, isSelf } = participant;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== stream) {
      element.srcObject = stream;
      setPlaying(false);
    }
    if (!stream) return;
    element.play().catch(() => {
      if (isSelf || element.muted) return;
      // Autoplay with sound needs a click on this page first: play muted, and offer to turn the sound on.
      element.muted = true;
      onSoundBlocked();
      void element.play().catch(() => undefined);
    });
  }, [stream, streamVersion, isSelf, onSoundBlocked]);

  useEffect(() => {
    if (video.current && !isSelf && soundOn) video.current.muted = false;
  }, [soundOn, isSelf]);

  const name = participant.displayName || 'Connecting…';
  const seat = participant.seat ?? '';
  const label = isSelf ? `${name} (you)` : name;
  const connecting = !isSelf && !playing && participant.connection !== 'failed';
  // While connecting the spinner says enough; afterwards initials stand in for a camera that is off or missing.
  const cameraOff = !participant.video || (!connecting && (!stream || stream.getVideoTracks().length === 0));
  return (
    <figure
      className={classes.tile}
      style={{ aspectRatio: cssRatio(ratio) }}
      data-speaking={speaking || undefined}
      data-compact={compact || undefined}
      data-peer={participant.peerId}
      aria-label={seat ? `${label}, ${seat}` : label}
      // A hint, not part of the name: a name that changed with every pause would be read out again and again.
      aria-description={speaking ? 'speaking' : undefined}
    >
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- a live camera of a call: there is no caption track to give */}
      <video
        ref={video}
        className={classes.video}
        data-self={isSelf || undefined}
        data-remote={!isSelf || undefined}
        data-seat={seat || undefined}
        autoPlay
        playsInline
        muted={isSelf}
        onPlaying={() => setPlaying(true)}
        style={{ visibility: cameraOff ? 'hidden' : 'visible' }}
      />
      {cameraOff ? (
        <div className={classes.placeholder} aria-hidden="true">
          <span className={classes.initials}>{initials(participant.displayName)}</span>
        </div>
      ) : null}
      {connecting ? (
        <div className={classes.loading}>
          <span role="status" aria-label={`Connecting to ${name}`}>
            <Loader color="gray.3" size="sm" />
          </span>
        </div>
      ) : null}
      <figcaption className={classes.caption}>
        {compact ? null : <span className={classes.name}>{label}</span>}
        {seat && !compact ? (
          <span className={classes.seat} title={seat}>
            <span className={classes.seatLong}>{seat}</span>
            <span className={classes.seatShort} aria-hidden="true">
              {shortSeat(seat)}
            </span>
          </span>
        ) : null}
        {!participant.audio ? (
          <span className={classes.flag} title="Microphone off" role="img" aria-label="Microphone off">
            <MicOffIcon size={16} />
          </span>
        ) : null}
        {!participant.video ? (
          <span className={classes.flag} title="Camera off" role="img" aria-label="Camera off">
            <CameraOffIcon size={16} />
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
