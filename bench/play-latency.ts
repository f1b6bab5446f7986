// Latency at an online table: four people at table 1 of an online event, each with a /ws/play socket, play whole
// boards (robots off: every seat of the event is a person; the other tables' people never sit, so nothing else
// moves). For each call and card, the time from its sending to all four sockets having the table frame it caused.
// In the same run, a bare `ws` broadcast (support/bare-broadcast.ts): on a message from one of four sockets it sends
// each of them a frame of the size the platform sent that socket for the same move. It runs twice over: in this
// process, and in a process of its own as the platform's server is; one sample of each follows each move. And, for
// scale, the insert a move is stored with, timed alone.
// Usage: npm run bench:play-latency --workspace bench   (BENCH_DATABASE_URL as the other benches; BOARDS, 16 by
//        default; MOVE_GAP_MS between moves, 100 by default, which keeps a declarer within the socket's allowance
//        of 10 messages a second; ANALYSIS_WORKERS, 0 by default: no background analysis of the deals meanwhile)
import { once } from 'node:events';
import pg from 'pg';
import { fork } from 'node:child_process';
import { WebSocket } from 'ws';
import { createClient, endpoints, EventType, type PlayServerMessage, type PlayTableState } from '@bridge/api';
import { startBareBroadcast } from './support/bare-broadcast.ts';
import { busyShare, loadAverage, machineTicks } from './support/proc.ts';
import { signIn, startBenchServer } from './support/server.ts';

const BOARDS = Number(process.env.BOARDS ?? 16);
const MOVE_GAP_MS = Number(process.env.MOVE_GAP_MS ?? 100);
const SEATS = ['N', 'E', 'S', 'W'] as const;
type Seat = (typeof SEATS)[number];
const STRAINS = ['C', 'D', 'H', 'S', 'NT'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const partner = (seat: Seat) => SEATS[(SEATS.indexOf(seat) + 2) % 4]!;

/** A socket that keeps, for each frame, when it came and its size; and the last table state. */
class Socket {
  readonly arrivals: { at: number; bytes: number; table: boolean; state?: PlayTableState }[] = [];
  latest: PlayTableState | null = null;
  error: string | null = null;
  private waiters: (() => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const at = performance.now();
      const message = JSON.parse(data.toString()) as PlayServerMessage | { type: 'bare' };
      if (message.type === 'table') this.latest = message.state;
      if (message.type === 'error') this.error = message.message;
      this.arrivals.push({
        at,
        bytes: data.length,
        table: message.type === 'table' || message.type === 'bare',
        ...(message.type === 'table' ? { state: message.state } : {}),
      });
      this.waiters.splice(0).forEach((wake) => wake());
    });
  }

  get tableFrames() {
    return this.arrivals.filter((a) => a.table);
  }

  /** Waits until this socket has `count` table frames (or an error, which stops the bench). */
  async frames(count: number) {
    while (this.tableFrames.length < count) {
      if (this.error) throw new Error(`the server refused a move: ${this.error}`);
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
    return this.tableFrames;
  }

  static async open(url: string, headers: Record<string, string>) {
    const socket = new WebSocket(url, { headers });
    await once(socket, 'open');
    return new Socket(socket);
  }
}

/** A legal call: the dealer opens at the one level; then now and then one step above the last bid, up to 4, else a pass. */
function nextCall(state: PlayTableState): string {
  const bids = state.auction.filter((c) => /^\d/.test(c.call));
  if (bids.length === 0) return state.auction.length === 0 ? `1${STRAINS[Math.floor(Math.random() * 5)]}` : 'Pass';
  const last = bids[bids.length - 1]!.call;
  const level = Number(last[0]);
  const strain = STRAINS.indexOf(last.slice(1) as (typeof STRAINS)[number]);
  if (Math.random() < 0.3 && level < 4) return strain === 4 ? `${level + 1}C` : `${level}${STRAINS[strain + 1]}`;
  return 'Pass';
}

/** A legal card for the seat on turn, from the acting seat's own frame (declarer sees dummy's hand). */
function legalCard(state: PlayTableState): string {
  const hand = state.hands[state.turn!]!;
  const led = state.trick[0]?.card[0];
  const following = led ? hand.filter((card) => card[0] === led) : [];
  const choices = following.length > 0 ? following : hand;
  return choices[Math.floor(Math.random() * choices.length)]!;
}

const server = await startBenchServer({
  ADMIN_EMAIL: 'bench@example.org',
  ADMIN_PASSWORD: 'bench password',
  ANALYSIS_WORKERS: process.env.ANALYSIS_WORKERS ?? '0',
});
let closeBare = () => {};
try {
  const admin = await signIn(server.url, 'bench@example.org', 'bench password');
  // Twelve people for a 3-table Mitchell (the smallest with two rounds): table 1's four play; the other tables' are
  // seated so that no robot plays there, and never sit.
  const people: { email: string; cookie: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const email = `bench.player${i}@example.org`;
    await createClient({ baseUrl: server.url }).call(endpoints.users.register, { body: { email, password: 'bench password', names: `Player ${i}` } });
    const uid = (await admin.call(endpoints.users.adminSearch, { query: { query: email } })).data[0]!.uid;
    await admin.call(endpoints.users.adminVerify, { query: { key: uid } });
    people.push({ email, cookie: (await signIn(server.url, email, 'bench password')).cookie });
  }
  const { key } = await admin.call(endpoints.events.create, {
    body: {
      tables: 3,
      boardsPerRound: BOARDS,
      gameDetails: {
        type: EventType.pair,
        typeName: 'Bench latency',
        players: 12,
        rounds: 2,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
        liveTableEvent: true,
        kibtzersEnabled: false,
      },
    },
  });
  await admin.call(endpoints.events.addParticipants, {
    params: { key },
    body: { participants: people.map((p, i) => ({ email: p.email, table: 1 + Math.floor(i / 4), side: i % 4, isBot: false })) },
  });
  await admin.call(endpoints.directing.start, { params: { key } });

  const wsUrl = `${server.url.replace('http', 'ws')}/ws/play`;
  const origin = new URL(server.url).origin;
  const platform = {} as Record<Seat, Socket>;
  for (const [i, seat] of SEATS.entries()) {
    platform[seat] = await Socket.open(wsUrl, { origin, cookie: people[i]!.cookie });
    platform[seat].socket.send(JSON.stringify({ type: 'sit', key, table: 1 }));
    await platform[seat].frames(1);
    if (platform[seat].latest!.seat !== seat) throw new Error(`${seat} was seated as ${platform[seat].latest!.seat}`);
  }

  // The bare broadcasts: one in this process, one in a process of its own (as the platform's server is); each gets
  // the move's message with the sizes of the four frames the platform sent for it.
  const local = await startBareBroadcast();
  const child = fork(new URL('./support/bare-broadcast.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'] });
  const [childPort] = (await once(child, 'message')) as [number];
  const connect = async (port: number) => {
    const sockets: Socket[] = [];
    // One at a time: the server numbers its sockets in the order they connect.
    for (let i = 0; i < 4; i++) sockets.push(await Socket.open(`ws://127.0.0.1:${port}`, {}));
    await sleep(100);
    return sockets;
  };
  const bareLocal = await connect(local.port);
  const bareChild = await connect(childPort);
  closeBare = () => {
    for (const socket of [...bareLocal, ...bareChild]) socket.socket.terminate();
    local.close();
    child.kill();
  };
  /** One bare sample: the sender's socket sends, every socket receives its frame; the time to the last of the four. */
  const bareSample = async (sockets: Socket[], sender: number, message: object, sizes: number[]) => {
    const before = sockets.map((s) => s.tableFrames.length);
    const sentAt = performance.now();
    sockets[sender]!.socket.send(JSON.stringify({ ...message, sizes }));
    const received = await Promise.all(sockets.map(async (s, i) => (await s.frames(before[i]! + 1))[before[i]!]!));
    return Math.max(...received.map((r) => r.at)) - sentAt;
  };

  const platformMs: number[] = [];
  /** What each move was: its board, a call or a card, and whether it ended the board. */
  const moveLabels: string[] = [];
  const bareMs: number[] = [];
  const bareChildMs: number[] = [];
  const sizes: number[] = [];
  let calls = 0;
  let cards = 0;
  const load = loadAverage();
  const machineBefore = machineTicks();
  const north = platform.N;
  while (!north.latest!.roundOver) {
    const state = north.latest!;
    const turn = state.turn!;
    const dummy = state.declarer ? partner(state.declarer) : null;
    const actor = turn === dummy ? state.declarer! : turn;
    const before = SEATS.map((seat) => platform[seat].tableFrames.length);
    const own = platform[actor].latest!;
    const message = own.contract === null && own.declarer === null ? { type: 'call', call: nextCall(own) } : { type: 'play', card: legalCard(own) };
    const text = JSON.stringify(message);
    const sentAt = performance.now();
    platform[actor].socket.send(text);
    const received = await Promise.all(SEATS.map(async (seat, i) => (await platform[seat].frames(before[i]! + 1))[before[i]!]!));
    platformMs.push(Math.max(...received.map((r) => r.at)) - sentAt);
    if (message.type === 'call') calls++;
    else cards++;
    moveLabels.push(
      `board ${state.board} ${message.type === 'call' ? `call ${state.auction.length + 1}` : `card ${4 * (state.tricks.ns + state.tricks.ew) + state.trick.length + 1}`}`,
    );
    // A board's end is broadcast twice when another board follows: its result, then the next board; the next move
    // waits for both. The round's last board stays on show.
    const caused = received[0]!.state!;
    if (caused.result && !caused.roundOver) await Promise.all(SEATS.map((seat, i) => platform[seat].frames(before[i]! + 2)));

    // The bare samples: the same sender, the same message, the same frame sizes to the four.
    const frameSizes = received.map((r) => r.bytes);
    sizes.push(...frameSizes);
    bareMs.push(await bareSample(bareLocal, SEATS.indexOf(actor), message, frameSizes));
    bareChildMs.push(await bareSample(bareChild, SEATS.indexOf(actor), message, frameSizes));
    await sleep(MOVE_GAP_MS);
  }

  // How busy both cores were over the moves, the bench's and the server's work included: what else ran shows here.
  const machine = busyShare(machineBefore, machineTicks());
  const fixed = (ms: number) => `${ms.toFixed(2)} ms`;
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${fixed(percentile(sorted, 50))} | ${fixed(percentile(sorted, 90))} | ${fixed(percentile(sorted, 99))} | ${fixed(sorted[sorted.length - 1]!)} |`;
  };
  const sortedPlatform = [...platformMs].sort((a, b) => a - b);
  const sortedBare = [...bareMs].sort((a, b) => a - b);
  const sortedSizes = [...sizes].sort((a, b) => a - b);
  console.log(
    `One table, four people, ${BOARDS} boards (${calls} calls, ${cards} cards), a move every ${MOVE_GAP_MS} ms after the last one settled; frames ${sortedSizes[0]}-${sortedSizes[sortedSizes.length - 1]} bytes (median ${percentile(sortedSizes, 50)}); load average ${load} at the start, both cores ${(machine * 100).toFixed(0)} % busy over the moves`,
  );
  console.log('| path: move sent -> all four sockets have the frame | samples | p50 | p90 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('platform /ws/play (store, then broadcast)', platformMs));
  console.log(row('bare ws broadcast in the bench process, same frame sizes', bareMs));
  console.log(row('bare ws broadcast in a process of its own, same frame sizes', bareChildMs));
  const slowest = platformMs
    .map((ms, i) => ({ ms, i }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map(({ ms, i }) => `move ${i + 1} (${moveLabels[i]}): ${fixed(ms)}`);
  console.log(`slowest platform samples: ${slowest.join(', ')}`);

  // What storing a move costs on its own: the same insert (a row of play_actions, one commit each) into a table of
  // the same shape, from this process, as many times as there were moves. Not a temporary table: those skip the
  // write-ahead log, and so the flush that each commit waits for.
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  await db.query('create table bench_actions (like play_actions including all)');
  const { rows: stored } = await db.query<{ tournament_id: string; action: object }>('select tournament_id, action from play_actions limit 1');
  const insertMs: number[] = [];
  for (let i = 0; i < platformMs.length; i++) {
    const start = performance.now();
    await db.query('insert into bench_actions (tournament_id, round, table_no, board_no, seq, actor, action) values ($1, 1, 1, 1, $2, $3, $4)', [
      stored[0]!.tournament_id,
      i + 1,
      'N',
      JSON.stringify(stored[0]!.action),
    ]);
    insertMs.push(performance.now() - start);
  }
  await db.query('drop table bench_actions');
  await db.end();
  console.log(row('for scale: one stored move alone (insert + commit from this process)', insertMs));
  const sortedChild = [...bareChildMs].sort((a, b) => a - b);
  const ratio = (base: number[], p: number) => (percentile(sortedPlatform, p) / percentile(base, p)).toFixed(2);
  console.log(`platform / bare in the bench process: p99 ${ratio(sortedBare, 99)}, p50 ${ratio(sortedBare, 50)}`);
  console.log(`platform / bare in its own process: p99 ${ratio(sortedChild, 99)}, p50 ${ratio(sortedChild, 50)}`);
} finally {
  closeBare();
  await server.stop();
}
