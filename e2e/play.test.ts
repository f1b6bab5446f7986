import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { endpoints, EventType } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
import { registerVerified, signIn, useSession, type Account, type ApiSession } from './support/api.ts';
import { chromiumArgs, launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The online table page, /play/{key}, in Chromium against the real server: a person plays whole boards against three
// robots with the mouse, with the keyboard alone, and by touch on a phone; a reload in the middle of a trick brings
// the table back as it was; four people bid and play a board, end it by a claim and find its line in the results;
// and the public pages never load the table's code.

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const players: Account[] = ['Pia', 'Kai', 'Tom', 'Ray', 'Nell', 'Sam', 'Lou', 'Max', 'Ned', 'Oda', 'Vic'].map((name) => ({
  email: `${name.toLowerCase()}@bridge.test`,
  password: 'player password 1',
  names: `${name} Player`,
}));

let server: RunningServer;
let browser: Browser;
let director: ApiSession;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: DIRECTOR.email, ADMIN_PASSWORD: DIRECTOR.password, TRUST_PROXY: 'true', ROBOT_DELAY_MS: '0' });
  browser = await launchMediaBrowser();
  const admin = await signIn(server.url, DIRECTOR.email, DIRECTOR.password, endpoints.users.adminLogin);
  for (const player of players) await registerVerified(server.url, admin, player);
  director = await signIn(server.url, DIRECTOR.email, DIRECTOR.password);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An online 3-table Mitchell, started, with `people` at table 1 (South, North, East, West): robots play the other seats. */
async function eventWithOne(...people: Account[]): Promise<string> {
  const { key } = await director.call(endpoints.events.create, {
    body: {
      tables: 3,
      boardsPerRound: 2,
      gameDetails: {
        type: EventType.pair,
        typeName: 'Online evening',
        players: 12,
        rounds: 3,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
        liveTableEvent: true,
        kibtzersEnabled: true,
      },
    },
  });
  const participants = people.map((person, i) => ({ email: person.email, table: 1, side: [2, 0, 1, 3][i]! }));
  await director.call(endpoints.events.addParticipants, { params: { key }, body: { participants } });
  await director.call(endpoints.directing.start, { params: { key } });
  return key;
}

/** Opens a context for `player`, signed in (on `on`, a browser of its own, else the one with a camera). */
async function openTable(
  player: Account,
  viewport: { width: number; height: number },
  touch = false,
  on?: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await (on ?? browser).newContext({ viewport, hasTouch: touch, isMobile: touch });
  await useSession(context, server.url, await signIn(server.url, player.email, player.password));
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { context, page, errors };
}

const position = (page: Page) => page.locator('[data-table-position]').getAttribute('data-table-position');

/** Waits until the table has moved on from `from` (the page's frame changed). */
async function movedOn(page: Page, from: string | null) {
  await page.waitForFunction((before) => document.querySelector('[data-table-position]')?.getAttribute('data-table-position') !== before, from);
}

type Way = 'click' | 'keyboard' | 'tap';

/** Plays the person's calls (Pass) and cards (the first legal one) until the board's end shows; answers its dialog. */
async function playBoard(page: Page, way: Way) {
  const over = page.getByRole('dialog', { name: /^Board \d+ is over$/ });
  for (let move = 0; move < 60; move++) {
    await page.waitForSelector('[data-call="Pass"]:not([disabled]), button[data-playable="true"], [role="dialog"]');
    if (await over.isVisible()) return over;
    const before = await position(page);
    const pass = page.locator('[data-call="Pass"]:not([disabled])');
    if (await pass.count()) {
      if (way === 'keyboard') {
        await page.getByLabel('Type a call or a card').fill('p');
        await page.keyboard.press('Enter');
      } else if (way === 'tap') await pass.tap();
      else await pass.click();
    } else {
      const card = page.locator('button[data-playable="true"]').first();
      if (way === 'keyboard') {
        // Keyboard alone: back from the typing field to the hand (one tab stop), along it with an arrow, then Enter.
        await page.getByLabel('Type a call or a card').focus();
        for (let i = 0; i < 6; i++) {
          await page.keyboard.press('Shift+Tab');
          if (await page.evaluate(() => document.activeElement?.getAttribute('data-playable') === 'true')) break;
        }
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-playable'))).toBe('true');
        if ((await page.locator('button[data-playable="true"]').count()) > 1) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
      } else if (way === 'tap') await card.tap();
      else await card.click();
    }
    await movedOn(page, before);
  }
  throw new Error(`the board did not end: at ${await position(page)}`);
}

describe('the online table page', () => {
  it('one person and three robots finish a board with the mouse: calls from the box, cards by click, the end shown', async () => {
    const key = await eventWithOne(players[0]!);
    const { context, page, errors } = await openTable(players[0]!, { width: 1280, height: 860 });
    await page.goto(`${server.url}/play/${key}`);
    await page.getByText('Table 1 · Board 1').waitFor();
    // The robots are shown as robots; the person's own seat is at the bottom, named.
    await expect.poll(() => page.locator('[data-seat] >> text=Robot').count()).toBeGreaterThanOrEqual(3);
    await page.locator('section[aria-label^="South"]').getByText('Pia Player').waitFor();
    // The director is called from the table: the table says so, and the director's live view lists the call.
    await page.getByRole('button', { name: 'Call the director' }).click();
    await page.getByText('South called the director.').waitFor();
    const called = await director.call(endpoints.directing.live, { params: { key } });
    expect(called.directorCalls).toMatchObject([{ table: 1, seat: 'S' }]);
    const end = await playBoard(page, 'click');
    await expect(end.textContent()).resolves.toMatch(/North-South score [+-]?\d+/);
    // With it, the board's traveller so far: this table's line.
    await end.getByRole('region', { name: /^Traveller of board \d+$/ }).waitFor();
    await end.getByRole('button', { name: 'Next board' }).click();
    await page.getByText('Table 1 · Board 2').waitFor();
    // The board's line is in the event's results.
    const live = await director.call(endpoints.directing.live, { params: { key } });
    expect(live.grid.find((cell) => cell.table === 1 && cell.round === 1)?.boards.some((b) => b.status !== 'missing')).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a keyboard-only player bids by typing and plays with the arrow keys and Enter', async () => {
    const key = await eventWithOne(players[1]!);
    const { context, page, errors } = await openTable(players[1]!, { width: 1280, height: 860 });
    await page.goto(`${server.url}/play/${key}`);
    await page.getByText('Table 1 · Board 1').waitFor();
    const end = await playBoard(page, 'keyboard');
    await page.keyboard.press('Enter');
    await end.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a phone at 390 px plays a board by touch, with the hand, the trick and the auction on the screen', async () => {
    const key = await eventWithOne(players[2]!);
    const { context, page, errors } = await openTable(players[2]!, { width: 390, height: 844 }, true);
    await page.goto(`${server.url}/play/${key}`);
    await page.getByText('Table 1 · Board 1').waitFor();
    // Nothing runs off the side of the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const end = await playBoard(page, 'tap');
    await end.getByRole('button', { name: 'Next board' }).tap();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a reload in the middle of a trick brings the table back as it was', async () => {
    const key = await eventWithOne(players[3]!);
    const { context, page, errors } = await openTable(players[3]!, { width: 1280, height: 860 });
    await page.goto(`${server.url}/play/${key}`);
    await page.getByText('Table 1 · Board 1').waitFor();
    // Through the auction and into the play, to the person's first card.
    for (;;) {
      await page.waitForSelector('[data-call="Pass"]:not([disabled]), button[data-playable="true"], [role="dialog"]');
      // A board where the person is dummy is played by the robots; the next one is dealt.
      const over = page.getByRole('dialog', { name: /^Board \d+ is over$/ });
      if (await over.isVisible()) {
        await over.getByRole('button', { name: 'Next board' }).click();
        continue;
      }
      if (await page.locator('button[data-playable="true"]').count()) break;
      const before = await position(page);
      // The person bids 7NT at their first turn, so they declare and have cards to play whatever the robots hold.
      const grand = page.locator('[data-call="7NT"]:not([disabled])');
      await ((await grand.count()) ? grand : page.locator('[data-call="Pass"]')).click();
      await movedOn(page, before);
    }
    const read = async () => ({
      position: await position(page),
      hand: await page.locator('section[aria-label^="South"] [data-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card'))),
      trick: await page.locator('[aria-label="The trick in progress"]').innerText(),
      auction: await page
        .locator('table')
        .first()
        .innerText()
        .catch(() => ''),
    });
    const before = await read();
    await page.reload();
    await page.waitForSelector('button[data-playable="true"]');
    expect(await read()).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("has the table's video call built in: each player's tile at their seat, with mute, camera and hide", async () => {
    const south = players[4]!;
    const north = players[5]!;
    const key = await eventWithOne(south, north);
    const pages = [];
    for (const person of [south, north]) {
      const opened = await openTable(person, { width: 1280, height: 860 });
      await opened.page.goto(`${server.url}/play/${key}`);
      pages.push(opened);
    }
    const [atSouth, atNorth] = pages as [(typeof pages)[number], (typeof pages)[number]];
    // Each sees the other's tile at the other's seat, across the table, and their own at the bottom.
    await atSouth.page.locator('section[aria-label^="North"] [data-video-seat="North"]').waitFor();
    await atSouth.page.locator('section[aria-label^="South"] [data-video-seat="South"]').waitFor();
    await atNorth.page.locator('section[aria-label^="South"] [data-video-seat="South"]').waitFor();
    // The other's picture plays: a real peer connection between the two pages.
    await atSouth.page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-video-seat="North"] video');
      return Boolean(video && video.readyState >= 2 && video.videoWidth > 0);
    });
    await atSouth.page.getByRole('button', { name: 'Mute the microphone' }).click();
    await atSouth.page.getByRole('button', { name: 'Unmute the microphone' }).waitFor();
    await atSouth.page.getByRole('button', { name: 'Hide video' }).click();
    expect(await atSouth.page.locator('[data-video-seat]').count()).toBe(0);
    await atSouth.page.getByRole('button', { name: 'Show video' }).click();
    await atSouth.page.locator('[data-video-seat="North"]').waitFor();
    for (const { context, errors } of pages) {
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});

/** Waits until every page shows the table at `at` ("board:calls:cards"). */
async function allAt(pages: Page[], at: string) {
  await Promise.all(
    pages.map((page) =>
      page.waitForFunction((want) => document.querySelector('[data-table-position]')?.getAttribute('data-table-position') === want, at),
    ),
  );
}

/** The one page of `pages` where `selector` is there: whose turn it is. */
async function onTurn(pages: Page[], selector: string): Promise<Page> {
  const counts = await Promise.all(pages.map((page) => page.locator(selector).count()));
  expect(counts.filter((count) => count > 0)).toHaveLength(1);
  return pages[counts.findIndex((count) => count > 0)]!;
}

const SEAT_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' } as const;
type SeatLetter = keyof typeof SEAT_NAMES;

describe('four people at one online table', () => {
  // The table's video call among four pages of one browser would take most of the two cores this runs on: these four
  // have no camera, so the table is all their pages do.
  let noCamera: Browser;
  beforeAll(async () => {
    noCamera = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  });
  afterAll(() => noCamera?.close());

  it('bid and play a board, end it by a claim both opponents accept, and find its line in the live results', async () => {
    // South, North, East, West, as eventWithOne seats them.
    const people = players.slice(6, 10);
    const seats: SeatLetter[] = ['S', 'N', 'E', 'W'];
    const key = await eventWithOne(...people);
    const opened = [];
    for (const person of people) {
      const table = await openTable(person, { width: 1280, height: 860 }, false, noCamera);
      await table.page.goto(`${server.url}/play/${key}`);
      opened.push(table);
    }
    const pages = opened.map((table) => table.page);
    const pageOf = (seat: SeatLetter) => pages[seats.indexOf(seat)]!;
    await allAt(pages, '1:0:0');
    // Each person is at their own seat, named, and nobody's seat is a robot's.
    for (const [i, seat] of seats.entries()) await pageOf(seat).locator(`section[aria-label="${SEAT_NAMES[seat]}: ${people[i]!.names}"]`).waitFor();
    expect(await pages[0]!.locator('[data-seat] >> text=Robot').count()).toBe(0);

    // The auction: whoever deals opens 1NT from their bidding box, the other three pass from theirs.
    let declarer: SeatLetter | null = null;
    for (let calls = 0; calls < 4; calls++) {
      const caller = await onTurn(pages, '[data-call="Pass"]:not([disabled])');
      if (calls === 0) declarer = seats[pages.indexOf(caller)]!;
      await caller.locator(`[data-call="${calls === 0 ? '1NT' : 'Pass'}"]`).click();
      await allAt(pages, `1:${calls + 1}:0`);
    }
    const order: SeatLetter[] = ['N', 'E', 'S', 'W'];
    const after = (seat: SeatLetter, steps: number) => order[(order.indexOf(seat) + steps) % 4]!;
    const dummy = after(declarer!, 2);
    const defenders = [after(declarer!, 1), after(declarer!, 3)] as const;

    // One trick: the lead from declarer's left, dummy's card from declarer's page, then the others.
    for (let cards = 0; cards < 4; cards++) {
      const player = await onTurn(pages, 'button[data-playable="true"]');
      if (cards === 0) expect(player).toBe(pageOf(defenders[0]));
      if (cards === 1) expect(player).toBe(pageOf(declarer!));
      await player.locator('button[data-playable="true"]').first().click();
      await allAt(pages, `1:4:${cards + 1}`);
    }

    // Declarer claims the rest: the dialog offers all 12 tricks left.
    await pageOf(declarer!).getByRole('button', { name: 'Claim', exact: true }).click();
    const claim = pageOf(declarer!).getByRole('dialog', { name: 'Claim' });
    expect(await claim.getByLabel('Tricks you claim of the 12 left').inputValue()).toBe('12');
    await claim.getByLabel('Statement (how you will play)').fill('All my cards are high');
    await claim.getByRole('button', { name: 'Claim', exact: true }).click();
    const question = `${SEAT_NAMES[declarer!]} claims 12 of the tricks left`;
    for (const page of pages) await page.getByRole('alert', { name: question }).getByText('“All my cards are high”').waitFor();
    // Only the opponents answer: declarer and dummy wait for them.
    for (const seat of [declarer!, dummy]) {
      await pageOf(seat).getByText('Waiting for the opponents to answer.').waitFor();
      expect(await pageOf(seat).getByRole('button', { name: 'Accept the claim' }).count()).toBe(0);
    }
    // One opponent's acceptance is not enough: the other is still asked, and the board is not over.
    const [first, second] = defenders.map(pageOf) as [Page, Page];
    await first.getByRole('button', { name: 'Accept the claim' }).click();
    await first.getByText('Waiting for the opponents to answer.').waitFor();
    expect(await first.getByRole('dialog', { name: 'Board 1 is over' }).count()).toBe(0);
    await second.getByRole('button', { name: 'Accept the claim' }).click();

    // The board is over at all four pages, with the same line: declarer's trick so far and the 12 claimed.
    const lines = [];
    for (const page of pages) {
      const end = page.getByRole('dialog', { name: 'Board 1 is over' });
      await end.waitFor();
      lines.push(/1NT by \w+: \d+ tricks\. North-South score [+-]?\d+\./.exec((await end.textContent()) ?? '')?.[0]);
    }
    expect(new Set(lines).size).toBe(1);
    const [, by, tricks, score] = /1NT by (\w+): (\d+) tricks\. North-South score ([+-]?\d+)/.exec(lines[0] ?? '') ?? [];
    expect(by).toBe(SEAT_NAMES[declarer!]);
    expect([12, 13]).toContain(Number(tricks));

    // While the event is in play its results are not public: a player is told so, and shown the way to the table.
    const atDummy = pageOf(dummy);
    await atDummy.goto(`${server.url}/results/${key}`);
    await atDummy.getByRole('heading', { name: 'These results are not public yet' }).waitFor();
    await atDummy.getByRole('link', { name: "Join the table's video" }).waitFor();
    // Its organiser follows them live: the board's traveller has this table's line, as the table ended it.
    const organiser = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await useSession(organiser, server.url, director);
    const results = await organiser.newPage();
    const resultErrors = watchErrors(results);
    await results.goto(`${server.url}/results/${key}`);
    await results.getByText('Live results').waitFor();
    await results.locator('summary', { hasText: /^Board 1$/ }).click();
    const line = results.getByRole('table', { name: 'Traveller of board 1' }).getByRole('row').nth(1);
    await line.waitFor();
    const [ns, ew, contract, declaredBy, nsScore, , , , tricksTaken] = await line.getByRole('cell').allInnerTexts();
    const minus = (figure: number) => (figure < 0 ? `\u2212${-figure}` : String(figure));
    expect({ ns, ew, contract, declaredBy, nsScore, tricksTaken }).toEqual({
      ns: expect.stringMatching(/^(NS )?1$/),
      ew: expect.stringMatching(/^(EW )?1$/),
      contract: '1NT',
      declaredBy: declarer,
      nsScore: minus(Number(score)),
      tricksTaken: tricks,
    });
    expect(resultErrors).toEqual([]);
    await organiser.close();
    for (const { context, errors } of opened) {
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});

/** The file the build made of a module that is a chunk of its own (`src/app/routes/play/play-page.tsx`), from its manifest. */
function chunkOf(source: string): string {
  const manifest = JSON.parse(fs.readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`the build has no chunk for ${source}`);
  return `/${entry.file}`;
}

describe("the play page's code", () => {
  it('is not loaded by the home page, an event’s table phone page or its results, only by /play/{key}', async () => {
    const chunk = chunkOf('src/app/routes/play/play-page.tsx');
    const player = players[10]!;
    const key = await eventWithOne(player);
    // A signed-in player of the event in play, whose pages are the likeliest to reach for the table's code.
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await useSession(context, server.url, await signIn(server.url, player.email, player.password));
    const page = await context.newPage();
    let scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    const publicPages = ['/', '/tournaments', `/t/${key}/1`, `/results/${key}`];
    for (const path of publicPages) {
      scripts = [];
      await page.goto(server.url + path);
      // The home page starts the app on the first sign of use; every page then loads what it needs.
      await page.mouse.move(5, 5);
      await page.waitForLoadState('networkidle');
      expect(scripts.length, `${path} loads the app`).toBeGreaterThan(0);
      expect(scripts, path).not.toContain(chunk);
    }
    // The routes' own chunks are among what is recorded: the results page's came with it.
    expect(scripts).toContain(chunkOf('src/features/events/results/results-page.tsx'));
    // The table itself does load it.
    scripts = [];
    await page.goto(`${server.url}/play/${key}`);
    await page.getByText('Table 1 · Board 1').waitFor();
    expect(scripts).toContain(chunk);
    await context.close();
  }, 120_000);
});
