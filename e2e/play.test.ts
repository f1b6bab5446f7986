import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { endpoints, EventType } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
import { registerVerified, signIn, useSession, type Account, type ApiSession } from './support/api.ts';
import { launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The online table page, /play/{key}, in Chromium against the real server: a person plays whole boards against three
// robots with the mouse, with the keyboard alone, and by touch on a phone; a reload in the middle of a trick brings
// the table back as it was.

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const players: Account[] = ['Pia', 'Kai', 'Tom', 'Ray', 'Nell', 'Sam'].map((name) => ({
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
