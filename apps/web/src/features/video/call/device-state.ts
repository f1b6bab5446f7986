import { videoTexts } from '../texts';
import type { MediaProblem } from './media';

/** What the page may offer of the user's own media, and the one notice that says what is missing and what to do. */
export interface DeviceState {
  camera: boolean;
  microphone: boolean;
  notice: { title: string; message: string } | null;
}

const ALLOW = "allow this site to use them in your browser (the camera icon in the address bar, or the site's settings), then choose Try again";

/**
 * One state for every way of lacking a camera or microphone: the parts missing on this device (`missing`) and a
 * failure to get any media (`problem`). Whatever is unavailable is switched off; a single notice explains it.
 */
export function deviceState(missing: readonly ('camera' | 'microphone')[], problem: MediaProblem | null): DeviceState {
  if (problem?.kind === 'denied') {
    return {
      camera: false,
      microphone: false,
      notice: {
        title: 'Camera and microphone blocked',
        message: `Your browser does not let this site use your camera and microphone: ${ALLOW}. You can still join and see and hear the others.`,
      },
    };
  }
  if (problem?.kind === 'failed') {
    return {
      camera: false,
      microphone: false,
      notice: {
        title: videoTexts.mediaErrorTitle,
        message: `${videoTexts.mediaErrorMessage}. Close any other program using the camera, then choose Try again.`,
      },
    };
  }
  const camera = !missing.includes('camera') && problem?.kind !== 'no-devices' && problem?.kind !== 'no-camera';
  const microphone = !missing.includes('microphone') && problem?.kind !== 'no-devices' && problem?.kind !== 'no-microphone';
  return { camera, microphone, notice: missingNotice(camera, microphone) };
}

/** One device missing: what the browser says of it, how to allow it, and what the others miss meanwhile. */
const oneMissing = (title: string, absent: string, meanwhile: string) => ({
  title,
  message: `${absent}. Connect one, or ${ALLOW.replace('them', 'it')}; meanwhile ${meanwhile}.`,
});

/** The notice for the devices missing of two, or null when both are there. */
function missingNotice(camera: boolean, microphone: boolean): DeviceState['notice'] {
  if (!camera && !microphone) {
    return {
      title: 'No camera or microphone',
      message: `This browser found no camera and no microphone it may use. Connect them, or ${ALLOW}. You can still join and see and hear the others.`,
    };
  }
  if (!camera) return oneMissing('No camera', videoTexts.noCamera, 'the others see your initials');
  if (!microphone) return oneMissing('No microphone', videoTexts.noMicrophone, 'the others cannot hear you');
  return null;
}
