import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { endpoints, EventType } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
import { registerVerified, signIn, useSession, type Account, type ApiSession } from './support/api.ts';
import { launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The online table page, /play/{key}, in Chromium against the real server: a person plays whole boards against three
// robots with the mouse, with the keyboard alone, and by touch on a phone; a reload in the middle of a trick brings
// the table back as it was; a kibitzer watches a seat's view and sees the four hands only once every table is done.

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const players: Account[] = ['Pia', 'Kai', 'Tom', 'Ray', 'Nell', 'Sam', 'Lou', 'Kit'].map((name) => ({
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

/** An online 3-table Mitchell, started, with `people` at table 1 (South, then North): robots play the other seats. */
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
  const participants = people.map((person, i) => ({ email: person.email, table: 1, side: i === 0 ? 2 : 0 }));
  await director.call(endpoints.events.addParticipants, { params: { key }, body: { participants } });
  await director.call(endpoints.directing.start, { params: { key } });
  return key;
}

async function openTable(
  player: Account,
  viewport: { width: number; height: number },
  touch = false,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
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
    const north = players[6]!;
    const kibitzer = players[7]!;
    // A 3-table Mitchell of 2 rounds, a board a round: board 1 is played at table 1 in round 1 and at table 3 in round 2.
    const { key } = await director.call(endpoints.events.create, {
      body: {
        tables: 3,
        boardsPerRound: 1,
        gameDetails: {
          type: EventType.pair,
          typeName: 'Online kibitzing',
          players: 12,
          rounds: 2,
          movementType: 'Mitchell',
          scoreType: 'Match Point',
          handgeneratedModeAsString: 'Random',
          liveTableEvent: true,
          kibtzersEnabled: true,
        },
      },
    });
    await director.call(endpoints.events.addParticipants, { params: { key }, body: { participants: [{ email: north.email, table: 1, side: 0 }] } });
    await director.call(endpoints.directing.start, { params: { key } });

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
