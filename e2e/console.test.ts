import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardsOfSet, mitchell } from '@bridge/engine';
import { endpoints, EventType, messages } from '@bridge/api';
import { createEvent, registerVerified, signIn, useSession, type Account, type ApiSession } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The user console's Bridge Results and Solitaire screens: a registered player sees the events they have a
// seat in, and nobody else's; the server answers 404 for another user's event.

const ADMIN = { email: 'director@bridge.test', password: 'admin password 1' };
const PLAYER: Account = { email: 'meera.player@bridge.test', password: 'player password 1', names: 'Meera Player' };
const ORGANISER: Account = { email: 'omar.organiser@bridge.test', password: 'organiser password 1', names: 'Omar Organiser' };
const REGULAR: Account = { email: 'rita.regular@bridge.test', password: 'regular password 1', names: 'Rita Regular' };
const RESULTS = '/console/my-past-events/all-my-past-events';
const SOLITAIRE = '/console/solitaire/solitaire-events/solitaire-past-events';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let player: ApiSession;
let playedKey: string;
let notPlayedKey: string;
let solitaireKey: string;
let organiser: ApiSession;

/**
 * Posts every board of every round (3NT by North; `tricksAt(table)` tricks), then closes the event. With 9 tricks
 * elsewhere, 10 at table 1 gives NS 1 a top on each board (100%), and 9 there with 10 and 8 at the others 50%.
 */
async function playAll(organiser: ApiSession, key: string, tricksAt: (table: number) => number) {
  for (const row of mitchell(3).rows) {
    for (const board of boardsOfSet(row.set, 2)) {
      await organiser.call(endpoints.events.postResult, {
        params: { key },
        body: {
          round: row.round,
          board,
          table: row.table,
          nsPair: row.ns,
          ewPair: row.ew,
          declarer: 'N',
          contract: { level: 3, strain: 'NT', doubled: 0 },
          tricks: tricksAt(row.table),
        },
      });
    }
  }
  await organiser.call(endpoints.events.complete, { params: { key } });
}

/** Posts the first board of round 1 at table 1, then closes the event (the Organizer app's part). */
async function complete(organiser: ApiSession, key: string) {
  const row = mitchell(3).rows.find((r) => r.round === 1 && r.table === 1)!;
  const board = boardsOfSet(row.set, 2)[0]!;
  await organiser.call(endpoints.events.postResult, {
    params: { key },
    body: { round: 1, board, table: 1, nsPair: row.ns, ewPair: row.ew, declarer: 'S', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 },
  });
  await organiser.call(endpoints.events.complete, { params: { key } });
}

beforeAll(async () => {
  // Behind a trusted proxy: each registration and sign-in comes from its own address (support/api.ts).
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' });
  browser = await launchBrowser();
  const admin = await signIn(server.url, ADMIN.email, ADMIN.password, endpoints.users.adminLogin);
  for (const account of [PLAYER, ORGANISER, REGULAR]) await registerVerified(server.url, admin, account);
  organiser = await signIn(server.url, ORGANISER.email, ORGANISER.password);
  playedKey = await createEvent(organiser, { tables: 3, typeName: 'Monday Club Pairs', seats: [{ email: PLAYER.email, table: 1, side: 0 }] });
  await complete(organiser, playedKey);
  notPlayedKey = await createEvent(organiser, { tables: 3, typeName: 'Tuesday Club Pairs', seats: [] });
  await complete(organiser, notPlayedKey);
  solitaireKey = await createEvent(organiser, {
    tables: 3,
    type: EventType.solitaire,
    typeName: 'Solitaire Sunday',
    seats: [{ email: PLAYER.email, table: 1, side: 0 }],
  });
  await complete(organiser, solitaireKey);
  player = await signIn(server.url, PLAYER.email, PLAYER.password);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits for the page to show something; generous, as the machine running the suite may be busy. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
/** Waits for the address to reach a path (client-side redirects happen before the page's load event). */
const atPath = (page: Page, path: string) => poll(() => new URL(page.url()).pathname).toBe(path);
const bodyRows = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');

async function signedInPage(): Promise<{ page: Page; errors: string[] }> {
  await browser.context.clearCookies();
  await useSession(browser.context, server.url, player);
  const page = await browser.context.newPage();
  return { page, errors: watchErrors(page) };
}

describe('user console in Chromium', () => {
  it('Bridge Results: only the events the player is in, the history, the preview tabs and the results link', async () => {
    const { page, errors } = await signedInPage();
    await page.goto(`${server.url}/console`);
    await atPath(page, RESULTS);

    const rows = bodyRows(page, 'Bridge Results');
    await poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(playedKey);
    expect(await page.getByText(notPlayedKey).count()).toBe(0);

    // One board was scored, at the player's table: the history has the event.
    const history = page.getByRole('region', { name: 'Your history' });
    await poll(() => history.locator('dt:has-text("Events played") + dd').textContent()).toBe('1');
    expect(await history.getByRole('link', { name: 'Monday Club Pairs: results' }).count()).toBe(1);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousViolations(page), `Bridge Results at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The preview: participants (the player's seat), board results, details; each tab has its own address.
    await rows.first().getByRole('link', { name: playedKey, exact: true }).click();
    await atPath(page, `${RESULTS}/${playedKey}/participants`);
    const participants = bodyRows(page, 'Participants');
    await poll(() => participants.count()).toBe(1);
    expect(await participants.first().textContent()).toContain(PLAYER.names);
    await page.getByRole('tab', { name: /Board Results/ }).click();
    await atPath(page, `${RESULTS}/${playedKey}/board-results`);
    await poll(() => bodyRows(page, 'Board Results').count()).toBe(1);
    await page.getByRole('tab', { name: /Details/ }).click();
    await atPath(page, `${RESULTS}/${playedKey}/details`);
    await poll(() => page.getByText('Monday Club Pairs').first().isVisible()).toBe(true);
    await page.reload();
    await poll(() => page.getByRole('tab', { name: /Details/, selected: true }).isVisible()).toBe(true);

    // Back to the list, then the row's link to the public results page.
    await page.getByRole('link', { name: /Event Details/ }).click();
    await atPath(page, RESULTS);
    const resultsLink = page.getByRole('link', { name: `Results of ${playedKey}` });
    expect(await resultsLink.getAttribute('href')).toBe(`/results/${playedKey}`);
    await resultsLink.click();
    await atPath(page, `/results/${playedKey}`);
    await poll(() => page.getByText('Monday Club Pairs').first().isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await page.close();
  });

  it("another user's event typed into the preview address shows not found (the server answers 404)", async () => {
    await expect(player.call(endpoints.events.myEvent, { params: { key: notPlayedKey } })).rejects.toMatchObject({ status: 404 });
    const { page } = await signedInPage();
    await page.goto(`${server.url}${RESULTS}/${notPlayedKey}/participants`);
    await poll(() => page.getByText(messages.eventNotFound).isVisible()).toBe(true);
    expect(await page.getByText('Tuesday Club Pairs').count()).toBe(0);
    await page.close();
  });

  it('Solitaire: the solitaire event the player is in, and its preview from the row and by address', async () => {
    const { page, errors } = await signedInPage();
    await page.goto(`${server.url}/console/solitaire`);
    await atPath(page, SOLITAIRE);
    const rows = bodyRows(page, 'Solitaire Events');
    await poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(solitaireKey);
    await page.getByRole('button', { name: `Actions for ${solitaireKey}` }).click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    await poll(() => new URL(page.url()).pathname.startsWith(`${SOLITAIRE}/${solitaireKey}`)).toBe(true);
    await page.goto(`${server.url}${SOLITAIRE}/${solitaireKey}/details`);
    await poll(() => page.getByText('Solitaire Sunday').first().isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: /Board Results/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Your history: two scored events, the best percentage and a chart; its link opens the results with the pair marked', async () => {
    const seat = [{ email: REGULAR.email, table: 1, side: 0 }];
    const topKey = await createEvent(organiser, { tables: 3, typeName: 'Autumn Cup', seats: seat });
    await playAll(organiser, topKey, (table) => (table === 1 ? 10 : 9));
    const middleKey = await createEvent(organiser, { tables: 3, typeName: 'Winter Cup', seats: seat });
    await playAll(organiser, middleKey, (table) => [9, 10, 8][table - 1]!);
    const regular = await signIn(server.url, REGULAR.email, REGULAR.password);

    await browser.context.clearCookies();
    await useSession(browser.context, server.url, regular);
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}${RESULTS}`);
    const history = page.getByRole('region', { name: 'Your history' });
    const figure = (label: string) => history.locator(`dt:has-text("${label}") + dd`).first();
    await poll(() => figure('Events played').textContent()).toBe('2');
    expect(await figure('Best percentage').textContent()).toBe('100.00%');
    const chart = history.getByRole('img', { name: /^Percentage per event \(matchpoints\): 2 events/ });
    expect(await chart.getAttribute('aria-label')).toContain('latest 50.00%, highest 100.00%, lowest 50.00%');
    expect(await history.getByRole('table', { name: 'Percentage per event (matchpoints)' }).locator('tbody tr').count()).toBe(2);
    // The drawing (loaded on demand): a point per event, and a tooltip naming the event on hover.
    await poll(() => chart.locator('.recharts-line-dot').count()).toBe(2);
    // Over the first point, halfway down (a 100% point sits on the plot's top edge, where recharts does not react).
    const dot = (await chart.locator('.recharts-line-dot').first().boundingBox())!;
    const plot = (await chart.locator('.recharts-wrapper').boundingBox())!;
    await page.mouse.move(dot.x + dot.width / 2, plot.y + plot.height / 2, { steps: 4 });
    await poll(() => chart.locator('.recharts-tooltip-wrapper').textContent()).toMatch(/^Autumn Cup.*: 100\.00%$/);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousViolations(page), `Your history at ${width} px`).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/history-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The best result's link: the public results page, with the player's pair marked by a badge, not only colour.
    await history.getByRole('link', { name: 'Autumn Cup: results' }).click();
    await atPath(page, `/results/${topKey}`);
    const northSouth = page.getByRole('table', { name: 'North-South' });
    const mine = northSouth.locator('tbody tr', { has: page.getByText('You', { exact: true }) });
    await poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toContain('NS 1');
    expect(await mine.textContent()).toContain(REGULAR.names);
    expect(await mine.textContent()).toContain('100.00%');
    await expect.poll(() => page.getByText('You played as pair NS 1: place 1, 100.00%.').isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'East-West' }).getByText('You', { exact: true }).count()).toBe(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousViolations(page), `Results with the pair marked at ${width} px`).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/results-${width}.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
    await page.close();

    // Signed out, the same page marks nothing and shows no error.
    await browser.context.clearCookies();
    const anonymous = await browser.context.newPage();
    const anonymousErrors = watchErrors(anonymous);
    await anonymous.goto(`${server.url}/results/${topKey}`);
    await poll(() => anonymous.getByRole('table', { name: 'North-South' }).locator('tbody tr').count()).toBe(3);
    expect(await anonymous.getByText('You', { exact: true }).count()).toBe(0);
    expect(anonymousErrors).toEqual([]);
    await anonymous.close();
  });

  it('signed out, the console sends the visitor to /login', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.goto(`${server.url}${RESULTS}`);
    await atPath(page, '/login');
    await page.close();
  });
});
