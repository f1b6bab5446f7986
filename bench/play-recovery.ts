// Recovery: 200 robot tables of one online event are in the middle of their boards when the server is killed
// (SIGKILL, as a crash); a new server process starts on the same database. Measured: from the new process
// listening to every table open again (the server's own log line `online tables resumed`, written when
// PlayHost.resumeAll is done, with the tables it opened and the time it took), and to every table's robots acting
// again (a move stored after the restart at each table, watched in the database). Then the round is let finish, to
// show no table is stuck.
// Usage: npm run bench:play-recovery --workspace bench   (BENCH_DATABASE_URL as the other benches; TABLES, 200 by
//        default; BOARDS a round, 3 by default; ROBOT_DELAY_MS, 800 by default (the server's own default): robots
//        at that pace are mid-board when the kill comes; KILL_AFTER_MOVES, 20 by default: the kill comes once every
//        table has stored that many moves; ANALYSIS_WORKERS, 0 by default; FINISH_TIMEOUT_S, 600 by default, 0 not to wait)
import pg from 'pg';
import { createRobotEvent, playCounts, startEvent } from './support/online-event.ts';
import { cpuSeconds, loadAverage, rssBytes, megabytes } from './support/proc.ts';
import { signIn, startBenchServer } from './support/server.ts';

const TABLES = Number(process.env.TABLES ?? 200);
const BOARDS = Number(process.env.BOARDS ?? 3);
const ROBOT_DELAY_MS = process.env.ROBOT_DELAY_MS ?? '800';
const KILL_AFTER_MOVES = Number(process.env.KILL_AFTER_MOVES ?? 20);
const FINISH_TIMEOUT_S = Number(process.env.FINISH_TIMEOUT_S ?? 600);
const env = {
  ADMIN_EMAIL: 'bench@example.org',
  ADMIN_PASSWORD: 'bench password',
  ROBOT_DELAY_MS,
  ANALYSIS_WORKERS: process.env.ANALYSIS_WORKERS ?? '0',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each table's stored moves in round 1 and when its last one was stored. */
async function movesByTable(db: pg.Client, tournamentId: string) {
  const { rows } = await db.query<{ table_no: number; moves: string; last: Date }>(
    `select table_no, count(*) as moves, max(created_at) as last from play_actions
      where tournament_id = $1 and round = 1 group by table_no`,
    [tournamentId],
  );
  return new Map(rows.map((r) => [r.table_no, { moves: Number(r.moves), last: r.last.getTime() }]));
}

const first = await startBenchServer(env);
const db = new pg.Client({ connectionString: first.databaseUrl });
await db.connect();
let killed = false;
let second: Awaited<ReturnType<typeof startBenchServer>> | null = null;
try {
  const organiser = await signIn(first.url, 'bench@example.org', 'bench password');
  const { key, id } = await createRobotEvent(organiser, { tables: TABLES, boardsPerRound: BOARDS, name: 'Bench recovery' });
  const expected = TABLES * BOARDS;
  await startEvent(organiser, key);

  // Mid-board at every table: each has stored KILL_AFTER_MOVES moves or more, and none has finished its round.
  for (;;) {
    await sleep(500);
    const moves = await movesByTable(db, id);
    if (moves.size === TABLES && Math.min(...[...moves.values()].map((m) => m.moves)) >= KILL_AFTER_MOVES) break;
  }
  await first.kill();
  killed = true;
  const atKill = await movesByTable(db, id);
  const countsAtKill = await playCounts(db, id);
  const { rows: boardsInPlay } = await db.query<{ mid: string }>(
    // Tables whose board in play has moves but no result yet: the kill came in the middle of that board.
    `select count(*) as mid from (select distinct a.table_no, a.board_no from play_actions a
       where a.tournament_id = $1 and a.round = 1 and not exists (select 1 from board_results r
         where r.tournament_id = a.tournament_id and r.round = 1 and r.table_no = a.table_no and r.board_no = a.board_no)) as open_boards`,
    [id],
  );

  // The second server, on the same database, logging at info: its listening line and PlayHost's resumed line.
  const seen: { listeningAt?: number; resumed?: { at: number; tables: number; ms: number } } = {};
  let errorLines = 0;
  const firstErrors: string[] = [];
  const load = loadAverage();
  const spawnedAt = Date.now();
  second = await startBenchServer({ ...env, LOG_LEVEL: 'info' }, [], {
    database: first.databaseName,
    onOutput(line) {
      let entry: { level?: number; time?: number; msg?: string; tables?: number; ms?: number };
      try {
        entry = JSON.parse(line);
      } catch {
        return console.log(line);
      }
      if (entry.msg?.startsWith('Bridge Platform is running')) seen.listeningAt = entry.time!;
      if (entry.msg === 'online tables resumed') seen.resumed = { at: entry.time!, tables: entry.tables!, ms: entry.ms! };
      if (entry.level! >= 50) {
        errorLines++;
        if (firstErrors.length < 5) firstErrors.push(line);
      }
    },
  });
  const healthyAt = Date.now();
  const cpuAtHealth = cpuSeconds(second.pid);

  // Every table acting again: a move stored after the restart at each table. A table that had finished its round
  // before the kill has nothing left to play, and counts as acting.
  const { rows: finishedRows } = await db.query<{ tables: string }>(
    `select count(*) as tables from (select table_no from board_results where tournament_id = $1 and round = 1
       group by table_no having count(*) >= $2) as t`,
    [id, BOARDS],
  );
  const finishedAtKill = Number(finishedRows[0]!.tables);
  let actingAgain = 0;
  while (Date.now() - healthyAt < 120_000) {
    const moves = await movesByTable(db, id);
    actingAgain = [...moves.entries()].filter(([table, m]) => m.moves > (atKill.get(table)?.moves ?? 0)).length;
    if (actingAgain + finishedAtKill >= TABLES) break;
    await sleep(200);
  }
  // When the last table to act again stored its first move after the restart.
  const { rows: actingRows } = await db.query<{ latest: Date | null }>(
    `select max(first_after) as latest from (select table_no, min(created_at) as first_after from play_actions
       where tournament_id = $1 and round = 1 and created_at > to_timestamp($2 / 1000.0) group by table_no) as t`,
    [id, spawnedAt],
  );
  const allActingAt = actingAgain + finishedAtKill >= TABLES ? (actingRows[0]!.latest?.getTime() ?? null) : null;
  const { listeningAt, resumed: resumedAt } = seen;
  const cpuToResumed = cpuSeconds(second.pid);

  // The rest of the round, to show every table finishes it.
  const finishStart = Date.now();
  let counts = await playCounts(db, id);
  while (FINISH_TIMEOUT_S > 0 && counts.results < expected && Date.now() - finishStart < FINISH_TIMEOUT_S * 1000) {
    await sleep(1000);
    counts = await playCounts(db, id);
  }
  const finishedS = (Date.now() - finishStart) / 1000;
  const rss = rssBytes(second.pid);

  const seconds = (ms: number | null) => (ms === null ? 'not reached' : `${(ms / 1000).toFixed(2)} s`);
  console.log(
    `${TABLES} robot tables, ${BOARDS} boards each in round 1, ROBOT_DELAY_MS=${ROBOT_DELAY_MS}, ANALYSIS_WORKERS=${env.ANALYSIS_WORKERS}; load average ${load} at the restart`,
  );
  console.log(
    `At the kill: ${countsAtKill.actions} moves stored, ${countsAtKill.results} of ${expected} results in, ${boardsInPlay[0]!.mid} tables with a board begun and not finished; each table ${Math.min(...[...atKill.values()].map((m) => m.moves))}-${Math.max(...[...atKill.values()].map((m) => m.moves))} moves into the round`,
  );
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| new process started -> health answers | ${seconds(healthyAt - spawnedAt)} |`);
  console.log(
    `| listening (its log line) -> every table open again (the resumed log line) | ${seconds(resumedAt && listeningAt ? resumedAt.at - listeningAt : null)} |`,
  );
  console.log(`| resumeAll's own time (its log line) | ${resumedAt ? `${resumedAt.ms} ms for ${resumedAt.tables} tables` : 'no log line'} |`);
  console.log(
    `| listening -> every table's robots acting again (a move stored after the restart; includes one robot delay of ${ROBOT_DELAY_MS} ms) | ${seconds(allActingAt && listeningAt ? allActingAt - listeningAt : null)} (${actingAgain} of ${TABLES} tables, ${finishedAtKill} done before the kill) |`,
  );
  console.log(
    `| server CPU from its start to every table acting again | ${cpuToResumed.toFixed(1)} s (${cpuAtHealth.toFixed(1)} s of it before health answered) |`,
  );
  const rest =
    FINISH_TIMEOUT_S === 0
      ? 'not waited for (FINISH_TIMEOUT_S=0)'
      : counts.results < expected
        ? `NOT FINISHED after ${FINISH_TIMEOUT_S} s: ${counts.results} of ${expected} results`
        : `every board in, ${finishedS.toFixed(0)} s`;
  console.log(`| the rest of round 1 after that | ${rest} |`);
  console.log(`| server RSS at the end | ${megabytes(rss)} |`);
  console.log(`| error log lines of the new server | ${errorLines} |`);
  for (const line of firstErrors) console.log(`  ${line.slice(0, 400)}`);
} finally {
  await db.end();
  // The second server's stop removes the database both used; without it, the first's does.
  if (second) await second.stop();
  else if (!killed) await first.stop();
}
