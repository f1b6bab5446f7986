// A move at the online table page, from one person's browser to the other three: the built platform on loopback,
// four people at table 1 of an online event, each with the real /play/{key} page open in Chromium (one browser, a
// context each, so each has its own session). The bench plays for all four through the pages: the dealer opens
// from the bidding box, the others pass; then the seat to play (declarer for dummy) clicks a random legal card in its
// hand. For each move, the time from the click on the acting page to the move shown at each of the other three: the
// table's `data-table-position` ("board:calls:cards") changing, seen by a MutationObserver in each page (the DOM as
// React committed it), and the animation frame after it (what the page paints next). Each page's clock is
// performance.timeOrigin + performance.now(); the bench measures each page's offset from its own clock by round trips
// (the fastest of many), so the four pages' times are compared on one clock.
// Usage: npm run build && npm run bench:play-move-latency --workspace bench   (BENCH_DATABASE_URL as the other
//        benches; BOARDS, 3 by default (52 cards each); MOVE_GAP_MS between moves, 100 by default; VIDEO=1 gives each
//        page Chromium's fake camera and microphone, so the table's video call runs between the four pages too;
//        CHROME_PATH, /usr/bin/chromium by default)
import { chromium, type Page } from 'playwright-core';
import { createClient, endpoints, EventType } from '@bridge/api';
import { busyShare, loadAverage, machineTicks } from './support/proc.ts';
import { signIn, startBenchServer } from './support/server.ts';

const BOARDS = Number(process.env.BOARDS ?? 3);
const MOVE_GAP_MS = Number(process.env.MOVE_GAP_MS ?? 100);
const VIDEO = process.env.VIDEO === '1';
const SEATS = ['N', 'E', 'S', 'W'] as const;
const STRAINS = ['C', 'D', 'H', 'S', 'NT'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** What each page keeps: when its table's position changed (and the frame after), and when it was last clicked. */
interface Probe {
  seen: { position: string; at: number; frame: number | null }[];
  clickedAt: number | null;
}

/**
 * Installed in each page before its scripts: the probe, on the page's clock (timeOrigin + now). A string, not a
 * function: this file runs through tsx, whose helpers a function's source would carry into the page.
 */
const PROBE_SCRIPT = `(() => {
  const clock = () => performance.timeOrigin + performance.now();
  const probe = { seen: [], clickedAt: null };
  window.benchProbe = probe;
  // The click, in the capture phase: before the page's own handler sends the move.
  document.addEventListener('click', () => { probe.clickedAt = clock(); }, true);
  let last = null;
  const look = () => {
    const position = document.querySelector('[data-table-position]')?.getAttribute('data-table-position') ?? null;
    if (position === null || position === last) return;
    last = position;
    const entry = { position, at: clock(), frame: null };
    probe.seen.push(entry);
    requestAnimationFrame(() => { entry.frame = clock(); });
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-table-position'] });
})();`;

/** The page's clock less this process's (ms), from the round trip with the least delay of `rounds`. */
async function clockOffset(page: Page, rounds = 40): Promise<{ offset: number; roundTrip: number }> {
  let best = { offset: 0, roundTrip: Infinity };
  for (let i = 0; i < rounds; i++) {
    const before = performance.timeOrigin + performance.now();
    const at = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = performance.timeOrigin + performance.now();
    if (after - before < best.roundTrip) best = { offset: at - (before + after) / 2, roundTrip: after - before };
  }
  return best;
}

const position = (page: Page) => page.evaluate(() => document.querySelector('[data-table-position]')?.getAttribute('data-table-position') ?? null);
const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { benchProbe: Probe }).benchProbe);

/** Waits until the page's table has moved on from `from`; answers where it stands now. */
async function movedOn(page: Page, from: string): Promise<string> {
  await page.waitForFunction((before) => {
    const now = document.querySelector('[data-table-position]')?.getAttribute('data-table-position');
    return now !== undefined && now !== null && now !== before;
  }, from);
  return (await position(page))!;
}

const server = await startBenchServer({
  ADMIN_EMAIL: 'bench@example.org',
  ADMIN_PASSWORD: 'bench password',
  ANALYSIS_WORKERS: process.env.ANALYSIS_WORKERS ?? '0',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    // Four windows of one browser: none of them is throttled for being in the background.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
    ...(VIDEO ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--allow-loopback-in-peer-connection'] : []),
  ],
});
try {
  const admin = await signIn(server.url, 'bench@example.org', 'bench password');
  // Twelve people for a 3-table Mitchell (the smallest the organiser API takes with two rounds): table 1's four play;
  // the other tables' are seated so that no robot plays anywhere, and never sit.
  const people: { email: string; cookie: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const email = `bench.player${i}@example.org`;
    await createClient({ baseUrl: server.url }).call(endpoints.users.register, { body: { email, password: 'bench password', names: `Player ${i}` } });
    const uid = (await admin.call(endpoints.users.adminSearch, { query: { query: email } })).data[0]!.uid;
    await admin.call(endpoints.users.adminVerify, { query: { key: uid } });
    people.push({ email, cookie: (await signIn(server.url, email, 'bench password')).cookie });
  }
  const { key } = await admin.call(endpoints.events.create, {
    body: {
      tables: 3,
      boardsPerRound: BOARDS,
      gameDetails: {
        type: EventType.pair,
        typeName: 'Bench move latency',
        players: 12,
        rounds: 2,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
        liveTableEvent: true,
        kibtzersEnabled: false,
      },
    },
  });
  await admin.call(endpoints.events.addParticipants, {
    params: { key },
    body: { participants: people.map((p, i) => ({ email: p.email, table: 1 + Math.floor(i / 4), side: i % 4, isBot: false })) },
  });
  await admin.call(endpoints.directing.start, { params: { key } });

  // Table 1's four, North, East, South, West: a context each with its session, the table page open.
  const pages: Page[] = [];
  for (const [i] of SEATS.entries()) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const [name, value] = people[i]!.cookie.split('; ')
      .find((cookie) => cookie.startsWith('bridge_session='))!
      .split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${SEATS[i]}: page error: ${error.message}`));
    await page.addInitScript(PROBE_SCRIPT);
    await page.goto(`${server.url}/play/${key}`);
    pages.push(page);
  }
  for (const page of pages) await page.waitForSelector('[data-table-position="1:0:0"]');
  // Let the pages settle (the video call's joining, when on) before the clocks are compared.
  await sleep(2000);
  const clocks = await Promise.all(pages.map((page) => clockOffset(page)));

  /** One sample: which move, on which page, the other three's DOM and frame times, and the acting page's own. */
  const samples: { kind: 'call' | 'card'; label: string; dom: number; frame: number; own: number }[] = [];
  const load = loadAverage();
  const machineBefore = machineTicks();
  let boardsDone = 0;
  while (boardsDone < BOARDS) {
    // Each page's probe keeps only where its table stands now: the next change it sees is this move's.
    for (const page of pages) {
      await page.evaluate(() => {
        const { seen } = (window as unknown as { benchProbe: Probe }).benchProbe;
        seen.splice(0, seen.length - 1);
      });
    }
    const from = (await position(pages[0]!))!;
    const [board, calls, cards] = from.split(':').map(Number) as [number, number, number];
    // The page whose turn it is: its bidding box, or playable cards in the hand it plays (declarer plays dummy's).
    const turns = await Promise.all(
      pages.map((page) => page.evaluate(() => document.querySelectorAll('[data-call="Pass"]:not([disabled]), button[data-playable="true"]').length)),
    );
    const actor = turns.findIndex((count) => count > 0);
    if (actor < 0 || turns.filter((count) => count > 0).length !== 1) throw new Error(`no one page to move at ${from}: ${turns.join(', ')}`);
    const acting = pages[actor]!;
    const bidding = (await acting.locator('[data-call="Pass"]:not([disabled])').count()) > 0;
    if (bidding) {
      // The dealer opens at one to three of a random strain; everyone else passes: a contract every board.
      const call = calls === 0 ? `${1 + Math.floor(Math.random() * 3)}${STRAINS[Math.floor(Math.random() * 5)]}` : 'Pass';
      await acting.locator(`[data-call="${call}"]`).click();
    } else {
      const playable = acting.locator('button[data-playable="true"]');
      await playable.nth(Math.floor(Math.random() * (await playable.count()))).click();
    }
    await Promise.all(pages.map((page) => movedOn(page, from)));
    const probes = await Promise.all(pages.map(probeOf));
    // Every time on this process's clock: a page's time less its offset.
    const clicked = probes[actor]!.clickedAt! - clocks[actor]!.offset;
    const shown = probes.map((probe, i) => {
      const entry = probe.seen.find((seen) => seen.position !== from)!;
      return { dom: entry.at - clocks[i]!.offset, frame: (entry.frame ?? entry.at) - clocks[i]!.offset };
    });
    const others = shown.filter((_, i) => i !== actor);
    samples.push({
      kind: bidding ? 'call' : 'card',
      label: `board ${board} ${bidding ? `call ${calls + 1}` : `card ${cards + 1}`} by ${SEATS[actor]}'s page`,
      dom: Math.max(...others.map((s) => s.dom)) - clicked,
      frame: Math.max(...others.map((s) => s.frame)) - clicked,
      own: shown[actor]!.dom - clicked,
    });
    // The board's last card: its end shows on every page until its player goes on (each clicks Next board), and
    // the next board is dealt.
    if (!bidding && cards === 51) {
      boardsDone++;
      if (boardsDone === BOARDS) break;
      for (const page of pages) {
        await page.getByRole('button', { name: 'Next board' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await page.waitForSelector(`[data-table-position="${board + 1}:0:0"]`);
      }
    }
    await sleep(MOVE_GAP_MS);
  }
  const machine = busyShare(machineBefore, machineTicks());
  // The offsets again: how far the pages' clocks drifted from the bench's over the moves.
  const clocksAfter = await Promise.all(pages.map((page) => clockOffset(page)));

  const fixed = (ms: number) => `${ms.toFixed(1)} ms`;
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${fixed(percentile(sorted, 50))} | ${fixed(percentile(sorted, 95))} | ${fixed(percentile(sorted, 99))} | ${fixed(sorted[sorted.length - 1]!)} |`;
  };
  const cards = samples.filter((s) => s.kind === 'card');
  const calls = samples.filter((s) => s.kind === 'call');
  const offsets = clocks.map((c) => c.offset);
  console.log(
    `One table, four Chromium pages (one browser), ${BOARDS} boards: ${cards.length} cards, ${calls.length} calls; a move every ${MOVE_GAP_MS} ms after the last one showed everywhere; video ${VIDEO ? 'on (fake camera and microphone)' : 'off (no camera)'}; load average ${load} at the start, both cores ${(machine * 100).toFixed(0)} % busy over the moves`,
  );
  console.log(
    `page clocks less the bench's: ${offsets.map((o) => fixed(o)).join(', ')} (spread ${fixed(Math.max(...offsets) - Math.min(...offsets))}); fastest round trips ${clocks.map((c) => fixed(c.roundTrip)).join(', ')}; after the moves ${clocksAfter.map((c) => fixed(c.offset)).join(', ')}`,
  );
  console.log('| path: click on the acting page -> | samples | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    row(
      'card shown at the last of the other three pages (DOM)',
      cards.map((s) => s.dom),
    ),
  );
  console.log(
    row(
      'card shown at the last of the other three pages (next frame)',
      cards.map((s) => s.frame),
    ),
  );
  console.log(
    row(
      "card shown on the acting page's own table (DOM)",
      cards.map((s) => s.own),
    ),
  );
  console.log(
    row(
      'call shown at the last of the other three pages (DOM)',
      calls.map((s) => s.dom),
    ),
  );
  const slowest = [...samples]
    .sort((a, b) => b.dom - a.dom)
    .slice(0, 3)
    .map((s) => `${s.label}: ${fixed(s.dom)}`);
  console.log(`slowest moves: ${slowest.join(', ')}`);
  const p95 = percentile(
    cards.map((s) => s.dom).sort((a, b) => a - b),
    95,
  );
  console.log(`bar p95 <= 150 ms for a card: ${p95 <= 150 ? 'met' : 'NOT met'} (${fixed(p95)})`);
} finally {
  await browser.close();
  await server.stop();
}
