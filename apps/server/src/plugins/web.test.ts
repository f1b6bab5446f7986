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

describe('serving a prerendered build', () => {
  let prerenderedApp: TestApp;
  let prerenderedDist: string;
  const page = (name: string) => `<!doctype html><html><body><div id="root"><h1>${name}</h1></div></body></html>`;

  beforeAll(async () => {
    prerenderedDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-dist-'));
    const files: Record<string, string> = {
      'index.html': page('Home'),
      'aboutus/index.html': page('About'),
      'download/index.html': page('Player app download'),
      'download/index.app-organiser.html': page('Organiser app download'),
      '404.html': page('Page not found'),
      'spa.html': shell,
      'pages.json': JSON.stringify({
        prerendered: ['/', '/aboutus', '/download'],
        queryDependent: ['/download'],
        queryVariants: { '/download': { param: 'app', files: { organiser: 'download/index.app-organiser.html' } } },
        appRoutes: ['/', '/aboutus', '/download', '/results/:key', '/console/profile'],
      }),
    };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(prerenderedDist, name)), { recursive: true });
      fs.writeFileSync(path.join(prerenderedDist, name), content);
    }
    fs.writeFileSync(path.join(prerenderedDist, 'aboutus/index.html.gz'), zlib.gzipSync(page('About')));
    prerenderedApp = await buildTestApp({ webDistDir: prerenderedDist });
  });
  afterAll(async () => {
    await prerenderedApp.close();
    fs.rmSync(prerenderedDist, { recursive: true, force: true });
  });

  const fetchPage = (url: string, headers: Record<string, string> = {}) => prerenderedApp.app.inject({ method: 'GET', url, headers });

  it('answers a public page with its own prerendered HTML, with or without a trailing slash', async () => {
    expect((await fetchPage('/')).body).toBe(page('Home'));
    for (const url of ['/aboutus', '/aboutus/', '/aboutus?from=footer']) {
      const response = await fetchPage(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(page('About'));
    }
    const compressed = await fetchPage('/aboutus', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(compressed.rawPayload).toString()).toBe(page('About'));
  });

  it('answers a page that follows a query parameter with the page prerendered for its value', async () => {
    expect((await fetchPage('/download')).body).toBe(page('Player app download'));
    expect((await fetchPage('/download?app=organiser')).body).toBe(page('Organiser app download'));
    expect((await fetchPage('/download/?utm_source=mail&app=organiser')).body).toBe(page('Organiser app download'));
    // Other parameters do not change the page.
    expect((await fetchPage('/download?utm_source=mail')).body).toBe(page('Player app download'));
    // A value the build did not prerender (or a name that is not a value of its own) gets the app shell.
    for (const url of ['/download?app=chess', '/download?app=toString', '/download?app=__proto__']) {
      expect((await fetchPage(url)).body, url).toBe(shell);
    }
    expect((await fetchPage('/aboutus?utm_source=mail')).body).toBe(page('About'));
  });

  it('answers other app routes, including parameterised ones, with the app shell', async () => {
    for (const url of ['/console/profile', '/results/ABC123', '/results/ABC123/']) {
      const response = await fetchPage(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
  });

  it('answers a path no route claims with the not-found page and status 404', async () => {
    for (const url of ['/no-such-page', '/results', '/results/a/b', '/aboutus/team']) {
      const response = await fetchPage(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(page('Page not found'));
    }
  });
});
