// Video signalling: 2,000 sockets in 500 rooms of 4 on one instance; each room relays offers between its
// players, and the latency from send to receipt is compared with a bare WebSocket echo server (no session, no
// rooms, no validation; it forwards each message unchanged) driven the same way in the same run: both are up at
// once and take turns of SLICE_MS (1 s), so what else the machine does falls on both alike.
// Usage: npm run bench:signalling --workspace bench   (PostgreSQL from BENCH_DATABASE_URL as the other benches;
//        SECONDS on each path per round, 20 by default; ROUNDS, 5 by default; VIDEO_HEARTBEAT_MS, 5000 by default)
import { once } from 'node:events';
import { WebSocket } from 'ws';
import { createClient, endpoints, EventType, videoChannelName } from '@bridge/api';
import { signIn, startBenchServer } from './support/server.ts';

const ROOMS = Number(process.env.ROOMS ?? 500);
const PER_ROOM = 4;
const SECONDS = Number(process.env.SECONDS ?? 20);
const RATE_PER_ROOM = Number(process.env.RATE_PER_ROOM ?? 2); // offers per second per room: 1,000/s in all
const SLICE_MS = Number(process.env.SLICE_MS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PING_PONGS = Number(process.env.PING_PONGS ?? 5000);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function openAll(url: string, headersOf: (i: number) => Record<string, string>, count: number) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => new WebSocket(url, { headers: headersOf(i + j) }));
    await Promise.all(batch.map((s) => once(s, 'open')));
    sockets.push(...batch);
  }
  return sockets;
}

type Room = { send(stamp: number): void };

/**
 * Sends RATE_PER_ROOM messages a second per room through one path or the other, switching every SLICE_MS, for
 * 2 x SECONDS in all (so SECONDS on each path): whatever else the machine does in the meantime falls on both
 * paths alike, which two runs one after the other cannot promise.
 */
async function driveAlternating(paths: [Room[], Room[]]) {
  const interval = 1000 / RATE_PER_ROOM;
  const start = Date.now();
  const end = start + 2 * SECONDS * 1000;
  const timers = paths[0].map((_, i) =>
    setTimeout(
      function tick() {
        const now = Date.now();
        if (now >= end) return;
        paths[Math.floor((now - start) / SLICE_MS) % 2]![i]!.send(performance.now());
        timers[i] = setTimeout(tick, interval);
      },
      (i / paths[0].length) * interval,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 2 * SECONDS * 1000 + 1000));
  timers.forEach(clearTimeout);
}

// Four users hold every socket of the bench, far past the per-user cap a real server keeps.
const server = await startBenchServer({
  ADMIN_EMAIL: 'bench@example.org',
  ADMIN_PASSWORD: 'bench password',
  VIDEO_HEARTBEAT_MS: process.env.VIDEO_HEARTBEAT_MS ?? '5000',
  VIDEO_SOCKETS_PER_USER: '100000',
});
try {
  // Four admins (an admin may join any table), each holding one seat in every room.
  const admin = await signIn(server.url, 'bench@example.org', 'bench password');
  const cookies = [admin.cookie];
  for (let i = 1; i < PER_ROOM; i++) {
    const email = `bench.director${i}@example.org`;
    await createClient({ baseUrl: server.url }).call(endpoints.users.register, {
      body: { email, password: 'bench password', names: `Director ${i}` },
    });
    const found = await admin.call(endpoints.users.adminSearch, { query: { query: email } });
    const uid = found.data[0]!.uid;
    await admin.call(endpoints.users.adminVerify, { query: { key: uid } });
    await admin.call(endpoints.users.adminSetRole, { body: { uid, role: 'admin' } });
    cookies.push((await signIn(server.url, email, 'bench password')).cookie);
  }
  const channels: string[] = [];
  for (let e = 0; channels.length < ROOMS; e++) {
    // Two rounds of at least 3 tables, so some board is played twice (an event must compare results).
    const tables = Math.max(3, Math.min(100, ROOMS - channels.length));
    const created = await admin.call(endpoints.events.create, {
      body: {
        tables,
        boardsPerRound: 1,
        gameDetails: {
          type: EventType.pair,
          typeName: `Bench ${e}`,
          players: tables * 4,
          rounds: 2,
          movementType: 'Mitchell',
          scoreType: 'Match Point',
          handgeneratedModeAsString: 'Random',
          liveTableEvent: false,
          kibtzersEnabled: false,
        },
      },
    });
    for (let t = 0; t < tables && channels.length < ROOMS; t++) channels.push(videoChannelName(created.key, EventType.pair, t));
  }

  // The platform: join every seat, then relay offers from seat 0 to seat (n % 3) + 1 of each room.
  const wsUrl = `${server.url.replace('http', 'ws')}/ws/video`;
  const origin = server.url;
  const sockets = await openAll(wsUrl, (i) => ({ cookie: cookies[i % PER_ROOM]!, origin }), ROOMS * PER_ROOM);
  const peerIds: string[][] = channels.map(() => []);
  await Promise.all(
    sockets.map((socket, i) => {
      const room = Math.floor(i / PER_ROOM);
      socket.send(JSON.stringify({ type: 'join', channelName: channels[room], body: { strict: true } }));
      return new Promise<void>((resolve, reject) => {
        socket.once('message', (data) => {
          const message = JSON.parse(data.toString());
          if (message.type !== 'joined') return reject(new Error(`join answered ${data.toString()}`));
          peerIds[room]![i % PER_ROOM] = message.body.peer.peerId;
          resolve();
        });
      });
    }),
  );
  const platformLatencies: number[] = [];
  for (const socket of sockets) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'offer_sdp_recieved') platformLatencies.push(performance.now() - Number(message.body.sdp.sdp));
    });
  }
  let counter = 0;
  const platformRooms = channels.map((channelName, room) => ({
    sendTo(seat: number, stamp: number) {
      const target = peerIds[room]![seat]!;
      sockets[room * PER_ROOM]!.send(
        JSON.stringify({ type: 'send_offer', channelName, body: { sdp: { type: 'offer', sdp: String(stamp) }, targetPeer: target } }),
      );
    },
    send(stamp: number) {
      this.sendTo((counter++ % 3) + 1, stamp);
    },
  }));

  // The baseline: a bare ws server in its own process that forwards each message to the room's next socket.
  const { fork } = await import('node:child_process');
  const echo = fork(new URL('./support/echo-relay.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'] });
  const [port] = (await once(echo, 'message')) as [number];
  const bareSockets = await openAll(`ws://127.0.0.1:${port}`, () => ({}), ROOMS * PER_ROOM);
  const bareLatencies: number[] = [];
  bareSockets.forEach((socket, i) => {
    socket.send(JSON.stringify({ register: Math.floor(i / PER_ROOM), seat: i % PER_ROOM }));
    socket.on('message', (data) => bareLatencies.push(performance.now() - Number(JSON.parse(data.toString()).body.sdp.sdp)));
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  // The same envelope as the platform's (plus the room and seat the forwarder reads), so both paths carry
  // messages of the same size both ways and the difference is what the relay does, not what it carries.
  const bareRooms = channels.map((channelName, room) => ({
    sendTo(seat: number, stamp: number) {
      const targetPeer = peerIds[room]![seat]!;
      bareSockets[room * PER_ROOM]!.send(
        JSON.stringify({ type: 'send_offer', channelName, room, to: seat, body: { sdp: { type: 'offer', sdp: String(stamp) }, targetPeer } }),
      );
    },
    send(stamp: number) {
      this.sendTo((counter++ % 3) + 1, stamp);
    },
  }));
  // First, one message at a time with nothing else going on: the relay's own latency, without the queueing that
  // the load adds. Message i goes from seat 0 to seat 1 of room i % ROOMS (one room alone would meet the
  // platform's limit of 50 messages a second per socket); three turns of PING_PONGS messages on each path.
  const oneAtATime = async (rooms: { sendTo(seat: number, stamp: number): void }[], all: WebSocket[]) => {
    const times: number[] = [];
    for (let i = 0; i < PING_PONGS; i++) {
      const room = i % ROOMS;
      const start = performance.now();
      const received = once(all[room * PER_ROOM + 1]!, 'message');
      rooms[room]!.sendTo(1, start);
      await received;
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b);
  };
  const micro = (ms: number) => `${(ms * 1000).toFixed(0)} us`;
  console.log(`One message at a time (send -> receipt at another seat of the room), ${PING_PONGS} per turn:`);
  console.log('| turn | platform p50 | platform p99 | bare p50 | bare p99 | p50 ratio | p99 ratio |');
  console.log('|---|---|---|---|---|---|---|');
  for (let turn = 1; turn <= 3; turn++) {
    const platform = await oneAtATime(platformRooms, sockets);
    const bare = await oneAtATime(bareRooms, bareSockets);
    const ratio = (q: number) => (percentile(platform, q) / percentile(bare, q)).toFixed(2);
    console.log(
      `| ${turn} | ${micro(percentile(platform, 50))} | ${micro(percentile(platform, 99))} | ${micro(percentile(bare, 50))} | ${micro(percentile(bare, 99))} | ${ratio(50)} | ${ratio(99)} |`,
    );
  }
  console.log('');

  // ROUNDS rounds of SECONDS on each path: a p99 of 20,000 messages is set by a handful of stalls of the shared
  // machine, which fall on one path or the other by chance, so one round's ratio swings widely. The median of the
  // rounds' ratios is the figure to compare with the bar; every round is printed too.
  const fixed = (ms: number) => `${ms.toFixed(2)} ms`;
  const row = (name: string, l: number[]) =>
    `| ${name} | ${l.length} | ${fixed(percentile(l, 50))} | ${fixed(percentile(l, 95))} | ${fixed(percentile(l, 99))} | ${fixed(l[l.length - 1]!)} |`;
  console.log(
    `${ROOMS * PER_ROOM} sockets in ${ROOMS} rooms on each path, ${ROOMS * RATE_PER_ROOM} messages/s, ${SECONDS} s on each path in turns of ${SLICE_MS} ms, ${ROUNDS} rounds`,
  );
  console.log('| round | path | messages | p50 | p95 | p99 | max | p50 ratio | p99 ratio |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const ratios: { p50: number; p99: number }[] = [];
  const allPlatform: number[] = [];
  const allBare: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    platformLatencies.length = 0;
    bareLatencies.length = 0;
    await driveAlternating([platformRooms, bareRooms]);
    const platform = [...platformLatencies].sort((a, b) => a - b);
    const bare = [...bareLatencies].sort((a, b) => a - b);
    allPlatform.push(...platform);
    allBare.push(...bare);
    const ratio = { p50: percentile(platform, 50) / percentile(bare, 50), p99: percentile(platform, 99) / percentile(bare, 99) };
    ratios.push(ratio);
    console.log(`| ${round} ${row('platform relay', platform)} ${ratio.p50.toFixed(2)} | ${ratio.p99.toFixed(2)} |`);
    console.log(`| ${round} ${row('bare forwarder', bare)} | |`);
  }
  sockets.forEach((s) => s.close());
  bareSockets.forEach((s) => s.close());
  echo.kill();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  allPlatform.sort((a, b) => a - b);
  allBare.sort((a, b) => a - b);
  console.log(`| all ${row('platform relay', allPlatform)} | |`);
  console.log(`| all ${row('bare forwarder', allBare)} | |`);
  console.log(`median of the rounds' ratios: p50 ${median(ratios.map((r) => r.p50)).toFixed(2)}, p99 ${median(ratios.map((r) => r.p99)).toFixed(2)}`);
} finally {
  await server.stop();
}
