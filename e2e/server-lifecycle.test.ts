import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@bridge/api';
import { signIn } from './support/api.ts';
import { startServer, type RunningServer } from './support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The processes a process started (Linux: /proc/{pid}/task/{pid}/children). */
const childrenOf = (pid: number) => fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server process', () => {
  it('on SIGTERM answers the requests already in flight, then exits 0', async () => {
    const server = await startServer({ ADMIN_EMAIL: 'admin@bridge.test', ADMIN_PASSWORD: 'admin password 1', LOG_LEVEL: 'info' });
    const login = () =>
      fetch(`${server.url}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@bridge.test', password: 'admin password 1' }),
      }).then(
        (r) => r.status,
        () => 'connection refused',
      );
    // Password checks take tens of milliseconds each, so several are still running when the signal arrives. It
    // goes once the server has logged the first of them coming in: on a busy machine a fixed pause was sometimes
    // over before any had arrived, and all six were refused.
    const inFlight = Array.from({ length: 6 }, login);
    await expect.poll(() => server.logs().includes('/api/v1/user/login'), { timeout: 30_000, interval: 2 }).toBe(true);
    const exitCode = await server.stop();
    const statuses = await Promise.all(inFlight);
    expect(exitCode).toBe(0);
    for (const status of statuses) expect([200, 503, 'connection refused']).toContain(status);
    expect(statuses).toContain(200);
    expect(server.logs()).not.toMatch(/unhandled error|driver has already been destroyed/);
    expect(server.logs()).toMatch(/closing: finishing open requests/);
  });

  it('on SIGTERM in the middle of double-dummy analysis, stops its solver processes cleanly and exits 0', async () => {
    const server = await startServer({ ADMIN_EMAIL: 'admin@bridge.test', ADMIN_PASSWORD: 'admin password 1', LOG_LEVEL: 'info' });
    await expect.poll(async () => (await (await fetch(`${server.url}/api/health`)).json()).analysis, { timeout: 30_000 }).toBe(true);
    const admin = await signIn(server.url, 'admin@bridge.test', 'admin password 1', endpoints.users.adminLogin);
    // 8 tables, 7 rounds of 3 boards: 24 random deals, seconds of solving on two cores.
    await admin.call(endpoints.events.create, {
      body: {
        tables: 8,
        boardsPerRound: 3,
        gameDetails: {
          type: 1,
          typeName: 'Stopped Mid-Analysis',
          players: 32,
          rounds: 7,
          movementType: 'Mitchell',
          scoreType: 'Match Point',
          handgeneratedModeAsString: 'Random',
        },
      },
    });
    const children = childrenOf(server.pid); // the solvers and the video signalling process
    expect(children.length).toBeGreaterThan(1);
    expect(await server.stop()).toBe(0);
    expect(server.logs()).not.toMatch(/solver process died|did not stop in time|SIGSEGV/);
    for (const pid of children) expect(isRunning(pid), `child process ${pid}`).toBe(false);
  });

  it('refuses a second start on the same data folder at once, saying which server holds it; starts again once it is stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-e2e-shared-'));
    // Stopped however the test ends, so a failed assertion leaves no server running.
    const started: RunningServer[] = [];
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      started.push(first);
      // The lock names its holder's process on its first line (its start on the next).
      const holder = fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').split('\n')[0];
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`The embedded database in ${path.join(dataDir, 'pglite')} is in use by another server (process ${holder})`);
      expect(second.stderr).toContain('DATA_DIR');
      // The first server is untouched by the attempt.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(await first.stop()).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

      // A lock left by a server that was killed names a process that is gone: the next start takes it over.
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), gone);
      const again = await startServer({ DATA_DIR: dataDir });
      started.push(again);
      expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
      expect(await again.stop()).toBe(0);
    } finally {
      await Promise.all(started.map((server) => server.stop()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/bridge' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'admin@bridge.test' }, 'ADMIN_PASSWORD'],
  ])('refuses to start with %j, naming %s', (env, name) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: '/nonexistent-never-created', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`Invalid configuration:\\n(.|\\n)*${name}: `));
  });
});
