// Video chat: from the click on Join to the first remote video frame, in Chromium with fake camera and
// microphone on loopback. The other players of a table (PLAYERS - 1 of them) are already in the call on their own
// pages; the last one opens the join page, picks the table and clicks Join, RUNS times (hanging up in between).
// Both instants are read inside the page with performance.now(): the click from a capture listener on the
// button, the frame from requestVideoFrameCallback on the remote <video> elements (the first frame presented).
// Usage: npm run build && npm run bench:video-join --workspace bench
//        (PostgreSQL from BENCH_DATABASE_URL as the other benches; PLAYERS=4, RUNS=10; CHROMIUM_PATH)
import { openJoin, remotePlaying, seatInCall, startVideoTable, waitFor } from './support/video-table.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 4);
const RUNS = Number(process.env.RUNS ?? 10);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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

const { url, key, contexts, close } = await startVideoTable(PLAYERS);
try {
  const seated = await Promise.all(contexts.slice(0, -1).map((context) => context.newPage()));
  await seatInCall(seated, url, key);

  const first: number[] = [];
  const steps: Record<string, number[]> = {};
  const all: number[] = [];
  const last = contexts[contexts.length - 1]!;
  await last.addInitScript({ content: instrument });
  for (let run = 0; run < RUNS; run++) {
    const page = await last.newPage();
    await openJoin(page, url, key);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await waitFor('every remote frame', () =>
      page.evaluate((n) => (window as unknown as { benchFrames: number[] }).benchFrames.length >= n, PLAYERS - 1),
    );
    const { clickAt, frames, marks } = await page.evaluate(() => {
      const w = window as unknown as { benchClickAt?: number; benchFrames: number[]; benchMarks: Record<string, number> };
      return { clickAt: w.benchClickAt, frames: [...w.benchFrames].sort((a, b) => a - b), marks: w.benchMarks };
    });
    if (clickAt === undefined) throw new Error('the click on Join was not seen in the page');
    for (const [name, at] of Object.entries(marks)) (steps[name] ??= []).push(at - clickAt);
    first.push(frames[0]! - clickAt);
    all.push(frames[PLAYERS - 2]! - clickAt);
    console.log(
      `run ${run + 1}: first remote frame ${(frames[0]! - clickAt).toFixed(0)} ms, all ${PLAYERS - 1} ${(frames[PLAYERS - 2]! - clickAt).toFixed(0)} ms`,
    );
    // Hang up (closing the page leaves the room), and wait until the others have dropped the tile.
    await page.close({ runBeforeUnload: true });
    for (const other of seated)
      await waitFor(
        'the others to drop the tile',
        async () => (await remotePlaying(other)) === PLAYERS - 2 && (await other.locator('video[data-remote]').count()) === PLAYERS - 2,
      );
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
  for (const [name, values] of Object.entries(steps).sort((a, b) => median(a[1]) - median(b[1])))
    console.log(`  ${median(values).toFixed(0).padStart(6)}  ${name}`);
} finally {
  await close();
}
