import { messages, type PlayClientMessage, type PlayServerMessage, type PlayTableState } from '@bridge/api';
import { reconnectDelay, type SocketFactory, type SocketLike } from '../../lib/socket';

/** What the table page shows of its socket: the table as last told, and how the connection stands. */
export interface PlaySnapshot {
  /** `connecting` before the first frame; `reconnecting` after a drop, until the table is told again. */
  status: 'connecting' | 'open' | 'reconnecting' | 'refused' | 'closed';
  state: PlayTableState | null;
  /** The last refusal of the server (an illegal or out-of-turn message), until the next change of the table. */
  error: string | null;
  /** A new round moved the player on: where to sit now (`table` null when they sit the round out). */
  moved?: { round: number; table: number | null };
  /** When the last table frame came, by this page's clock: the round clock runs on from there (0 before any). */
  receivedAt: number;
}

const OPEN = 1;
const ACCESS_ENDED = 4001;
const EVENT_DELETED = 4004;

/** The play address on this page's host: wss:// on an https page, ws:// otherwise. */
export const playUrl = (location: { protocol: string; host: string }) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/play`;

/**
 * The table page's socket (docs/play-protocol.md): it sits at the table each time it opens, keeps the last table
 * frame, and after a drop opens again with a growing delay and sits again, so the table comes back exactly as the
 * server has it. A snapshot for React (subscribe / getSnapshot).
 */
export class PlayConnection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private listeners = new Set<() => void>();
  private snapshot: PlaySnapshot = { status: 'connecting', state: null, error: null, receivedAt: 0 };

  constructor(
    private readonly url: string,
    private readonly seat: { key: string; table: number },
    private readonly createSocket: SocketFactory = (address) => new WebSocket(address) as unknown as SocketLike,
  ) {}

  start() {
    if (this.stopped || this.socket) return;
    const socket = this.createSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(JSON.stringify({ type: 'sit', ...this.seat } satisfies PlayClientMessage));
    };
    socket.onmessage = (event) => {
      let message: PlayServerMessage;
      try {
        message = JSON.parse(String(event.data)) as PlayServerMessage;
      } catch {
        return;
      }
      if (message.type === 'table') this.update({ status: 'open', state: message.state, error: null, receivedAt: Date.now() });
      // Its seat is another's now: the page takes the player to their new table (a connection of its own).
      else if (message.type === 'moved') this.update({ moved: { round: message.round, table: message.table } });
      // Refused at the seat itself (not seated here, no kibitzers): nothing to show but why.
      else if (!this.snapshot.state) this.update({ status: 'refused', error: message.message });
      else this.update({ error: message.message });
    };
    socket.onclose = (event) => {
      this.socket = null;
      if (this.stopped) return;
      if (event.code === ACCESS_ENDED) return this.update({ status: 'closed', error: 'Your access has changed: sign in again' });
      // The event was deleted: nothing to come back to.
      if (event.code === EVENT_DELETED) return this.update({ status: 'closed', error: messages.eventGone });
      if (this.snapshot.status === 'refused') return;
      this.update({ status: this.snapshot.state ? 'reconnecting' : 'connecting' });
      this.timer = setTimeout(() => {
        this.timer = null;
        this.start();
      }, reconnectDelay(this.attempt++));
    };
    socket.onerror = () => undefined;
  }

  /** Sends a message to the table; false while the socket is not open (the page shows it reconnecting). */
  send(message: Exclude<PlayClientMessage, { type: 'sit' }>): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.snapshot.status !== 'open') return false;
    if (this.snapshot.error) this.update({ error: null });
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Drops the connection as a network would (for the page's "reconnecting" state; and in tests). */
  drop() {
    this.socket?.close(4000, 'dropped');
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000, 'left the table');
    this.socket = null;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private update(change: Partial<PlaySnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
