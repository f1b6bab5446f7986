import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
let dist: string;
const shell = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), shell);
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(shell));
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.br'), zlib.brotliCompressSync('console.log(1)'));
  t = await buildTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('serving the web app', () => {
  it('answers a page route with the app shell, precompressed when the browser accepts it, never cached stale', async () => {
    const response = await get('/console/profile', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(shell);
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const response = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a missing file or API path with a real 404, not the app shell', async () => {
    for (const url of ['/assets/missing-9z.js', '/favicon-nope.png', '/api/v1/nothing']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});
