import { useEffect, useRef, useState } from 'react';
import { reconnectDelay } from './socket';

// The app's Server-Sent Events streams (a table's phone, the director's live view) say only that something changed:
// the page then reads again what it shows. One hook opens them all, with one rule for keeping them open
// (decision 064).

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** EventSource.CLOSED: the browser gave the stream up and will not try again by itself. */
const CLOSED = 2;

/**
 * Listens to the stream at `url` (none while it is null) and calls `onChange` whenever what it watches may have
 * changed: on each `change`, and each time the stream opens, since nothing was heard before (the page's first read
 * may have come before the stream) or while it was down. The rule for staying connected:
 * - a dropped connection the browser reconnects by itself;
 * - an answer that is not a stream (a 401 or 403 once the session is gone, a proxy's 502 while the server
 *   restarts) makes the browser give up: `onChange` reads again, so the page shows what the server now says
 *   (its sign-in or code form), and a new stream opens after the sockets' backoff, 0.5 s doubling up to 8 s, reset
 *   once one opens;
 * - a stream that died quietly may look open and hear nothing (a phone asleep, a Wi-Fi change): coming back online
 *   or back to the screen opens a fresh one at once;
 * - `deleted` (the event is gone) ends it for good, after a last read.
 */
export function useEventStream(url: string | null, onChange: () => void): StreamStatus {
  // A browser without EventSource never connects: it says so from the start.
  const [status, setStatus] = useState<StreamStatus>(() => (typeof window.EventSource === 'function' ? 'connecting' : 'reconnecting'));
  // A new address starts over: its stream is connecting (state adjusted while rendering, not in the effect).
  const [streamUrl, setStreamUrl] = useState(url);
  if (url !== streamUrl) {
    setStreamUrl(url);
    setStatus(typeof window.EventSource === 'function' ? 'connecting' : 'reconnecting');
  }
  // The latest callback, so a new function each render does not reopen the stream.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    if (url === null || typeof window.EventSource !== 'function') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let ended = false;
    const notify = () => changed.current();

    const connect = () => {
      const opened = new window.EventSource(url, { withCredentials: true });
      source = opened;
      opened.addEventListener('open', () => {
        attempt = 0;
        setStatus('live');
        notify();
      });
      opened.addEventListener('change', notify);
      opened.addEventListener('deleted', () => {
        ended = true;
        opened.close();
        notify();
      });
      opened.addEventListener('error', () => {
        if (ended) return;
        setStatus('reconnecting');
        if (opened.readyState !== CLOSED) return;
        opened.close();
        notify();
        retry = setTimeout(connect, reconnectDelay(attempt++));
      });
    };
    const reopen = () => {
      if (ended || document.visibilityState === 'hidden') return;
      clearTimeout(retry);
      source?.close();
      setStatus('reconnecting');
      attempt = 0;
      connect();
    };

    connect();
    window.addEventListener('online', reopen);
    document.addEventListener('visibilitychange', reopen);
    return () => {
      ended = true;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener('online', reopen);
      document.removeEventListener('visibilitychange', reopen);
    };
  }, [url]);

  return status;
}
