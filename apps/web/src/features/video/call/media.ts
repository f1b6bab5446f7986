/** Devices picked by the user; undefined: the browser's default. */
export interface MediaChoice {
  cameraId?: string;
  microphoneId?: string;
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Why media could not be had, as the pages tell it. */
export type MediaProblem = { kind: 'no-camera' } | { kind: 'no-microphone' } | { kind: 'no-devices' } | { kind: 'denied' } | { kind: 'failed' };

export interface LocalMedia {
  stream: MediaStream;
  /** Parts we could not get while the rest worked (no camera on this device, say). */
  missing: ('camera' | 'microphone')[];
}

export async function listDevices(): Promise<DeviceLists> {
  const devices = navigator.mediaDevices ? await navigator.mediaDevices.enumerateDevices() : [];
  return {
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
  };
}

const errorName = (error: unknown) => (error && typeof error === 'object' && 'name' in error ? String(error.name) : '');

/** Turns a getUserMedia failure into what the page says. */
export function classifyMediaError(error: unknown): MediaProblem {
  const name = errorName(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'denied' };
  return { kind: 'failed' };
}

export class MediaError extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem.kind);
    this.name = 'MediaError';
  }
}

/**
 * The camera and microphone, as chosen. Every browser sends its video once per other peer (a mesh of up to a
 * table and its kibitzers), so 640x480 at 15 frames a second keeps three uploads within an ordinary connection.
 * A device kind this machine lacks is left out (and reported in `missing`)
 * rather than failing the whole call: a player without a camera can still talk.
 */
export async function getLocalMedia(
  choice: MediaChoice,
  want: { audio: boolean; video: boolean } = { audio: true, video: true },
): Promise<LocalMedia> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaError({ kind: 'no-devices' });
  const { cameras, microphones } = await listDevices();
  const missing: LocalMedia['missing'] = [];
  if (cameras.length === 0) missing.push('camera');
  if (microphones.length === 0) missing.push('microphone');
  const video = want.video && cameras.length > 0;
  const audio = want.audio && microphones.length > 0;
  if (!video && !audio) {
    if (cameras.length === 0 && microphones.length === 0) throw new MediaError({ kind: 'no-devices' });
    return { stream: new MediaStream(), missing };
  }
  const constraints: MediaStreamConstraints = {
    audio: audio ? (choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true) : false,
    video: video
      ? {
          ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
          width: { ideal: 640 },
          height: { ideal: 480 },
          frameRate: { ideal: 15, max: 24 },
        }
      : false,
  };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia(constraints), missing };
  } catch (error) {
    throw new MediaError(classifyMediaError(error));
  }
}

export const stopStream = (stream: MediaStream | null | undefined) => stream?.getTracks().forEach((track) => track.stop());

/** Calls `listener` when a device is plugged in or out (specification section 4: the lists refresh). */
export function onDeviceChange(listener: () => void): () => void {
  const devices = navigator.mediaDevices;
  if (!devices?.addEventListener) return () => undefined;
  devices.addEventListener('devicechange', listener);
  return () => devices.removeEventListener('devicechange', listener);
}

/**
 * How much each outgoing video is scaled down for a call with this many other people. Each link encodes the camera
 * once per peer, and each page decodes one video per peer: at a full table that is three encoders and three
 * decoders per computer, too much for a modest laptop at 640x480 (measured: four pages on two cores took
 * 9-20 s from Join to the first remote frame). The tiles of a four-way grid are small enough for half the size.
 */
export function videoScaleFor(otherPeople: number): number {
  if (otherPeople <= 1) return 1;
  if (otherPeople === 2) return 1.5;
  return 2;
}
