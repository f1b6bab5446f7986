import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder the platform made and migrated once for this run (global-setup.ts). */
    e2eDatabaseTemplate: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface RunningServer {
  url: string;
  /** The server's process id. */
  pid: number;
  logs: () => string;
  /** Sends SIGTERM, waits for the process to end, removes its data; answers the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the real platform (`apps/server/src/main.ts`, as `npm start` does) on a fresh PGlite database: a copy of the
 * run's migrated template, so each journey skips creating and migrating one (seconds of a busy machine). A server
 * given its own DATA_DIR or a DATABASE_URL starts on that, as it is; `fromTemplate: false` starts on an empty folder.
 */
export async function startServer(env: Record<string, string>, options: { fromTemplate?: boolean } = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run "npm run build" first (npm test does it)');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-e2e-'));
  if ((options.fromTemplate ?? true) && !env.DATA_DIR && !env.DATABASE_URL) {
    fs.cpSync(inject('e2eDatabaseTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  // Wait until it answers its health check (bounded: a fresh PGlite database takes a few seconds, and much longer
  // on a machine busy with other work, hence the generous minute).
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
