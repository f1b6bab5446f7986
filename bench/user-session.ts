// Session check and login throughput against the real server on PostgreSQL.
// Usage: npm run bench   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_SECONDS, default 10)
// Starts the platform on a fresh database, registers and verifies a user through the API, then measures
// GET /api/v1/user with that session and POST /api/v1/user/login with autocannon, and prints a Markdown row.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { createClient, endpoints } from '@bridge/api';
import { signIn, startBenchServer } from './support/server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const server = await startBenchServer({ LOGIN_RATE_LIMIT: '1000000' });
  const url = server.url;
  try {
    const email = 'bench@example.com';
    const password = 'benchmark password';
    await createClient({ baseUrl: url }).call(endpoints.users.register, { body: { email, password, names: 'Bench' } });
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(`update users set email_verified = true where email = $1`, [email]);
    await db.end();
    const signedIn = await signIn(url, email, password);
    await signedIn.call(endpoints.users.me);
    const cookie = signedIn.cookie;

    // Warm up, then measure: the most it answers (20 connections, as fast as it can), and the latency while it
    // serves a steady 3,000 requests a second (latency at saturation is queueing, not service time).
    await autocannon({ url: `${url}/api/v1/user`, headers: { cookie }, connections: 20, duration: 3 });
    const session = await autocannon({ url: `${url}/api/v1/user`, headers: { cookie }, connections: 20, duration: seconds });
    const steady = await autocannon({ url: `${url}/api/v1/user`, headers: { cookie }, connections: 20, duration: seconds, overallRate: 3000 });
    const logins = await autocannon({
      url: `${url}/api/v1/user/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      connections: 4,
      duration: seconds,
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
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
