import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBaseUrl } from './demo-target.ts';

const root = path.resolve(import.meta.dirname, '..');

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run demo', () => {
  it('looks for the server on the PORT the server reads, from the environment or .env', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-target-'));
    expect(demoBaseUrl({}, dir)).toBe('http://localhost:3000');
    expect(demoBaseUrl({ PORT: '4100' }, dir)).toBe('http://localhost:4100');
    fs.writeFileSync(path.join(dir, '.env'), '# settings\nPORT=4200\nHOST=0.0.0.0\n');
    expect(demoBaseUrl({}, dir)).toBe('http://localhost:4200');
    expect(demoBaseUrl({ PORT: '4100' }, dir)).toBe('http://localhost:4100');
    expect(demoBaseUrl({ PORT: '4100', DEMO_URL: 'http://10.1.2.3:8080/' }, dir)).toBe('http://10.1.2.3:8080');
  });

  it('says which address it tried and how to point it elsewhere when nothing answers there', async () => {
    const port = await closedPort();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DEMO_URL: '', PORT: String(port), ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'a long password' },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`http://localhost:${port}`);
    expect(run.stderr).toContain('ECONNREFUSED');
    expect(run.stderr).toContain('DEMO_URL=');
    expect(run.stderr).not.toContain('fetch failed');
  });
});
