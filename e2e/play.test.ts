import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { endpoints } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
import { registerVerified, signIn, startOnlineEvent, useSession, type Account, type ApiSession } from './support/api.ts';
import { chromiumArgs, launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The online table page, /play/{key}, in Chromium against the real server: a person plays whole boards against three
// robots with the mouse, with the keyboard alone, and by touch on a phone; a reload in the middle of a trick brings
// the table back as it was; a kibitzer watches a seat's view and sees the four hands only once every table is done;
// four people bid and play a board, see a rejected claim withdrawn while play goes on, end it by a claim and find its
// line in the results; and the public pages never load the table's code.

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const players: Account[] = ['Pia', 'Kai', 'Tom', 'Ray', 'Nell', 'Sam', 'Lou', 'Max', 'Ned', 'Oda', 'Vic', 'Kit', 'Zoe'].map((name) => ({
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
  return startOnlineEvent(director, { seats: people.map((person, i) => ({ email: person.email, table: 1, side: [2, 0, 1, 3][i]! })) });
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

/**
 * Every card a page shows, to the eye or to a screen reader, in the part `within` matches (the whole page by default):
 * cards drawn (`data-card`), cards named in its text or its labels ("ace of spades"), and hand diagrams read row by
 * row (the suit's name, then its ranks: "A K 10"); the parts `skip` matches left out.
 */
async function shownCards(page: Page, skip: string[] = [], within = 'body'): Promise<string[]> {
  const found = await page.evaluate(
    ({ skip, within }) => {
      const root = document.querySelector(within)!.cloneNode(true) as Element;
      const all = (selector: string) => Array.from(root.querySelectorAll(selector));
      for (const selector of skip) for (const node of all(selector)) node.remove();
      const ranks: Record<string, string> = { ace: 'A', king: 'K', queen: 'Q', jack: 'J', ten: 'T' };
      const suits: Record<string, string> = { spades: 'S', hearts: 'H', diamonds: 'D', clubs: 'C' };
      const cards = new Set<string>();
      for (const node of all('[data-card]')) cards.add(node.getAttribute('data-card')!);
      const texts = [root.textContent ?? '', ...all('[aria-label]').map((node) => node.getAttribute('aria-label')!)];
      for (const text of texts)
        for (const [, rank, suit] of text.matchAll(/\b(ace|king|queen|jack|ten|[2-9]) of (spades|hearts|diamonds|clubs)\b/g))
          cards.add(suits[suit!]! + (ranks[rank!] ?? rank));
      for (const dl of root.matches('dl') ? [root] : all('dl'))
        for (const dt of Array.from(dl.querySelectorAll('dt'))) {
          const suit = suits[(dt.textContent ?? '').replace(/[^a-z]/g, '')];
          const held = (dt.nextElementSibling?.textContent ?? '').split(/\s+/).filter((rank) => /^(?:[AKQJ2-9]|10)$/.test(rank));
          if (suit) for (const rank of held) cards.add(suit + (rank === '10' ? 'T' : rank));
        }
      return [...cards];
    },
    { skip, within },
  );
  return found.sort();
}

/** The cards a seat still holds on a page that shows them (the director's). */
const cardsOf = (page: Page, seat: string) =>
  page.locator(`section[aria-label^="${seat}"] [data-card]`).evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')!));

/** The seat marked dummy on a page, by name (North), once the auction has a declarer. */
async function dummySeat(page: Page): Promise<string | null> {
  const letter = await page.locator('[data-seat]').filter({ hasText: 'Dummy' }).getAttribute('data-seat');
  return ({ N: 'North', E: 'East', S: 'South', W: 'West' } as Record<string, string>)[letter!] ?? null;
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

  it("a kibitzer watches a seat's view, never sees a hidden card, and sees the four hands once every table has finished the board", async () => {
    // North, board 1's dealer: their 7NT is the auction's first call, so they declare whatever the robots hold.
    const north = players[11]!;
    const kibitzer = players[12]!;
    // A 3-table Mitchell of 2 rounds, a board a round: board 1 is played at table 1 in round 1 and at table 3 in round 2.
    const key = await startOnlineEvent(director, {
      typeName: 'Online kibitzing',
      rounds: 2,
      boardsPerRound: 1,
      seats: [{ email: north.email, table: 1, side: 0 }],
    });

    const player = await openTable(north, { width: 1280, height: 860 });
    await player.page.goto(`${server.url}/play/${key}`);
    // The director's view of the same table has every hand still held: what the kibitzer must not see.
    const directing = await openTable({ ...DIRECTOR, names: 'Director' }, { width: 1280, height: 860 });
    await directing.page.goto(`${server.url}/play/${key}?table=1`);
    const watcher = await openTable(kibitzer, { width: 1280, height: 860 });
    const page = watcher.page;
    await page.goto(`${server.url}/play/${key}?table=1&seat=E`);
    for (const opened of [player, directing, watcher]) await opened.page.getByText('Table 1 · Board 1').waitFor();
    await page.getByText('Kibitzing').waitFor();

    // The kibitzer watches East's view: East at the bottom; another seat chosen is kept in the address through a reload.
    const bottomSeat = () =>
      page.evaluate(() => {
        const sections = Array.from(document.querySelectorAll('section[aria-label]')).map((s) => ({
          name: s.getAttribute('aria-label')!,
          y: s.getBoundingClientRect().y,
        }));
        return sections.sort((a, b) => b.y - a.y)[0]?.name.split(':')[0];
      });
    expect(await bottomSeat()).toBe('East');
    await page.getByRole('group', { name: 'Watch from' }).getByText('West', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('seat')).toBe('W');
    await expect.poll(bottomSeat).toBe('West');
    await page.reload();
    await page.getByText('Table 1 · Board 1').waitFor();
    expect(await bottomSeat()).toBe('West');
    expect(new URL(page.url()).searchParams.get('table')).toBe('1');

    /** Where the three pages stand: the same frame of the table on each, then the kibitzer's page read against the director's. */
    const check = async (phase: 'auction' | 'play') => {
      const at = await position(player.page);
      for (const opened of [directing, watcher]) await opened.page.locator(`[data-table-position="${at}"]`).waitFor();
      const led = Number(at!.split(':')[2]) > 0;
      const dummy = led ? await dummySeat(directing.page) : null;
      const hidden = new Set<string>();
      for (const seat of ['North', 'East', 'South', 'West'])
        if (seat !== dummy) for (const card of await cardsOf(directing.page, seat)) hidden.add(card);
      const shown = await shownCards(page);
      expect(shown.filter((card) => hidden.has(card))).toEqual([]);
      // Dummy's cards are shown after the lead: the reading finds cards where there are some.
      if (dummy) for (const card of await cardsOf(directing.page, dummy)) expect(shown).toContain(card);
      // No bidding box, no card to play, nothing to type.
      expect(await page.locator('[data-call]').count()).toBe(0);
      expect(await page.locator('button[data-playable]').count()).toBe(0);
      expect(await page.getByLabel('Type a call or a card').count()).toBe(0);
      if (phase === 'play') expect(dummy).not.toBeNull();
    };

    // The player opens 7NT, so they declare and the table waits for each of their cards.
    const over = player.page.getByRole('dialog', { name: 'Board 1 is over' });
    const checked = { auction: 0, play: 0 };
    for (let move = 0; ; move++) {
      expect(move).toBeLessThan(80);
      await player.page.waitForSelector('[data-call="Pass"]:not([disabled]), button[data-playable="true"], [role="dialog"]');
      if (await over.isVisible()) break;
      const bidding = (await player.page.locator('[data-call="Pass"]:not([disabled])').count()) > 0;
      const phase = bidding ? 'auction' : 'play';
      await check(phase);
      checked[phase]++;
      if (checked.play === 3) expect(await seriousViolations(page)).toEqual([]);
      const before = await position(player.page);
      const grand = player.page.locator('[data-call="7NT"]:not([disabled])');
      if (bidding) await ((await grand.count()) ? grand : player.page.locator('[data-call="Pass"]')).click();
      else await player.page.locator('button[data-playable="true"]').first().click();
      await movedOn(player.page, before);
    }
    expect(checked.auction).toBeGreaterThan(0);
    expect(checked.play).toBeGreaterThan(0);

    // The board is over at this table, not yet at table 3: the kibitzer is told why the hands are not shown, and
    // asks again every few seconds; nothing but dummy's cards and the last trick is on their page.
    const { deal } = await director.call(endpoints.play.board, { params: { key, board: 1 } });
    const dummyLetter = await player.page.locator('[data-seat]').filter({ hasText: 'Dummy' }).getAttribute('data-seat');
    const end = page.getByRole('dialog', { name: 'Board 1 is over' });
    await end.getByText('The hands show once this board is finished at every table').waitFor();
    for (let ask = 0; ask < 2; ask++) await page.waitForResponse((r) => r.url().endsWith(`/api/v1/play/${key}/boards/1`) && r.ok());
    await end.getByText('The hands show once this board is finished at every table').waitFor();
    expect(await end.getByRole('group', { name: 'The four hands' }).count()).toBe(0);
    const dummyCards = new Set(deal![dummyLetter as 'N']);
    const outsideTrick = await shownCards(page, ['[aria-live]', '[aria-label="The trick in progress"]', '[aria-label="The last trick"]']);
    expect(outsideTrick.filter((card) => !dummyCards.has(card))).toEqual([]);
    expect((await shownCards(page, ['[aria-live]'])).filter((card) => !dummyCards.has(card)).length).toBeLessThanOrEqual(4);
    expect(await seriousViolations(page)).toEqual([]);

    // The next round: table 3's robots play board 1, and the kibitzer's dialog shows the four hands as dealt.
    await director.call(endpoints.directing.nextRound, { params: { key } });
    const hands = end.getByRole('group', { name: 'The four hands' });
    await hands.waitFor();
    await expect(end.getByText('The hands show once this board is finished at every table').count()).resolves.toBe(0);
    for (const [letter, seat] of [
      ['N', 'North'],
      ['E', 'East'],
      ['S', 'South'],
      ['W', 'West'],
    ] as const) {
      expect(await shownCards(page, [], `[role="dialog"] dl[aria-label="${seat}'s hand"]`)).toEqual([...deal![letter]].sort());
    }
    expect(await seriousViolations(page)).toEqual([]);
    // Closed, the board's four hands are one click away.
    await end.getByRole('button', { name: 'Back to the table' }).click();
    await end.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Show all four hands of board 1' }).click();
    await end.getByRole('group', { name: 'The four hands' }).waitFor();

    for (const { context, errors } of [player, directing, watcher]) {
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it('shows the round clock in the bar, paused at the director’s word, and lets the director join a table that called', async () => {
    const key = await eventWithOne(players[0]!);
    const { context, page, errors } = await openTable(players[0]!, { width: 390, height: 844 }, true);
    await page.goto(`${server.url}/play/${key}`);
    const clock = page.locator('header').getByRole('timer');
    await expect.poll(() => clock.textContent()).toMatch(/^\d\d:\d\d left$/);
    expect(await clock.getAttribute('aria-live')).toBe('off');
    await director.call(endpoints.directing.clock, { params: { key }, body: { running: false } });
    await page.locator('header').getByText('Paused', { exact: true }).waitFor();
    expect(await clock.getAttribute('aria-label')).toMatch(/^Round clock paused: /);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Call the director' }).tap();
    await page.getByText('South called the director.').waitFor();

    // The director's live view lists the call; its link opens the table in the director's view.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await useSession(desk, server.url, director);
    const live = await desk.newPage();
    const deskErrors = watchErrors(live);
    await live.goto(`${server.url}/console/direct/${key}`);
    await live.getByRole('region', { name: 'A call for the director' }).getByRole('link', { name: 'Join the table, table 1' }).click();
    await live.getByText('South called the director.').waitFor();
    expect(new URL(live.url()).search).toBe('?table=1');
    expect(await live.locator('header').getByText('Director', { exact: true }).count()).toBe(1);
    expect(await live.locator('header').getByRole('timer').getAttribute('aria-label')).toMatch(/^Round clock paused: /);
    await live.getByRole('button', { name: 'I am at the table' }).click();
    await page.getByRole('button', { name: 'Call the director' }).waitFor();
    expect(errors).toEqual([]);
    expect(deskErrors).toEqual([]);
    await desk.close();
    await context.close();
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

  it('bid and play a board, see a rejected claim withdrawn and flagged for the director, end it by a claim both opponents accept, and find its line in the live results', async () => {
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

    // A first claim of the rest, rejected: while it is open the defenders see declarer's hand; once an opponent
    // rejects it, it is withdrawn and play goes on at once, nobody waiting for the director.
    await pageOf(declarer!).getByRole('button', { name: 'Claim', exact: true }).click();
    const firstClaim = pageOf(declarer!).getByRole('dialog', { name: 'Claim' });
    await firstClaim.getByRole('button', { name: 'Claim', exact: true }).click();
    const faced = `${SEAT_NAMES[declarer!]}'s hand, faced for the claim: 12 cards`;
    for (const seat of defenders) await pageOf(seat).getByRole('list', { name: faced }).waitFor();
    await pageOf(defenders[0]).getByRole('button', { name: 'Reject' }).click();
    for (const page of pages) {
      const dispute = page.getByRole('alert', { name: 'Disputed claim' });
      await dispute
        .getByText(`${SEAT_NAMES[declarer!]} claimed 12 of the 12 tricks left; ${SEAT_NAMES[defenders[0]]} rejected it.`, { exact: false })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Accept the claim' }).count()).toBe(0);
    }
    for (const seat of defenders) expect(await pageOf(seat).getByRole('list', { name: faced }).count()).toBe(0);
    // Play goes on: whoever won the trick has cards to play.
    await onTurn(pages, 'button[data-playable="true"]');
    // The director's live view flags the table; its link opens the table, where the director may rule.
    const desk = await noCamera.newContext({ viewport: { width: 1280, height: 860 } });
    await useSession(desk, server.url, director);
    const live = await desk.newPage();
    await live.goto(`${server.url}/console/direct/${key}`);
    await live.getByRole('region', { name: 'A disputed claim' }).getByRole('link', { name: 'Join the table, table 1' }).click();
    await live.getByRole('alert', { name: 'Disputed claim' }).getByRole('button', { name: 'Rule and end the board' }).waitFor();
    expect(await live.getByLabel(`Tricks for ${SEAT_NAMES[declarer!]}'s side of the 12 left at the claim`).inputValue()).toBe('12');
    await desk.close();

    // Declarer claims the rest again: the dialog offers all 12 tricks left.
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
