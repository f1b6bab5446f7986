import WebSocket from 'ws';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import type { PlayServerMessage, PlayTableState } from '@bridge/api';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildSeatedEvent, buildUser, clientOf, login } from './factories.ts';

// The online tables' harness: a listening server, a table socket that keeps every frame, and an online event.

const ORIGIN = 'http://bridge.test';
const SEATS = ['N', 'E', 'S', 'W'] as const;
type Seat = (typeof SEATS)[number];

export type PlayUser = Awaited<ReturnType<typeof buildUser>> & { cookie: string };

/** A table socket that keeps every frame it is sent, so a test can wait for the one it expects and read them all after. */
export class PlayClient {
  /** Every message received, in order; never emptied. */
  readonly frames: PlayServerMessage[] = [];
  private read = 0;
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as PlayServerMessage);
      this.waiters.splice(0).forEach((wake) => wake());
    });
  }

  static open(url: string, cookie: string | undefined, origin = ORIGIN) {
    const socket = new WebSocket(url, { headers: { origin, ...(cookie ? { cookie } : {}) } });
    // Closed when the test that opened it ends: a server shared by a file's tests keeps no socket of an earlier test.
    try {
      onTestFinished(() => {
        if (socket.readyState === WebSocket.OPEN) socket.close();
      });
    } catch {
      // Not inside a test: the caller closes it.
    }
    return new Promise<PlayClient>((resolve, reject) => {
      socket.once('open', () => resolve(new PlayClient(socket)));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(message: object) {
    this.socket.send(JSON.stringify(message));
  }

  /** The next message not yet read (waits for it; the test's own timeout bounds the wait). */
  async next(): Promise<PlayServerMessage> {
    while (this.read >= this.frames.length) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.frames[this.read++]!;
  }

  /** The frame at this place in the order received (waits for it). */
  async frameAt(index: number): Promise<PlayServerMessage> {
    while (index >= this.frames.length) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.frames[index]!;
  }

  /** Reads on until a message of this type; answers it. */
  async nextOf<T extends PlayServerMessage['type']>(type: T): Promise<Extract<PlayServerMessage, { type: T }>> {
    for (;;) {
      const message = await this.next();
      if (message.type === type) return message as Extract<PlayServerMessage, { type: T }>;
    }
  }

  /** The latest table frame when it satisfies `test`, else reads on until one does. */
  async until(test: (state: PlayTableState) => boolean): Promise<PlayTableState> {
    const latest = this.latest();
    if (latest && test(latest)) return latest;
    for (;;) {
      const message = await this.next();
      if (message.type === 'table' && test(message.state)) return message.state;
    }
  }

  /** The last table frame received so far. */
  latest(): PlayTableState | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i]!;
      if (frame.type === 'table') return frame.state;
    }
    return undefined;
  }

  async sit(key: string, table = 1) {
    this.send({ type: 'sit', key, table });
    return this.nextOf('table');
  }

  close() {
    this.socket.close();
  }
}

export async function startPlayServer(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  return { t, wsUrl: `ws://127.0.0.1:${address.port}/ws/play` };
}

export type PlayServer = Awaited<ReturnType<typeof startPlayServer>>;

/**
 * One listening server for the tests of a file (or of a `describe`): built before the first, closed after the last.
 * Starting a server (a database copied from the template, the app) costs seconds; an event costs a fraction of that,
 * so each test makes its own event in the shared server and reads only its own event's rows.
 */
export function sharedPlayServer(overrides: Parameters<typeof buildTestApp>[0] = {}): () => PlayServer {
  let server: PlayServer | undefined;
  beforeAll(async () => {
    server = await startPlayServer(overrides);
  });
  afterAll(() => server?.t.close());
  return () => {
    if (!server) throw new Error('the shared server is built in beforeAll: call this inside a test');
    return server;
  };
}

/**
 * An online event (a 3-table Mitchell unless told, 2 boards a round, random deals unless `deal` is every board's)
 * started by its organiser, with people at table 1's seats as asked (the others played by robots), a kibitzer's seat,
 * and an outsider; all signed in.
 */
export async function onlineEvent(
  t: TestApp,
  options: {
    humans?: readonly Seat[];
    kibitzers?: boolean;
    start?: boolean;
    deal?: string;
    tables?: number;
    /** How the event's hands are made (Random unless told); with `deal`, Imported or Hybrid lets the organiser change them. */
    hands?: 'Random' | 'Imported' | 'Hybrid';
  } = {},
) {
  const make = async (names: string) => {
    const user = await buildUser(t.app, { names });
    return { ...user, cookie: await login(t.app, user) } as PlayUser;
  };
  const humans = options.humans ?? SEATS;
  const organiser = await make('Olga Organiser');
  const names: Record<Seat, string> = { N: 'Nina North', E: 'Eric East', S: 'Sara South', W: 'Walt West' };
  const players: Partial<Record<Seat, PlayUser>> = {};
  for (const seat of humans) players[seat] = await make(names[seat]);
  const elsewhere = await make('Tess Table-Two');
  const kibitzer = await make('Kim Kibitzer');
  const outsider = await make('Otto Outsider');
  const { id, key } = await buildSeatedEvent(t.app, {
    organiser: clientOf(t.app, organiser, organiser.cookie),
    tables: options.tables,
    gameDetails: {
      typeName: 'Online Pairs',
      liveTableEvent: true,
      kibtzersEnabled: options.kibitzers ?? true,
      handgeneratedModeAsString: options.hands ?? 'Random',
    },
    seats: [
      ...SEATS.flatMap((seat, side) => (players[seat] ? [{ user: players[seat], table: 1, side }] : [])),
      { user: elsewhere, table: 2, side: 0 },
      { user: kibitzer, table: 1, side: 7 },
    ],
  });
  if (options.deal) {
    await t.database.db.updateTable('boards').set({ deal: options.deal, dealIndex: null }).where('tournamentId', '=', id).execute();
  }
  if (options.start ?? true) {
    const started = await t.app.inject({ method: 'POST', url: `/api/v1/direct/events/${key}/start`, headers: { cookie: organiser.cookie } });
    if (started.statusCode !== 200) throw new Error(`starting the event: ${started.body}`);
  }
  return { id, key, organiser, players, elsewhere, kibitzer, outsider };
}

/** The seat whose socket sends the next call or card: declarer on dummy's turn. */
export function actorOf(state: PlayTableState): Seat {
  const partner = SEATS[(SEATS.indexOf(state.declarer ?? 'N') + 2) % 4];
  return state.declarer && state.turn === partner ? state.declarer : state.turn!;
}

/** A legal card for the seat on turn, read from the acting socket's own frame (its hand, or dummy's for declarer). */
export function legalCard(state: PlayTableState): string {
  const hand = state.hands[state.turn!]!;
  const led = state.trick[0]?.card[0];
  const following = led ? hand.filter((card) => card[0] === led) : [];
  return (following.length > 0 ? following : hand)[0]!;
}

/**
 * How far a table has gone, as a number that only grows: to wait for a table to move on past a frame, compare with
 * this rather than with "another position", which a socket's older, unread frames also satisfy.
 */
export const progressOf = (state: PlayTableState) =>
  state.board * 1000 + state.auction.length * 2 + 2 * (4 * (state.tricks.ns + state.tricks.ew) + state.trick.length) + (state.result ? 1 : 0);

/** Where a table stands: the board, the calls made and the cards played. */
export const positionOf = (state: PlayTableState) =>
  `${state.board}:${state.auction.length}:${4 * (state.tricks.ns + state.tricks.ew) + state.trick.length}:${state.result ? 'end' : ''}`;
