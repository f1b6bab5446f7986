// Starts the platform for a benchmark on a fresh PostgreSQL database and removes both afterwards.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient, endpoints, type ApiClient } from '@bridge/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface BenchServer {
  url: string;
  databaseUrl: string;
  /** The database's name, to start another server on it (`database` of startBenchServer's options). */
  databaseName: string;
  /** The server process, for readings such as its memory. */
  pid: number;
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL), as a crash would, and keeps the database for the next server. */
  kill(): Promise<void>;
}

export interface BenchServerOptions {
  /** A database left by an earlier server of the bench (its `databaseName`): used as it is, not created. */
  database?: string;
  /** Each line the server writes to its standard output (its log), instead of passing it through. */
  onOutput?: (line: string) => void;
}

/** `extraNodeArgs`: Node options for the server, after tsx's (a bench's preloaded probe in TypeScript, say). */
export async function startBenchServer(
  env: Record<string, string> = {},
  extraNodeArgs: string[] = [],
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const dbName = options.database ?? `bridge_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: benchDatabaseUrl });
  await admin.connect();
  if (!options.database) await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(benchDatabaseUrl);
  dbUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_ARGS adds Node options to the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
  // under the bench's load (Node refuses those options in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...extraNodeArgs, 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: dbUrl.toString(),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', 'inherit'],
  });
  if (options.onOutput) {
    const onOutput = options.onOutput;
    let buffered = '';
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let end;
      while ((end = buffered.indexOf('\n')) >= 0) {
        onOutput(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
      }
    });
  }
  let exited = false;
  server.once('exit', () => (exited = true));
  let healthy = false;
  for (let i = 0; i < 300 && !healthy && !exited; i++) {
    try {
      healthy = (await fetch(`${url}/api/health`)).ok;
    } catch {
      // not listening yet
    }
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!healthy) {
    // A bench against a server that never came up would wait or measure errors: stop here, saying why.
    if (!exited) server.kill('SIGKILL');
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    throw new Error(exited ? 'the server exited while starting (its output is above)' : 'the server did not answer /api/health within 30 s');
  }
  return {
    url,
    databaseUrl: dbUrl.toString(),
    databaseName: dbName,
    pid: server.pid!,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
    async kill() {
      if (!exited) {
        const gone = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGKILL');
        await gone;
      }
      await admin.end();
    },
  };
}

/** Signs in through the typed client; its `cookie` is the session cookie header. */
export async function signIn(url: string, email: string, password: string): Promise<ApiClient> {
  const session = createClient({ baseUrl: url });
  await session.call(endpoints.users.login, { body: { email, password } });
  return session;
}
