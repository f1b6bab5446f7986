// Posting a traveller line to the organiser API on PostgreSQL: latency percentiles.
// Usage: npm run bench:results --workspace bench   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
// Two paths: a new line (one insert) and a director's correction of a line already there (an update plus an
// audit row in one transaction). Each is measured with one connection (an organiser's app posting as results
// come in: pure latency) and with four at once (the server saturated, so latency includes queueing).
import autocannon from 'autocannon';
import { boardsOfSet, mitchell } from '@bridge/engine';
import { endpoints, EventType, urlOf, type PostResultLine } from '@bridge/api';
import { signIn, startBenchServer } from './support/server.ts';

const TABLES = 30;
const ROUNDS = 27;
const EVENTS = 8; // 8 x 810 distinct lines, more than the new-line runs post

const server = await startBenchServer({ ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench password' });
try {
  const organiser = await signIn(server.url, 'bench@example.org', 'bench password');
  // The measured posts go through autocannon with the session's cookie; the set-up through the typed client.
  const headers = { 'content-type': 'application/json', cookie: organiser.cookie };
  const createEvent = async () => {
    const created = await organiser.call(endpoints.events.create, {
      body: {
        tables: TABLES,
        boardsPerRound: 1,
        gameDetails: {
          type: EventType.pair,
          typeName: 'Bench',
          players: TABLES * 4,
          rounds: ROUNDS,
          movementType: 'Mitchell',
          scoreType: 'Match Point',
          handgeneratedModeAsString: 'Random',
        },
      },
    });
    return created.key;
  };
  // Every line the movement allows, over several events, each posted once.
  const movement = mitchell(TABLES, 'skip');
  const newLines: { path: string; body: string }[] = [];
  for (let e = 0; e < EVENTS; e++) {
    const key = await createEvent();
    for (const row of movement.rows.filter((r) => r.round <= ROUNDS)) {
      for (const board of boardsOfSet(row.set, 1)) {
        const line: PostResultLine = {
          round: row.round,
          board,
          table: row.table,
          nsPair: row.ns,
          ewPair: row.ew,
          declarer: 'N',
          contract: { level: 4, strain: 'S', doubled: 0 },
          tricks: 10,
        };
        newLines.push({ path: urlOf(endpoints.events.postResult, { key }), body: JSON.stringify(line) });
      }
    }
  }
  let next = 0;
  const run = (connections: number, amount: number) =>
    autocannon({
      url: server.url,
      method: 'POST',
      headers,
      connections,
      amount,
      requests: [
        {
          setupRequest: (request) => {
            const line = newLines[next++]!;
            return { ...request, path: line.path, body: line.body };
          },
        },
      ],
    });

  const correctionKey = await createEvent();
  const correctionUrl = server.url + urlOf(endpoints.events.postResult, { key: correctionKey });
  const correctionLine: PostResultLine = {
    round: 1,
    board: 1,
    table: 1,
    nsPair: 1,
    ewPair: 1,
    declarer: 'N',
    contract: { level: 4, strain: 'S', doubled: 0 },
    tricks: 10,
  };
  const correction = JSON.stringify(correctionLine);
  await organiser.call(endpoints.events.postResult, { params: { key: correctionKey }, body: correctionLine });
  const corrections = (connections: number, duration: number) =>
    autocannon({ url: correctionUrl, method: 'POST', headers, body: correction, connections, duration });

  await run(1, 300); // warm-up
  const results = [
    ['new line, 1 connection', await run(1, 2500)],
    ['new line, 4 connections', await run(4, 2500)],
    ['correction + audit, 1 connection', await corrections(1, 10)],
    ['correction + audit, 4 connections', await corrections(4, 10)],
  ] as const;
  console.log('| POST /api/v1/tournaments/{key}/results (30-table Mitchell) | requests | throughput | p50 | p90 | p97.5 | p99 | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, r] of results) {
    console.log(
      `| ${name} | ${r.requests.total} | ${Math.round(r.requests.average)} req/s | ${r.latency.p50} ms | ${r.latency.p90} ms | ${r.latency.p97_5} ms | ${r.latency.p99} ms | ${r.non2xx} |`,
    );
  }
} finally {
  await server.stop();
}
