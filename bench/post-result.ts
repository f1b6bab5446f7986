// Posting a traveller line to the organiser API on PostgreSQL: latency percentiles.
// Usage: npm run bench:results --workspace bench   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
// Every request posts a line for the same round/board/table, so each is a director's correction: an update
// plus an audit row in one transaction, the heavier of the two paths.
import autocannon from 'autocannon';
import { signIn, startBenchServer } from './support/server.ts';

const server = await startBenchServer({ ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench password' });
try {
  const cookie = await signIn(server.url, 'bench@example.org', 'bench password');
  const headers = { 'content-type': 'application/json', cookie };
  const created = await fetch(`${server.url}/api/v1/tournaments`, { method: 'POST', headers, body: JSON.stringify({ tables: 30, boardsPerRound: 1, gameDetails: { type: 1, typeName: 'Bench', players: 120, rounds: 27, movementType: 'Mitchell', scoreType: 'Match Point', handgeneratedModeAsString: 'Random' } }) }).then((r) => r.json());
  const url = `${server.url}/api/v1/tournaments/${created.result.key}/results`;
  const body = JSON.stringify({ round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1, declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10 });
  const first = await fetch(url, { method: 'POST', headers, body });
  if (!first.ok) throw new Error(await first.text());
  await autocannon({ url, method: 'POST', headers, body, connections: 4, duration: 3 });
  const r = await autocannon({ url, method: 'POST', headers, body, connections: 4, duration: 10 });
  console.log('| request | throughput | p50 | p90 | p97.5 | p99 | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| POST /api/v1/tournaments/{key}/results (30-table event, correction + audit, 4 connections) | ${Math.round(r.requests.average)} req/s | ${r.latency.p50} ms | ${r.latency.p90} ms | ${r.latency.p97_5} ms | ${r.latency.p99} ms | ${r.non2xx} |`);
} finally {
  await server.stop();
}
