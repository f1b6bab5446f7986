// Video chat: from the click on Join to the first remote video frame, in Chromium with fake camera and
// microphone on loopback. The other players of a table (PLAYERS - 1 of them) are already in the call on their own
// pages; the last one opens the join page, picks the table and clicks Join, RUNS times (hanging up in between).
// Both instants are read inside the page with performance.now(): the click from a capture listener on the
// button, the frame from requestVideoFrameCallback on the remote <video> elements (the first frame presented).
// Usage: npm run build && npm run bench:video-join --workspace bench
//        (PostgreSQL from BENCH_DATABASE_URL as the other benches; PLAYERS=4, RUNS=10; CHROMIUM_PATH)
import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startBenchServer } from './support/server.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 4);
const RUNS = Number(process.env.RUNS ?? 10);
const ADMIN = { email: 'bench@example.org', password: 'bench password' };
const PASSWORD = 'bench video password';
const SEATS = ['North', 'East', 'South', 'West'];
const WAIT_MS = 60_000;

const flags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--allow-loopback-in-peer-connection',
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// Each call from a made-up address (the server trusts X-Forwarded-For here), so the per-address limits on
// registration and login do not trip.
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function call(url: string, method: string, path: string, cookie: string, body?: unknown) {
  const response = await fetch(url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'x-forwarded-for': someAddress(), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response;
}

async function signIn(url: string, email: string, password: string) {
  const response = await call(url, 'POST', '/api/v1/user/login', '', { email, password });
  return response.headers.getSetCookie().find((c) => c.startsWith('bridge_session='))!.split(';')[0]!;
}

/** Registers the players, has the admin verify them, and seats them at table 1 of a new three-table event. */
async function setUp(url: string) {
  const admin = await signIn(url, ADMIN.email, ADMIN.password);
  const players = SEATS.slice(0, PLAYERS).map((seat) => ({ email: `${seat.toLowerCase()}.video@example.org`, names: `${seat} Player` }));
  for (const player of players) {
    await call(url, 'POST', '/api/v1/user/register', '', { ...player, password: PASSWORD });
    const found = (await (await call(url, 'GET', `/api/admin/v1/users/search?query=${encodeURIComponent(player.email)}`, admin)).json()) as { result: { data: { uid: string }[] } };
    await call(url, 'PUT', `/api/admin/v1/users/verify?key=${found.result.data[0]!.uid}`, admin);
  }
  const created = (await (await call(url, 'POST', '/api/v1/tournaments', admin, {
    tables: 3, boardsPerRound: 2,
    gameDetails: { type: 1, typeName: 'Bench Video', players: 12, rounds: 3, movementType: 'Mitchell', scoreType: 'Match Point', handgeneratedModeAsString: 'Random' },
  })).json()) as { result: { key: string } };
  const key = created.result.key;
  await call(url, 'POST', `/api/v1/tournaments/${key}/participants`, admin, { participants: players.map((p, side) => ({ email: p.email, table: 1, side })) });
  const cookies = [];
  for (const player of players) cookies.push(await signIn(url, player.email, PASSWORD));
  return { key, cookies };
}

async function contextFor(browser: Browser, url: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  return context;
}

/**
 * In the page, before any of its scripts: the click on Join and the first frame of each remote video. Plain
 * JavaScript in a string, so nothing the TypeScript loader adds to functions (name helpers) reaches the page.
 */
const instrument = `
  window.benchFrames = [];
  // The steps between (after the click): first time each is reached, for where the time goes.
  window.benchMarks = {};
  const mark = (name) => {
    if (window.benchClickAt !== undefined && !(name in window.benchMarks)) window.benchMarks[name] = performance.now();
  };
  const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    mark('getUserMedia asked');
    const stream = await getUserMedia(constraints);
    mark('getUserMedia answered');
    return stream;
  };
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const path = new URL(typeof input === 'string' ? input : input.url, location.href).pathname;
    mark('fetch ' + path);
    const response = await nativeFetch(input, init);
    mark('answered ' + path);
    return response;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (window.benchClickAt !== undefined && entry.startTime >= window.benchClickAt && entry.initiatorType !== 'fetch') {
        mark('loaded ' + new URL(entry.name).pathname.replace(/-[A-Za-z0-9_]{8}\\./, '.'));
      }
    }
  }).observe({ type: 'resource', buffered: false });
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      mark('socket created');
      this.addEventListener('open', () => mark('socket open'));
      this.addEventListener('message', (event) => {
        try { mark('received ' + JSON.parse(event.data).type); } catch {}
      });
    }
    send(data) {
      try { mark('sent ' + JSON.parse(data).type); } catch {}
      super.send(data);
    }
  };
  const NativePeerConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeerConnection {
    constructor(...args) {
      super(...args);
      mark('peer connection made');
      this.addEventListener('track', () => mark('remote track'));
      this.addEventListener('connectionstatechange', () => mark('peer ' + this.connectionState));
      this.addEventListener('iceconnectionstatechange', () => mark('ice ' + this.iceConnectionState));
      this.addEventListener('icegatheringstatechange', () => mark('ice gathering ' + this.iceGatheringState));
      this.addEventListener('icecandidate', () => mark('local candidate gathered'));
    }
    async setRemoteDescription(description) {
      mark('remote ' + description.type + ' set: asked');
      await super.setRemoteDescription(description);
      mark('remote ' + description.type + ' set');
    }
    async setLocalDescription(description) {
      await super.setLocalDescription(description);
      mark('local ' + this.localDescription.type + ' set');
    }
    async addIceCandidate(candidate) {
      await super.addIceCandidate(candidate);
      mark('remote candidate added');
    }
  };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.trim() === 'Join') window.benchClickAt = performance.now();
  }, true);
  const watched = new WeakSet();
  new MutationObserver(() => {
    for (const video of document.querySelectorAll('video[data-remote]')) {
      if (watched.has(video)) continue;
      watched.add(video);
      // A new srcObject restarts the element's load, which may drop a pending callback: ask again on each load.
      let seen = false;
      const ask = () => video.requestVideoFrameCallback((now) => {
        if (seen) return;
        seen = true;
        window.benchFrames.push(now);
      });
      ask();
      video.addEventListener('loadedmetadata', ask);
    }
  }).observe(document, { childList: true, subtree: true });
`;

const remotePlaying = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-remote]')).filter((v) => v.videoWidth > 0 && v.readyState >= 2).length);

async function waitFor(what: string, condition: () => Promise<boolean>) {
  const end = Date.now() + WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The join page: pick 'Table 2' (the channel of table 1) from the searchable list, and (optionally) click Join. */
async function openJoin(page: Page, url: string, key: string) {
  await page.goto(`${url}/video?key=${key}`);
  const field = page.getByRole('textbox', { name: 'Table' });
  await field.click();
  await field.fill('Table 2');
  await page.getByRole('option', { name: 'Table 2', exact: true }).click();
  // The preview of the join page is running, as it is when a player reaches for the button.
  await page.locator('video').first().waitFor();
}

const server = await startBenchServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: flags });
const contexts: BrowserContext[] = [];
try {
  const { key, cookies } = await setUp(server.url);
  for (const cookie of cookies) contexts.push(await contextFor(browser, server.url, cookie));
  const seated = await Promise.all(contexts.slice(0, -1).map((context) => context.newPage()));
  for (const page of seated) {
    await openJoin(page, server.url, key);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/video/chat');
  }
  for (const page of seated) await waitFor('the seated players to see each other', async () => (await remotePlaying(page)) === PLAYERS - 2);

  const first: number[] = [];
  const steps: Record<string, number[]> = {};
  const all: number[] = [];
  const last = contexts[contexts.length - 1]!;
  await last.addInitScript({ content: instrument });
  for (let run = 0; run < RUNS; run++) {
    const page = await last.newPage();
    await openJoin(page, server.url, key);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await waitFor('every remote frame', () => page.evaluate((n) => (window as unknown as { benchFrames: number[] }).benchFrames.length >= n, PLAYERS - 1));
    const { clickAt, frames, marks } = await page.evaluate(() => {
      const w = window as unknown as { benchClickAt?: number; benchFrames: number[]; benchMarks: Record<string, number> };
      return { clickAt: w.benchClickAt, frames: [...w.benchFrames].sort((a, b) => a - b), marks: w.benchMarks };
    });
    if (clickAt === undefined) throw new Error('the click on Join was not seen in the page');
    for (const [name, at] of Object.entries(marks)) (steps[name] ??= []).push(at - clickAt);
    first.push(frames[0]! - clickAt);
    all.push(frames[PLAYERS - 2]! - clickAt);
    console.log(`run ${run + 1}: first remote frame ${(frames[0]! - clickAt).toFixed(0)} ms, all ${PLAYERS - 1} ${(frames[PLAYERS - 2]! - clickAt).toFixed(0)} ms`);
    // Hang up (closing the page leaves the room), and wait until the others have dropped the tile.
    await page.close({ runBeforeUnload: true });
    for (const other of seated) await waitFor('the others to drop the tile', async () => (await remotePlaying(other)) === PLAYERS - 2 && (await other.locator('video[data-remote]').count()) === PLAYERS - 2);
  }

  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${sorted[sorted.length - 1]!.toFixed(0)} ms |`;
  };
  console.log(`\n${PLAYERS} players of a table, ${PLAYERS - 1} already in the call; the last clicks Join ${RUNS} times`);
  console.log('| click Join -> | runs | p50 | p95 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('first remote frame', first));
  console.log(row(`all ${PLAYERS - 1} remote frames`, all));
  console.log('\nsteps on the way (ms after the click, median of the runs that reached them):');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, values] of Object.entries(steps).sort((a, b) => median(a[1]) - median(b[1]))) console.log(`  ${median(values).toFixed(0).padStart(6)}  ${name}`);
} finally {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser.close();
  await server.stop();
}
