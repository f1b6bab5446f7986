import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlayTableState } from '@bridge/api';
import type { Seat } from '@bridge/engine';
import { buildApp } from '../../app.ts';
import { openTestDatabase, testConfig, usingPostgres, type TestApp } from '../../../test/build-test-app.ts';
import { actorOf, legalCard, onlineEvent, PlayClient, positionOf as position, progressOf as progress } from '../../../test/play.ts';

// Two real server processes sharing PostgreSQL and Redis, as a deployment runs them; one is killed mid-board.

const redisUrl = process.env.TEST_REDIS_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
// Short, so the test does not wait long for the takeover; long enough that a busy test machine renews in time.
const LEASE_MS = 3000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Instance {
  process: ChildProcess;
  wsUrl: string;
  exited: Promise<unknown>;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://bridge.test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ROBOT_DELAY_MS: '0',
      PLAY_LEASE_MS: String(LEASE_MS),
      ANALYSIS_WORKERS: '0',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { process: child, wsUrl: `ws://127.0.0.1:${port}/ws/play`, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('a server instance did not start');
}

describe.runIf(usingPostgres && redisUrl)('online tables over two instances sharing PostgreSQL and Redis', () => {
  const instances: Instance[] = [];
  afterAll(async () => {
    for (const instance of instances) instance.process.kill('SIGKILL');
  });

  it('plays with players on both; killed mid-board, the owner is replaced by the other with no call or card lost', async () => {
    const { database, url, drop } = await openTestDatabase();
    // The event and its people, made through the app on the shared database.
    const setup = await buildApp({ config: testConfig(), database, logger: false });
    await setup.ready();
    const event = await onlineEvent({ app: setup, database } as TestApp);
    await setup.close();
    try {
      const first = await startInstance(url!);
      instances.push(first);
      const second = await startInstance(url!);
      instances.push(second);

      // North and East on the first instance (which opens the table first, so owns it), South and West on the second.
      const sockets = {} as Record<Seat, PlayClient>;
      for (const [seat, instance] of [
        ['N', first],
        ['E', first],
        ['S', second],
        ['W', second],
      ] as const) {
        sockets[seat] = await PlayClient.open(instance.wsUrl, event.players[seat]!.cookie);
        expect((await sockets[seat].sit(event.key)).state.seat).toBe(seat);
      }
      const all = (test: (s: PlayTableState) => boolean) => Promise.all((['N', 'E', 'S', 'W'] as const).map((seat) => sockets[seat].until(test)));

      // The auction, with calls from both instances: 1NT - 3NT.
      const calls: [Seat, string][] = [
        ['N', '1NT'],
        ['E', 'Pass'],
        ['S', '3NT'],
        ['W', 'Pass'],
        ['N', 'Pass'],
        ['E', 'Pass'],
      ];
      for (const [index, [seat, call]] of calls.entries()) {
        sockets[seat].send({ type: 'call', call });
        await all((s) => s.auction.length === index + 1);
      }
      /** Plays `count` cards, each by the seat to act on its own socket, waiting for every socket to see it. */
      const play = async (count: number, live: Record<Seat, PlayClient>) => {
        for (let i = 0; i < count; i++) {
          const state = live.N.latest()!;
          const seat = actorOf(state);
          const own = await live[seat].until((s) => position(s) === position(state));
          live[seat].send({ type: 'play', card: legalCard(own) });
          await Promise.all((['N', 'E', 'S', 'W'] as const).map((s) => live[s].until((x) => progress(x) > progress(state))));
        }
      };
      await play(6, sockets);
      const before = sockets.S.latest()!;

      // The first instance dies without a word: its sockets drop; its lease lapses.
      first.process.kill('SIGKILL');
      await first.exited;
      // North and East come back on the second instance, as their pages would, and find the table as it was.
      for (const seat of ['N', 'E'] as const) {
        sockets[seat] = await PlayClient.open(second.wsUrl, event.players[seat]!.cookie);
        const back = (await sockets[seat].sit(event.key)).state;
        expect({ auction: back.auction, trick: back.trick, tricks: back.tricks }).toEqual({
          auction: before.auction.map(({ seat: s, call, alert }) => ({ seat: s, call, alert })),
          trick: before.trick,
          tricks: before.tricks,
        });
      }
      // Play goes on once the second instance has taken the table over (a refusal while it moves is tried again).
      for (let i = 0; i < 52 - 6; i++) {
        const state = sockets.N.latest()!;
        if (state.result) break;
        const seat = actorOf(state);
        const own = await sockets[seat].until((s) => position(s) === position(state));
        for (let attempt = 0; ; attempt++) {
          let index = sockets[seat].frames.length;
          sockets[seat].send({ type: 'play', card: legalCard(own) });
          let answer = await sockets[seat].frameAt(index);
          while (answer.type === 'table' && position(answer.state) === position(state)) answer = await sockets[seat].frameAt(++index);
          if (answer.type === 'table') break;
          // Refused while the table moved. A request sent just as the new owner started may still have been played
          // there, its answer late: the card's frame then follows the refusal, and the card is not sent twice.
          await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 2));
          if (progress(sockets[seat].latest()!) > progress(state)) break;
          if (attempt > 20)
            throw new Error(
              `refused: ${JSON.stringify(answer)}; ${seat} sent from ${JSON.stringify({ turn: own.turn, trick: own.trick, tricks: own.tricks, declarer: own.declarer })}; N frames ${sockets.N.frames.length}, S frames ${sockets.S.frames.length}, S latest ${JSON.stringify({ turn: sockets.S.latest()!.turn, trick: sockets.S.latest()!.trick, tricks: sockets.S.latest()!.tricks })}`,
            );
        }
        await Promise.all((['N', 'E', 'S', 'W'] as const).map((s) => sockets[s].until((x) => progress(x) > progress(state))));
      }
      const ended = await sockets.W.until((s) => s.result !== null || s.board !== before.board);
      // Every card of the board is stored once, in order: six before the kill, the rest after.
      const actions = await database.db
        .selectFrom('playActions')
        .select(['seq', 'actor'])
        .where('tableNo', '=', 1)
        .where('boardNo', '=', before.board)
        .orderBy('seq')
        .execute();
      expect(actions.map((a) => a.seq)).toEqual(Array.from({ length: 6 + 52 }, (_, i) => i + 1));
      const lines = await database.db.selectFrom('boardResults').selectAll().where('tableNo', '=', 1).where('boardNo', '=', before.board).execute();
      expect(lines).toHaveLength(1);
      expect(ended).toBeDefined();
    } finally {
      for (const instance of instances) instance.process.kill('SIGKILL');
      await database.close();
      await drop();
    }
  }, 120_000);

  it('shows the owner a player whose socket is on the other instance: there while it is, away once it closes or its instance dies', async () => {
    const { database, url, drop } = await openTestDatabase();
    const setup = await buildApp({ config: testConfig(), database, logger: false });
    await setup.ready();
    const event = await onlineEvent({ app: setup, database } as TestApp);
    await setup.close();
    try {
      const owner = await startInstance(url!);
      instances.push(owner);
      const other = await startInstance(url!);
      instances.push(other);
      // North sits first, on the first instance, which so owns the table.
      const north = await PlayClient.open(owner.wsUrl, event.players.N!.cookie);
      expect((await north.sit(event.key)).state.players.S.away).not.toBeNull();

      // South and West sit on the other instance: North, on the owner, sees them there.
      const south = await PlayClient.open(other.wsUrl, event.players.S!.cookie);
      expect((await south.sit(event.key)).state.players.S.away).toBeNull();
      const west = await PlayClient.open(other.wsUrl, event.players.W!.cookie);
      await west.sit(event.key);
      await north.until((s) => s.players.S.away === null && s.players.W.away === null);
      // And they see North there, and East, who never came, away.
      const seen = await west.until((s) => s.players.N.away === null);
      expect(seen.players.E.away).not.toBeNull();

      // South closes the page: away at once.
      south.close();
      const gone = await north.until((s) => s.players.S.away !== null);
      expect(gone.players.W.away).toBeNull();

      // The other instance dies without a word: West counts no longer once its instance's word lapses.
      other.process.kill('SIGKILL');
      await other.exited;
      const lapsed = await north.until((s) => s.players.W.away !== null);
      expect(new Date(lapsed.players.W.away!).toISOString()).toBe(lapsed.players.W.away);
      expect(lapsed.players.N.away).toBeNull();
    } finally {
      for (const instance of instances) instance.process.kill('SIGKILL');
      await database.close();
      await drop();
    }
  }, 120_000);
});
