import type { Role } from '@bridge/api';
import type { ChannelAccess, SignallingUser } from './service.ts';

/**
 * The messages between the server and its signalling process (docs/decisions/016): the server authenticates a
 * socket's upgrade and hands the socket over; the process relays, and asks the server, which holds the database,
 * who may join a channel.
 */

/** What the signalling process needs to know, sent once when it starts. */
export interface SignallingSettings {
  heartbeatMs: number;
  /** Open sockets one user may hold, on every instance together when rooms are shared through Redis. */
  socketsPerUser: number;
  /** pino's level, or 'silent' when the server does not log. */
  logLevel: string;
  /** With Redis, rooms are shared by every instance (RedisHub); without, they live in the process (LocalHub). */
  redisUrl: string | undefined;
  maxPayload: number;
}

/** The parts of the upgrade request that the WebSocket handshake reads. */
export interface UpgradeRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type ToSignalling =
  | { kind: 'start'; settings: SignallingSettings }
  /**
   * Sent with the socket's handle; `head` is what the client sent after the upgrade request, base64. `session` is
   * the hash of the session it was opened with: every join is checked against it, and the socket closes with it.
   */
  | { kind: 'socket'; id: number; user: SignallingUser; session: string; request: UpgradeRequest; head: string }
  | { kind: 'access'; id: number; access: ChannelAccess | null }
  /**
   * The user's access changed (docs/decisions/026): their role now (null: disabled or deleted) and their sessions
   * still open. Their sockets of another session or another role close; the pages reconnect and join afresh.
   */
  | { kind: 'user'; userId: string; role: Role | null; sessions: string[] }
  /** Closes every socket (the peers are told), then the process exits. */
  | { kind: 'close' };

export type FromSignalling =
  | { kind: 'ready' }
  /** The socket arrived, before anything is written to it: from here it is the process's alone. */
  | { kind: 'took'; id: number }
  | { kind: 'access'; id: number; session: string; channel: string };
