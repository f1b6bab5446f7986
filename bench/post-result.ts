// Posting a traveller line to the organiser API on PostgreSQL: latency percentiles.
// Usage: node --import tsx bench/post-result.ts   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
// Every request posts a line for the same round/board/table, so each is a director's correction: an update
// plus an audit row in one transaction, the heavier of the two paths.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const freePort = () => new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});

const dbName = `bridge_bench_results_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'warn', NODE_ENV: 'production', ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench password' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let i = 0; i < 300; i++) {
    try { if ((await fetch(`${url}/api/health`)).ok) break; } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.org', password: 'bench password' }) });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('bridge_session='))!.split(';')[0]!;
  const headers = { 'content-type': 'application/json', cookie };
  const created = await fetch(`${url}/api/v1/tournaments`, { method: 'POST', headers, body: JSON.stringify({ tables: 30, boardsPerRound: 1, gameDetails: { type: 1, typeName: 'Bench', players: 120, rounds: 27, movementType: 'Mitchell', scoreType: 'Match Point', handgeneratedModeAsString: 'Random' } }) }).then((r) => r.json());
  const key = created.result.key;
  const body = JSON.stringify({ round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1, declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10 });
  const first = await fetch(`${url}/api/v1/tournaments/${key}/results`, { method: 'POST', headers, body });
  if (!first.ok) throw new Error(await first.text());
  await autocannon({ url: `${url}/api/v1/tournaments/${key}/results`, method: 'POST', headers, body, connections: 4, duration: 3 });
  const r = await autocannon({ url: `${url}/api/v1/tournaments/${key}/results`, method: 'POST', headers, body, connections: 4, duration: 10 });
  console.log('| request | throughput | p50 | p90 | p97.5 | p99 | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| POST /api/v1/tournaments/{key}/results (30-table event, correction + audit, 4 connections) | ${Math.round(r.requests.average)} req/s | ${r.latency.p50} ms | ${r.latency.p90} ms | ${r.latency.p97_5} ms | ${r.latency.p99} ms | ${r.non2xx} |`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
