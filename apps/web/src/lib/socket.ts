// What the app's WebSockets (the video call's signalling, the online table) share: the part of the browser's socket
// they use, so tests can hand in a fake, and the delay before each reconnect.

/** The part of the browser's WebSocket the app uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** Waits before reconnect attempt n (0-based): 0.5 s doubling up to 8 s, so a restarting server is not hammered. */
export const reconnectDelay = (attempt: number): number => Math.min(8000, 500 * 2 ** attempt);
