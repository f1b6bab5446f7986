// Session check and login throughput against the real server on PostgreSQL.
// Usage: npm run bench   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_SECONDS, default 10)
// Starts the platform on a fresh database, registers and verifies a user through the API, then measures
// GET /api/v1/user with that session and POST /api/v1/user/login with autocannon, and prints a Markdown row.
import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function main() {
  const dbName = `bridge_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000000', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    const email = 'bench@example.com';
    const password = 'benchmark password';
    await fetch(`${url}/api/v1/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, names: 'Bench' }) });
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    await db.query(`update users set email_verified = true where email = $1`, [email]);
    await db.end();
    const login = await fetch(`${url}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('bridge_session='))!.split(';')[0]!;

    const check = await fetch(`${url}/api/v1/user`, { headers: { cookie } });
    if (!check.ok) throw new Error(`session check failed: ${check.status}`);

    // Warm up, then measure: the most it answers (20 connections, as fast as it can), and the latency while it
    // serves a steady 3,000 requests a second (latency at saturation is queueing, not service time).
    await autocannon({ url: `${url}/api/v1/user`, headers: { cookie }, connections: 20, duration: 3 });
    const session = await autocannon({ url: `${url}/api/v1/user`, headers: { cookie }, connections: 20, duration: seconds });
    const steady = await autocannon({ url: `${url}/api/v1/user`, headers: { cookie }, connections: 20, duration: seconds, overallRate: 3000 });
    const logins = await autocannon({
      url: `${url}/api/v1/user/login`, method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }), connections: 4, duration: seconds,
    });
    const row = (name: string, r: autocannon.Result) =>
      `| ${name} | ${Math.round(r.requests.average)} req/s | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.non2xx} | ${r.errors} |`;
    console.log(`\nPostgreSQL, ${os.cpus().length} cores, ${seconds} s each, autocannon in a second process\n`);
    console.log('| request | throughput | p50 | p99 | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|');
    console.log(row('GET /api/v1/user, valid session, as fast as it answers (20 connections)', session));
    console.log(row('GET /api/v1/user, valid session, steady 3,000 req/s offered (20 connections)', steady));
    console.log(row('POST /api/v1/user/login (argon2id verify, 4 connections)', logins));
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
