// The signalling process: the server forks it and hands it each authenticated `/ws/video` socket. It relays in
// a heap of its own, away from the API's requests, exports and their garbage collections (docs/decisions/016).
import type { Socket } from 'node:net';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { ErrorCode, messages } from '@bridge/api';
import { logDestination, type LogFormat } from '../../lib/log-destination.ts';
import { WebSocketServer } from 'ws';
import { openRedis } from '../../lib/redis.ts';
import type { ChannelAccess, SignallingUser } from './service.ts';
import { VideoConnection, type ConnectionContext } from './connection.ts';
import { LocalHub, type Hub } from './hub.ts';
import { RedisHub } from './redis-hub.ts';
import { LocalSocketCap, RedisSocketCap, type SocketCap } from '../../lib/socket-cap.ts';
import type { FromSignalling, SignallingSettings, ToSignalling, UpgradeRequest } from './signalling-protocol.ts';

/** How long the sockets get to finish their closing handshake when the server shuts down. */
const CLOSE_GRACE_MS = 1000;

/** To the server while it is there; after it has gone the process is closing, and nothing it says matters. */
const send = (message: FromSignalling) => {
  if (process.connected) process.send!(message, () => undefined);
};

let hub: Hub | undefined;
let redis: Redis | undefined;
let wss: WebSocketServer | undefined;
let context: ConnectionContext | undefined;
let cap: SocketCap | undefined;
let closing = false;
/** The open connections of each user, to close them when the user's access changes. */
const connections = new Map<string, Set<VideoConnection>>();

const accessAnswers = new Map<number, { resolve(access: ChannelAccess): void; reject(error: Error): void }>();
let nextAccessId = 0;

/** Asks the server, which holds the database, whether the session's user may join the channel. */
function askAccess(session: string, channel: string): Promise<ChannelAccess> {
  if (!process.connected) return Promise.reject(new Error('the server has gone'));
  const id = nextAccessId++;
  return new Promise((resolve, reject) => {
    accessAnswers.set(id, { resolve, reject });
    send({ kind: 'access', id, session, channel });
  });
}

/**
 * Completes the handshake of a socket the server handed over, unless its user holds `socketsPerUser` open
 * already (on every instance, with Redis): that one is answered 429 and closed (docs/decisions/028).
 */
async function admit(handle: Socket, user: SignallingUser, session: string, request: UpgradeRequest, head: Buffer) {
  const release = await cap!.acquire(user.id).catch(() => null);
  if (!release) return refuse(handle);
  if (handle.destroyed || !wss || !context || closing) {
    release();
    return handle.destroy();
  }
  // The raw socket's end, however it comes (a close, a failed handshake, a kill), gives the place back.
  handle.once('close', release);
  const connectionContext = context;
  // The handshake reads only the method, url and headers of the request the server has already checked.
  const upgrade = { ...request, socket: handle } as unknown as import('node:http').IncomingMessage;
  wss.handleUpgrade(upgrade, handle, head, (socket) => {
    const connection = new VideoConnection(socket, user, session, connectionContext);
    const mine = connections.get(user.id) ?? new Set<VideoConnection>();
    mine.add(connection);
    connections.set(user.id, mine);
    socket.once('close', () => {
      mine.delete(connection);
      if (mine.size === 0 && connections.get(user.id) === mine) connections.delete(user.id);
    });
  });
}

/** An upgrade refused before the handshake, answered as the server's error handler answers a 429. */
function refuse(handle: Socket) {
  const body = JSON.stringify({ error: messages.videoTooManySockets, code: ErrorCode.rateLimited });
  handle.once('finish', () => handle.destroy());
  handle.end(
    `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The user's sockets of a session that ended, or of a role they no longer have, close (docs/decisions/026). */
function userChanged(userId: string, role: SignallingUser['role'] | null, sessions: string[]) {
  for (const connection of connections.get(userId) ?? []) {
    if (role === null || role !== connection.user.role || !sessions.includes(connection.session)) connection.revoke();
  }
}

function start(given: SignallingSettings) {
  // The server checked LOG_FORMAT; this process shares its environment and its standard output.
  const logStream = logDestination((process.env.LOG_FORMAT as LogFormat | undefined) || 'auto');
  const logOptions = { level: given.logLevel, base: { process: 'video-signalling' } };
  const log = logStream ? pino(logOptions, logStream) : pino(logOptions);
  redis = given.redisUrl ? openRedis(given.redisUrl) : undefined;
  hub = redis ? new RedisHub(redis) : new LocalHub();
  cap = redis ? new RedisSocketCap(redis, 'video', given.socketsPerUser) : new LocalSocketCap(given.socketsPerUser);
  wss = new WebSocketServer({ noServer: true, maxPayload: given.maxPayload });
  context = { hub, access: askAccess, log, heartbeatMs: given.heartbeatMs };
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'video signalling process failed');
    process.exit(1);
  });
  // A promise that failed with nobody waiting is a fault to look into, not a reason to drop every call's socket.
  process.on('unhandledRejection', (error) => log.error({ err: error }, 'video signalling: unhandled rejection'));
  send({ kind: 'ready' });
}

async function close(code: number) {
  if (closing) return;
  closing = true;
  const clients = [...(wss?.clients ?? [])];
  const closed = Promise.all(clients.map((client) => new Promise((resolve) => client.once('close', resolve))));
  for (const client of clients) client.close(code);
  // The hub tells the peers on other instances that this process's sockets left, so it closes before Redis does.
  await hub?.close().catch(() => undefined);
  await cap?.close().catch(() => undefined);
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS))]);
  for (const client of wss?.clients ?? []) client.terminate();
  await redis?.quit().catch(() => undefined);
  process.exit(0);
}

process.on('message', (message: ToSignalling, handle?: Socket) => {
  switch (message.kind) {
    case 'start':
      return start(message.settings);
    case 'socket': {
      if (!handle) return;
      send({ kind: 'took', id: message.id });
      if (!wss || !context || closing) return handle.destroy();
      handle.on('error', () => handle.destroy());
      void admit(handle, message.user, message.session, message.request, Buffer.from(message.head, 'base64'));
      return;
    }
    case 'user':
      return userChanged(message.userId, message.role, message.sessions);
    case 'access': {
      const waiting = accessAnswers.get(message.id);
      accessAnswers.delete(message.id);
      if (!waiting) return;
      if (message.access) waiting.resolve(message.access);
      else waiting.reject(new Error('the server could not check the channel access'));
      return;
    }
    case 'close':
      return void close(1001);
  }
});

// The server went away without saying so (it crashed or was killed): nobody can authenticate new sockets or
// answer access questions any more, so the sockets close abnormally and the pages reconnect to a new server.
process.on('disconnect', () => {
  for (const waiting of accessAnswers.values()) waiting.reject(new Error('the server has gone'));
  accessAnswers.clear();
  void close(1012);
});

// Ctrl+C in a terminal, or a service manager stopping the whole process group, reaches this process too. The
// server closes it in order (its sockets go away with 1001 and their peers are told) or, if the server dies
// instead, the disconnect above does: a signal here would cut that short.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);

if (!process.send) {
  console.error('the video signalling process is started by the server, not on its own');
  process.exit(1);
}
