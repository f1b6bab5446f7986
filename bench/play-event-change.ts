// Event-wide changes with 200 online tables open: what the server spends when the director pauses the round's clock
// (no table's board changes), starts it again, or moves to the next round (every table's board changes); and what
// opening the 200 tables costs, at the start and when a restarted server resumes them.
// The event is made through the organiser API (a 200-table Mitchell, random deals) with a person's account at every
// seat (the accounts are written straight into the database, as nobody signs in): no robot plays, so nothing else
// runs on the server while it is measured. Each figure is the server's own: its debug line `online tables
// refreshed` (written when PlayHost.openEvent is done for a change, with the milliseconds it took) or `online tables
// resumed` after a restart; and its CPU from the request until it is quiet again (/proc).
// Usage: npm run bench:play-event-change --workspace bench   (BENCH_DATABASE_URL as the other benches; TABLES, 200
//        by default; BOARDS a round, 3 by default; PAUSES, 3 by default: how many times the clock is paused and
//        started again)
import pg from 'pg';
import { endpoints } from '@bridge/api';
import { createRobotEvent, startEvent } from './support/online-event.ts';
import { cpuSeconds, loadAverage } from './support/proc.ts';
import { signIn, startBenchServer, type BenchServer } from './support/server.ts';

const TABLES = Number(process.env.TABLES ?? 200);
const BOARDS = Number(process.env.BOARDS ?? 3);
const PAUSES = Number(process.env.PAUSES ?? 3);
const env = { ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench password', ANALYSIS_WORKERS: '0', LOG_LEVEL: 'debug' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seatEmail = (table: number, side: number) => `seat-${(table - 1) * 4 + side + 1}@bench.example`;

/** What the servers' logs said: each refresh of the tables, the resume after a start, and the error lines. */
const log = { refreshed: [] as number[], resumed: null as { tables: number; ms: number } | null, errors: 0, firstErrors: [] as string[] };
function onOutput(line: string) {
  let entry: { level?: number; msg?: string; ms?: number; tables?: number };
  try {
    entry = JSON.parse(line);
  } catch {
    return console.log(line);
  }
  if (entry.msg === 'online tables refreshed') log.refreshed.push(entry.ms!);
  if (entry.msg === 'online tables resumed') log.resumed = { tables: entry.tables!, ms: entry.ms! };
  if (entry.level! >= 50) {
    log.errors++;
    if (log.firstErrors.length < 5) log.firstErrors.push(line);
  }
}

/** Waits until the server has used under a fifth of a core for a whole second; answers when its work ended (`since` at the earliest). */
async function quiet(pid: number, since: number) {
  let quietSince = performance.now();
  let busyUntil = since;
  let lastCpu = cpuSeconds(pid);
  while (performance.now() - quietSince < 1000) {
    await sleep(100);
    const cpu = cpuSeconds(pid);
    if (cpu - lastCpu >= 0.02) {
      quietSince = performance.now();
      busyUntil = quietSince;
    }
    lastCpu = cpu;
  }
  return busyUntil;
}

interface Reading {
  what: string;
  refreshMs: number[];
  cpuS: number;
  busyS: number;
}
const readings: Reading[] = [];

/** One change of the event: its refresh line(s), and the server's CPU until it is quiet again. */
async function measure(server: BenchServer, what: string, change: () => Promise<unknown>) {
  const seen = log.refreshed.length;
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  await change();
  for (let waited = 0; log.refreshed.length === seen; waited += 50) {
    if (waited > 120_000) throw new Error(`no refresh line after: ${what}`);
    await sleep(50);
  }
  const busyUntil = await quiet(server.pid, performance.now());
  readings.push({ what, refreshMs: log.refreshed.slice(seen), cpuS: cpuSeconds(server.pid) - cpuBefore, busyS: (busyUntil - started) / 1000 });
}

const load = loadAverage();
let server = await startBenchServer(env, [], { onOutput });
const bootCpu = cpuSeconds(server.pid);
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
let killed = false;
try {
  await db.query(
    `insert into users (email, names, password_hash, email_verified)
     select 'seat-' || g || '@bench.example', 'Player ' || g, 'no password: nobody signs in', true from generate_series(1, $1::int) as g`,
    [TABLES * 4],
  );
  const organiser = await signIn(server.url, 'bench@example.org', 'bench password');
  const { key } = await createRobotEvent(organiser, { tables: TABLES, boardsPerRound: BOARDS, name: 'Bench event change', seatEmail });
  await quiet(server.pid, performance.now());

  await measure(server, 'start: every table opened', () => startEvent(organiser, key));
  for (let i = 0; i < PAUSES; i++) {
    await measure(server, 'clock paused (no table changes)', () =>
      organiser.call(endpoints.directing.clock, { params: { key }, body: { running: false } }),
    );
    await measure(server, 'clock started (no table changes)', () =>
      organiser.call(endpoints.directing.clock, { params: { key }, body: { running: true } }),
    );
  }
  await measure(server, 'next round (every table changes)', () => organiser.call(endpoints.directing.nextRound, { params: { key } }));

  // A restart on the same database: the new server opens every table again from what is stored.
  await server.kill();
  killed = true;
  server = await startBenchServer(env, [], { database: server.databaseName, onOutput });
  killed = false;
  for (let waited = 0; !log.resumed; waited += 50) {
    if (waited > 120_000) throw new Error('no resumed line');
    await sleep(50);
  }
  await quiet(server.pid, performance.now());
  const restartCpu = cpuSeconds(server.pid);
  const organiserAgain = await signIn(server.url, 'bench@example.org', 'bench password');
  await measure(server, 'after the restart: clock paused', () =>
    organiserAgain.call(endpoints.directing.clock, { params: { key }, body: { running: false } }),
  );

  console.log(`${TABLES} tables, ${BOARDS} boards a round, a person at every seat (no robot plays); load average ${load} at the start`);
  console.log('| change | the refresh (its log line) | server CPU until quiet | busy for |');
  console.log('|---|---|---|---|');
  for (const r of readings)
    console.log(`| ${r.what} | ${r.refreshMs.map((ms) => `${ms} ms`).join(' + ')} | ${r.cpuS.toFixed(2)} s | ${r.busyS.toFixed(1)} s |`);
  console.log(
    `| restart: resumeAll (its log line) | ${log.resumed.ms} ms for ${log.resumed.tables} tables | ${restartCpu.toFixed(2)} s from the process start (a start with no table: ${bootCpu.toFixed(2)} s) | |`,
  );
  console.log(`| server error log lines | ${log.errors} | | |`);
  for (const line of log.firstErrors) console.log(`  ${line.slice(0, 400)}`);
} finally {
  await db.end();
  if (!killed) await server.stop();
}
