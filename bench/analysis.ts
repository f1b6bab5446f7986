// Double-dummy analysis through the platform against the DDS library called directly, side by side in one run.
// Usage: npm run bench:analysis --workspace bench   (BENCH_DATABASE_URL as for the other benches; BENCH_ROUNDS, default 3)
// Each round: 27 random deals (seeded) solved by a bare script (support/bare-dds.cjs, DDS's own threads on every
// core), then the same 27 deals imported into an event of the platform, timed from the import's answer until the
// results carry every board's analysis. Then 27 other deals again, while autocannon asks GET /api/v1/user at a
// steady rate and the server's event-loop delay is recorded (support/loop-delay.ts); the rate is also measured
// without analysis.
// Memory: the server's resident size before and after, and the solver processes' at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createClient, endpoints, EventType } from '@bridge/api';
import { dealFromIndex, formatDeal, randomDealIndex, seededRandom } from '@bridge/engine';
import { signIn, startBenchServer } from './support/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = 1000;

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const childrenOf = (pid: number) => fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
const commandOf = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');

function dealsOf(seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: 27 }, () => formatDeal(dealFromIndex(randomDealIndex(random))));
}

function bareSolveMs(deals: string[]): number {
  const run = spawnSync(process.execPath, [path.join(here, 'support/bare-dds.cjs')], { input: JSON.stringify(deals), cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the bare script failed (${run.status ?? run.signal}): ${run.stderr}`);
  return Number(run.stdout.trim());
}

async function main() {
  const loopFile = path.join(os.tmpdir(), `bench-loop-delay-${process.pid}.json`);
  const server = await startBenchServer({ LOOP_DELAY_FILE: loopFile, LOGIN_RATE_LIMIT: '1000000', EVENT_CREATION_RATE_LIMIT: '1000000' }, [
    '--import',
    './bench/support/loop-delay.ts',
  ]);
  try {
    await expectAnalysis(server.url);
    const email = 'bench-analysis@example.com';
    const password = 'benchmark password';
    await createClient({ baseUrl: server.url }).call(endpoints.users.register, { body: { email, password, names: 'Bench Organiser' } });
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(`update users set email_verified = true where email = $1`, [email]);
    await db.end();
    const organiser = await signIn(server.url, email, password);
    const cookie = organiser.cookie;
    const userRate = () => autocannon({ url: `${server.url}/api/v1/user`, headers: { cookie }, connections: 10, duration: 6, overallRate: RATE });

    const rssBefore = rssKb(server.pid);
    const quiet = await userRate();
    console.log(`\n${os.cpus().length} cores, ${rounds} rounds of 27 deals, GET /api/v1/user offered ${RATE} req/s\n`);
    console.log(`Without analysis: GET /api/v1/user ${Math.round(quiet.requests.average)} req/s, p99 ${quiet.latency.p99} ms\n`);
    console.log(
      '| round | bare script | through the platform | ratio | platform serving requests | GET /api/v1/user meanwhile | its p99 | event-loop delay p99 (max) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const watcher = new pg.Client({ connectionString: server.databaseUrl });
    await watcher.connect();
    let event = 0;
    /** Imports the deals into a new event of the platform; answers the time until every board has its analysis. */
    const analyseThroughPlatform = async (deals: string[]) => {
      const { key } = await organiser.call(endpoints.events.create, {
        body: {
          tables: 9,
          boardsPerRound: 3,
          gameDetails: {
            type: EventType.pair,
            typeName: `Analysis bench ${++event}`,
            players: 36,
            rounds: 9,
            movementType: 'Mitchell',
            scoreType: 'Match Point',
            handgeneratedModeAsString: 'Imported',
          },
        },
      });
      const pbn = deals.map((deal, i) => `[Board "${i + 1}"]\n[Deal "${deal}"]\n`).join('\n');
      await organiser.call(endpoints.events.importDeals, { params: { key }, body: { pbn } });
      const started = performance.now();
      // Watched in the database, a light query, so the watching takes next to nothing from the server.
      for (;;) {
        const { rows } = await watcher.query(`select count(*)::int as waiting from analysis_queue where deal = any($1)`, [deals]);
        if (rows[0].waiting === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const elapsed = performance.now() - started;
      const results = await organiser.call(endpoints.events.results, { params: { key } });
      if (!results.boards.every((board) => board.analysis)) throw new Error('the line is empty but a board has no analysis');
      return elapsed;
    };
    for (let round = 1; round <= rounds; round++) {
      // The same deals three ways: the bare script, the platform alone, the platform serving requests meanwhile
      // (fresh deals of the same seed's kind for the last, since the platform solves a deal once).
      const deals = dealsOf(1000 + round);
      const bareMs = bareSolveMs(deals);
      const platformMs = await analyseThroughPlatform(deals);
      process.kill(server.pid, 'SIGUSR2');
      const load = userRate();
      const loadedMs = await analyseThroughPlatform(dealsOf(2000 + round));
      const during = await load;
      process.kill(server.pid, 'SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const delay = JSON.parse(fs.readFileSync(loopFile, 'utf8')) as { p99: number; max: number };
      console.log(
        `| ${round} | ${Math.round(bareMs)} ms | ${Math.round(platformMs)} ms | ${(platformMs / bareMs).toFixed(2)} | ${Math.round(loadedMs)} ms | ${Math.round(during.requests.average)} req/s | ${during.latency.p99} ms | ${delay.p99} ms (${delay.max} ms) |`,
      );
    }
    await watcher.end();
    const solvers = childrenOf(server.pid).filter((pid) => commandOf(pid).includes('solver-process'));
    const solverKb = solvers.reduce((sum, pid) => sum + rssKb(pid), 0);
    console.log(
      `\nMemory: server ${Math.round(rssBefore / 1024)} MB before, ${Math.round(rssKb(server.pid) / 1024)} MB after; ${solvers.length} solver processes ${Math.round(solverKb / 1024)} MB together.`,
    );
  } finally {
    await server.stop();
    fs.rmSync(loopFile, { force: true });
  }
}

/** The bench measures the solver: without it there is nothing to measure. */
async function expectAnalysis(url: string) {
  for (let i = 0; i < 100; i++) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { analysis: boolean };
    if (health.analysis) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server has no double-dummy solver (apt-get install libdds0)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
