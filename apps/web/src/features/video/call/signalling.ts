import type { VideoClientMessage, VideoServerMessage } from '@bridge/api';
import { reconnectDelay, type SocketFactory, type SocketLike } from '../../../lib/socket';

export { reconnectDelay, type SocketFactory, type SocketLike };

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

/** The signalling address on this page's host: wss:// on an https page, ws:// otherwise. */
export function signallingUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/video`;
}

export interface SignallingHandlers {
  /** Each time the socket opens, the first time and after every reconnect. */
  onOpen(reconnected: boolean): void;
  onMessage(message: VideoServerMessage): void;
  /** The socket closed for a reason other than our own close; a reconnect is scheduled. */
  onLost(): void;
}

type Outgoing = { [T in VideoClientMessage['type']]: { type: T; body?: unknown } }[VideoClientMessage['type']];

/**
 * The signalling socket of one channel: JSON envelopes (type, channelName, userUid, body), and a reconnect with
 * backoff whenever it closes other than normally (specification section 4).
 */
export class SignallingSocket {
  private socket: SocketLike | null = null;
  private closed = false;
  private attempt = 0;
  private opened = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    private readonly channelName: string,
    private readonly userUid: string,
    private readonly handlers: SignallingHandlers,
    private readonly createSocket: SocketFactory = (address) => new WebSocket(address) as unknown as SocketLike,
  ) {}

  connect(): void {
    if (this.closed) return;
    const socket = this.createSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.opened;
      this.opened = true;
      this.attempt = 0;
      this.handlers.onOpen(reconnected);
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let message: VideoServerMessage;
      try {
        message = JSON.parse(event.data) as VideoServerMessage;
      } catch {
        return;
      }
      if (message && typeof message.type === 'string') this.handlers.onMessage(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed || event.code === NORMAL_CLOSURE) return;
      this.handlers.onLost();
      this.timer = setTimeout(() => {
        this.timer = null;
        this.connect();
      }, reconnectDelay(this.attempt++));
    };
    socket.onerror = () => undefined; // the close event that follows decides what happens
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Sends when open; a message sent while reconnecting is dropped (the rejoin restores the state). */
  send(message: Outgoing): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify({ type: message.type, channelName: this.channelName, userUid: this.userUid, body: message.body ?? {} }));
  }

  /** Drops the socket without ending the session, so the reconnect runs (used to retry a rejoin). */
  reconnectSoon(delayMs: number): void {
    if (this.closed) return;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(NORMAL_CLOSURE);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delayMs);
  }

  /** Says goodbye and closes for good: no reconnect. */
  close(): void {
    if (this.closed) return;
    this.send({ type: 'disconnect' });
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(NORMAL_CLOSURE);
    }
  }
}
