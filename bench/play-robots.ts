// Robot load: 200 robot-only tables of one online event play round 1 on one server, the robots acting without
// delay (ROBOT_DELAY_MS=0). The event is made through the organiser API (a 200-table Mitchell, random deals, a
// robot participant at every seat) and started by its organiser; the server then opens every table and its robots
// play. The bench watches the database until every board of round 1 has its result at every table.
// Usage: npm run bench:play-robots --workspace bench   (BENCH_DATABASE_URL as the other benches; TABLES, 200 by
//        default; BOARDS a round, 3 by default; ANALYSIS_WORKERS for the server's solver processes, 0 by default:
//        the robots then play by their heuristic; ROUND_TIMEOUT_S, 900 by default)
// Reports moves (stored calls and cards) a second, the server's CPU per move (and the CPU of its PostgreSQL
// backends), and its memory per table: resident memory before the start against after the round, divided by the
// tables; and the same for the heap after a forced collection (bench/support/memory-probe.ts). Then what one change of
// the event costs with every table open: the director pauses the clock, and the server's CPU is read until it is quiet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endpoints } from '@bridge/api';
import { backendsOf, createRobotEvent, playCounts, startEvent } from './support/online-event.ts';
import { busyShare, childrenOf, cpuSeconds, loadAverage, machineTicks, megabytes, rssBytes } from './support/proc.ts';
import { signIn, startBenchServer } from './support/server.ts';

const TABLES = Number(process.env.TABLES ?? 200);
const BOARDS = Number(process.env.BOARDS ?? 3);
const ANALYSIS_WORKERS = process.env.ANALYSIS_WORKERS ?? '0';
const ROUND_TIMEOUT_S = Number(process.env.ROUND_TIMEOUT_S ?? 900);
const POLL_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const probeFile = path.join(os.tmpdir(), `play-robots-memory-${process.pid}.json`);

/** The server's memory after a forced collection, written by the preloaded probe on SIGUSR2. */
async function probeMemory(pid: number): Promise<{ rss: number; heapUsed: number; external: number }> {
  const before = fs.existsSync(probeFile) ? fs.statSync(probeFile).mtimeMs : 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    if (fs.existsSync(probeFile) && fs.statSync(probeFile).mtimeMs !== before) return JSON.parse(fs.readFileSync(probeFile, 'utf8'));
  }
  throw new Error('the memory probe did not answer');
}

let errorLines = 0;
const firstErrors: string[] = [];
const server = await startBenchServer(
  {
    ADMIN_EMAIL: 'bench@example.org',
    ADMIN_PASSWORD: 'bench password',
    ROBOT_DELAY_MS: '0',
    ANALYSIS_WORKERS,
    MEMORY_PROBE_FILE: probeFile,
  },
  ['--expose-gc', '--import', './bench/support/memory-probe.ts'],
  {
    // The server logs at warn: its errors (a robot refused, a table not opened) are counted, the first shown.
    onOutput(line) {
      try {
        if ((JSON.parse(line) as { level?: number }).level! >= 50) {
          errorLines++;
          if (firstErrors.length < 5) firstErrors.push(line);
        }
      } catch {
        console.log(line);
      }
    },
  },
);
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
try {
  const organiser = await signIn(server.url, 'bench@example.org', 'bench password');
  const { key, id } = await createRobotEvent(organiser, { tables: TABLES, boardsPerRound: BOARDS, name: 'Bench robot load' });
  const expected = TABLES * BOARDS;
  // Let the server settle after the requests that made the event, then take its memory before any table opens.
  await sleep(3000);
  const rssBefore = rssBytes(server.pid);
  const heapBefore = await probeMemory(server.pid);

  const ownBackend = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const backendCpu = new Map<number, { first: number; last: number }>();
  const readBackends = async () => {
    for (const pid of await backendsOf(db, server.databaseName)) {
      if (pid === ownBackend) continue;
      try {
        const cpu = cpuSeconds(pid);
        const known = backendCpu.get(pid);
        backendCpu.set(pid, { first: known?.first ?? cpu, last: cpu });
      } catch {
        // the backend ended between the query and the read
      }
    }
  };
  await readBackends();
  const solverCpu = () => childrenOf(server.pid).reduce((sum, pid) => sum + cpuSeconds(pid), 0);

  // With the solver on, the event's deals are also analysed in the background (queued when the event was made): how
  // many wait in line at the start and at the end says how much of the solvers' time went to that.
  const queued = async () => Number((await db.query<{ n: string }>('select count(*) as n from analysis_queue')).rows[0]!.n);
  const queuedBefore = await queued();
  const load = loadAverage();
  const machineBefore = machineTicks();
  const cpuBefore = cpuSeconds(server.pid);
  const solverBefore = solverCpu();
  const started = performance.now();
  const startedAtWall = Date.now();
  await startEvent(organiser, key);

  let counts = await playCounts(db, id);
  let allOpenAt: number | null = null;
  let lastReport = started;
  while (counts.results < expected && performance.now() - started < ROUND_TIMEOUT_S * 1000) {
    await sleep(POLL_MS);
    counts = await playCounts(db, id);
    await readBackends();
    if (allOpenAt === null && counts.tables === TABLES) allOpenAt = performance.now() - started;
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.error(
        `${((lastReport - started) / 1000).toFixed(0)} s: ${counts.results}/${expected} results, ${counts.actions} moves, ${counts.tables} tables moving`,
      );
    }
  }
  const elapsedS = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(server.pid) - cpuBefore;
  const solversCpu = solverCpu() - solverBefore;
  const machine = busyShare(machineBefore, machineTicks());
  const queuedAfter = await queued();
  const rssAfter = rssBytes(server.pid);
  const heapAfter = await probeMemory(server.pid);

  // An event change once the tables are open: the director pauses the round's clock. Every change of the event has
  // the server read each of its open tables again (PlayHost.openEvent); its CPU until it is quiet again (under a fifth of a
  // core used for a whole second) says what that costs.
  const cpuBeforeChange = cpuSeconds(server.pid);
  const changedAt = performance.now();
  await organiser.call(endpoints.directing.clock, { params: { key }, body: { running: false } });
  let quietSince = performance.now();
  let lastCpu = cpuSeconds(server.pid);
  let busyUntil = changedAt;
  while (performance.now() - quietSince < 1000) {
    await sleep(100);
    const cpu = cpuSeconds(server.pid);
    if (cpu - lastCpu >= 0.02) {
      quietSince = performance.now();
      busyUntil = quietSince;
    }
    lastCpu = cpu;
  }
  const changeCpu = lastCpu - cpuBeforeChange;
  const postgresCpu = [...backendCpu.values()].reduce((sum, b) => sum + b.last - b.first, 0);

  // The moves' own timing from the database: the first stored move to the last.
  const { rows } = await db.query<{ first: Date; last: Date; calls: string; cards: string; passed: string }>(
    `select min(created_at) as first, max(created_at) as last,
            count(*) filter (where action->>'type' = 'call') as calls,
            count(*) filter (where action->>'type' = 'play') as cards,
            (select count(*) from board_results where tournament_id = $1 and round = 1 and level = 0) as passed
       from play_actions where tournament_id = $1 and round = 1`,
    [id],
  );
  const span = rows[0]!;
  // Each table's first and last move: when its robots began (its table opened) and how long its round took.
  const { rows: perTable } = await db.query<{ began: Date; ended: Date }>(
    `select min(created_at) as began, max(created_at) as ended from play_actions where tournament_id = $1 and round = 1 group by table_no`,
    [id],
  );
  const began = perTable.map((t) => (t.began.getTime() - startedAtWall) / 1000).sort((a, b) => a - b);
  const lasted = perTable.map((t) => (t.ended.getTime() - t.began.getTime()) / 1000).sort((a, b) => a - b);
  const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
  const moves = counts.actions;
  const movingS = (span.last.getTime() - span.first.getTime()) / 1000;

  console.log(
    `${TABLES} robot tables, ${BOARDS} boards each in round 1 (${expected} boards), ROBOT_DELAY_MS=0, ANALYSIS_WORKERS=${ANALYSIS_WORKERS}; load average ${load} at the start`,
  );
  if (counts.results < expected) {
    const { rows: behind } = await db.query<{ table_no: number; results: string; last: Date | null }>(
      `select t.table_no, (select count(*) from board_results r where r.tournament_id = $1 and r.round = 1 and r.table_no = t.table_no) as results,
              (select max(created_at) from play_actions a where a.tournament_id = $1 and a.round = 1 and a.table_no = t.table_no) as last
         from generate_series(1, $2::int) as t(table_no) order by 2, 1 limit 10`,
      [id, TABLES],
    );
    console.log(`NOT FINISHED after ${ROUND_TIMEOUT_S} s: ${counts.results} of ${expected} results in; tables furthest behind:`);
    for (const row of behind) console.log(`  table ${row.table_no}: ${row.results} results, last move ${row.last?.toISOString() ?? 'never'}`);
  }
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| start -> every board of round 1 has its result | ${elapsedS.toFixed(1)} s |`);
  console.log(`| start -> every table has made a move | ${allOpenAt === null ? 'not reached' : `${(allOpenAt / 1000).toFixed(1)} s`} |`);
  console.log(
    `| a table's first move after the start: first, median, last table | ${began[0]!.toFixed(1)} s, ${median(began).toFixed(1)} s, ${began[began.length - 1]!.toFixed(1)} s |`,
  );
  console.log(
    `| a table's round, its first move -> its last: median, longest | ${median(lasted).toFixed(1)} s, ${lasted[lasted.length - 1]!.toFixed(1)} s |`,
  );
  console.log(`| moves stored (calls + cards) | ${moves} (${span.calls} calls, ${span.cards} cards; ${span.passed} boards passed out) |`);
  console.log(`| moves a second, start -> last result | ${(moves / elapsedS).toFixed(0)} |`);
  console.log(`| moves a second, first -> last stored move | ${(moves / movingS).toFixed(0)} |`);
  console.log(`| server CPU | ${serverCpu.toFixed(1)} s (${((serverCpu / elapsedS) * 100).toFixed(0)} % of one core) |`);
  console.log(`| server CPU per move | ${((serverCpu / moves) * 1000).toFixed(2)} ms |`);
  console.log(`| PostgreSQL backends' CPU per move | ${((postgresCpu / moves) * 1000).toFixed(2)} ms (${postgresCpu.toFixed(1)} s) |`);
  if (ANALYSIS_WORKERS !== '0') console.log(`| deals waiting for the background analysis, start -> end | ${queuedBefore} -> ${queuedAfter} |`);
  if (ANALYSIS_WORKERS !== '0')
    console.log(`| solver processes' CPU per move | ${((solversCpu / moves) * 1000).toFixed(2)} ms (${solversCpu.toFixed(1)} s) |`);
  console.log(`| both cores busy meanwhile (whole machine) | ${(machine * 100).toFixed(0)} % |`);
  console.log(`| server RSS before the start -> after the round | ${megabytes(rssBefore)} -> ${megabytes(rssAfter)} |`);
  console.log(`| RSS per table | ${((rssAfter - rssBefore) / TABLES / 1024).toFixed(0)} kB |`);
  console.log(
    `| RSS after a collection, before -> after (per table) | ${megabytes(heapBefore.rss)} -> ${megabytes(heapAfter.rss)} (${((heapAfter.rss - heapBefore.rss) / TABLES / 1024).toFixed(0)} kB) |`,
  );
  console.log(`| heap used after a collection, before -> after | ${megabytes(heapBefore.heapUsed)} -> ${megabytes(heapAfter.heapUsed)} |`);
  console.log(`| heap per table (after a collection) | ${((heapAfter.heapUsed - heapBefore.heapUsed) / TABLES / 1024).toFixed(0)} kB |`);
  console.log(
    `| after the round, the director pauses the clock: server CPU until quiet | ${changeCpu.toFixed(2)} s, over ${((busyUntil - changedAt) / 1000).toFixed(1)} s |`,
  );
  console.log(`| server error log lines | ${errorLines} |`);
  for (const line of firstErrors) console.log(`  ${line.slice(0, 400)}`);
} finally {
  await db.end();
  await server.stop();
}
