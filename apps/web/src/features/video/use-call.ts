import { useEffect, useState, useSyncExternalStore } from 'react';
import { signallingUrl } from './call/signalling';
import { VideoCall, type CallSnapshot } from './call/video-call';
import { getStoredMediaChoice } from './video-storage';

const idle: CallSnapshot = { status: 'starting', participants: [], speaker: null, problem: null, missing: [], audio: true, video: true };
const noSubscription = () => () => undefined;

/** Runs one call while the page shows it; a second mount in development (StrictMode) never opens a socket. */
export function useCall(options: { table: string; uid?: string; displayName?: string; iceServers?: RTCIceServer[]; audio: boolean; video: boolean }) {
  const [call, setCall] = useState<VideoCall | null>(null);
  const { table, uid, displayName, iceServers } = options;
  const ready = Boolean(table && uid && iceServers);
  useEffect(() => {
    if (!ready) return;
    let created: VideoCall | null = null;
    const timer = setTimeout(() => {
      created = new VideoCall({
        url: signallingUrl(window.location),
        channel: table,
        user: { uid: uid!, displayName: displayName ?? '' },
        iceServers: iceServers!,
        audio: options.audio,
        video: options.video,
        choice: getStoredMediaChoice(),
      });
      setCall(created);
      void created.start();
    });
    const leave = () => created?.hangUp();
    window.addEventListener('pagehide', leave);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
    // The call is made once per table and user; toggles later go through the call itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the other options are the call's start, not a reason to make a new call
  }, [ready, table, uid]);
  const snapshot = useSyncExternalStore(call?.subscribe ?? noSubscription, call?.getSnapshot ?? (() => idle), () => idle);
  return { call, snapshot };
}
