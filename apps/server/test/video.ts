import WebSocket from 'ws';
import { expect } from 'vitest';
import { VIDEO_SOCKETS_PER_USER, type VideoServerMessage } from '@bridge/api';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildUser, login } from './factories.ts';

// The signalling tests' harness: a listening server, a socket client, and a seated event.

export const TURN_SECRET = 'a-coturn-static-auth-secret';
export const video = {
  turnUrls: ['turn:turn.bridge.test:3478?transport=udp', 'turns:turn.bridge.test:5349'],
  turnSecret: TURN_SECRET,
  stunUrls: ['stun:stun.bridge.test:3478'],
  heartbeatMs: 200,
  socketsPerUser: VIDEO_SOCKETS_PER_USER,
};
const ORIGIN = 'http://bridge.test';

export type User = Awaited<ReturnType<typeof buildUser>> & { cookie: string };

/** A signalling client that keeps every message, so a test can wait for the one it expects. */
export class Client {
  readonly received: VideoServerMessage[] = [];
  /** The close code, once the socket has closed. */
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];
  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as VideoServerMessage);
      this.waiters.splice(0).forEach((wake) => wake());
    });
  }

  static open(url: string, cookie: string | undefined, options: { origin?: string; autoPong?: boolean } = {}) {
    const socket = new WebSocket(url, {
      headers: { origin: options.origin ?? ORIGIN, ...(cookie ? { cookie } : {}) },
      autoPong: options.autoPong ?? true,
    });
    return new Promise<Client>((resolve, reject) => {
      socket.once('open', () => resolve(new Client(socket)));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(type: string, channelName: string, body?: object) {
    this.socket.send(JSON.stringify({ type, channelName, userUid: 'ignored', body }));
  }

  /** The next message of this type not yet taken (waits for it; the test's own timeout bounds the wait). */
  async next<T extends VideoServerMessage['type']>(type: T): Promise<Extract<VideoServerMessage, { type: T }>> {
    for (;;) {
      const index = this.received.findIndex((m) => m.type === type);
      if (index >= 0) return this.received.splice(index, 1)[0] as Extract<VideoServerMessage, { type: T }>;
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  async join(channelName: string) {
    this.send('join', channelName, { strict: true });
    return this.next('joined');
  }

  close() {
    this.socket.close();
  }
}

export async function startServer(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp({ video, ...overrides });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  return { t, wsUrl: `ws://127.0.0.1:${address.port}/ws/video` };
}

export async function seatedEvent(t: TestApp, options: { kibitzers: boolean; type?: number }) {
  const make = async (names: string) => {
    const user = await buildUser(t.app, { names });
    return { ...user, cookie: await login(t.app, user) } as User;
  };
  const organiser = await make('Olga Organiser');
  const players = await Promise.all(['Nina North', 'Eric East', 'Sara South', 'Walt West'].map(make));
  const kibitzer = await make('Kim Kibitzer');
  const outsider = await make('Otto Outsider');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tournaments',
    headers: { cookie: organiser.cookie },
    payload: {
      tables: 3,
      boardsPerRound: 2,
      gameDetails: {
        type: options.type ?? 1,
        typeName: 'Club Pairs',
        players: 12,
        rounds: 3,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
        liveTableEvent: false,
        kibtzersEnabled: options.kibitzers,
      },
    },
  });
  const { key } = created.json().result as { key: string };
  const seats = players.map((p, side) => ({ email: p.email, table: 1, side }));
  const seated = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tournaments/${key}/participants`,
    headers: { cookie: organiser.cookie },
    payload: { participants: [...seats, { email: kibitzer.email, table: 1, side: 7 }] },
  });
  expect(seated.statusCode, seated.body).toBe(200);
  return { key, organiser, players, kibitzer, outsider };
}
