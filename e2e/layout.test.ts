import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createClient, endpoints, EventType, type GameDetails } from '@bridge/api';
import { runMitchell, signIn, useSession, type ApiSession } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Every screen of the consoles, the results page and the video page fits a phone (390 px) and a laptop (1280 px)
// without the page itself scrolling sideways: wide tables scroll inside their own frame.

const ADMIN = { email: 'director@bridge.test', password: 'admin password 1' };
const ADMIN_CONSOLE = '/admin/console';
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let releases: string | undefined;
let organiser: ApiSession;
let admin: ApiSession;
let pastKey: string;
let activeKey: string;
let solitaireKey: string;

/** A 3-table Mitchell as the Organizer app runs it: every board posted, suit contracts, some redoubled, in the traveller. */
const runEvent = (name: string, scoreType: GameDetails['scoreType'], complete: boolean, type: EventType = EventType.pair) =>
  runMitchell(organiser, {
    name,
    scoreType,
    type,
    bots: [
      { names: 'Asha Rao-Venkataraman', table: 1, side: 0 },
      { names: 'Bala Iyer', table: 1, side: 2 },
    ],
    play: (row, board) => ({
      declarer: 'S',
      contract: { level: 4, strain: board % 2 ? 'S' : 'H', doubled: board % 3 === 0 ? 2 : 0 },
      tricks: 9 + row.table,
    }),
    complete,
  });

beforeAll(async () => {
  // Two installers downloaded as often as each other, so the overview's chart draws two equal lines.
  releases = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-e2e-releases-'));
  fs.writeFileSync(path.join(releases, 'player-windows-1.4.2.exe'), 'windows player installer');
  fs.writeFileSync(path.join(releases, 'organiser-windows-2.0.1.exe'), 'windows organiser installer');
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true', RELEASES_DIR: releases });
  browser = await launchBrowser();
  organiser = await signIn(server.url, ADMIN.email, ADMIN.password);
  admin = await signIn(server.url, ADMIN.email, ADMIN.password, endpoints.users.adminLogin);
  pastKey = await runEvent('Thursday Club Pairs', 'Match Point', true);
  activeKey = await runEvent('Friday Evening Pairs', 'IMP', false);
  solitaireKey = await runEvent('Solitaire Challenge', 'Match Point', true, EventType.solitaire);
  const windowsBrowser = createClient({
    baseUrl: server.url,
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' },
  });
  for (const file of ['player', 'organiser'] as const) {
    await (await windowsBrowser.call(endpoints.downloads.download, { query: { platform: 'windows', file } })).arrayBuffer();
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (releases) fs.rmSync(releases, { recursive: true, force: true });
});

/** How far the page reaches past the window's right edge, once the screen has loaded its data. */
async function overflow(page: Page, address: string): Promise<number> {
  await page.goto(`${server.url}${address}`);
  await page.waitForLoadState('networkidle');
  // Each screen names itself with a heading once it has loaded; the measure waits for it.
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Visits each address at each width and names those where the page scrolls sideways. */
async function wideScreens(session: ApiSession, addresses: string[], after?: (page: Page, address: string) => Promise<number>): Promise<string[]> {
  await browser.context.clearCookies();
  await useSession(browser.context, server.url, session);
  const page = await browser.context.newPage();
  const wide: string[] = [];
  for (const size of widths) {
    await page.setViewportSize(size);
    for (const address of addresses) {
      const beyond = await overflow(page, address);
      if (beyond > 0) wide.push(`${address} at ${size.width} px: ${beyond} px too wide`);
      const afterwards = await after?.(page, address);
      if (afterwards) wide.push(`${address} at ${size.width} px, after hovering: ${afterwards} px too wide`);
    }
  }
  await page.close();
  return wide;
}

describe('no sideways page scroll in Chromium', () => {
  it('every admin console screen, at 390 and 1280 px, the chart tooltip shown', async () => {
    const past = `${ADMIN_CONSOLE}/past-events/my-past-events/all-my-past-events`;
    const active = `${ADMIN_CONSOLE}/active-events/my-active-events/all-my-active-events`;
    const analytics = `${ADMIN_CONSOLE}/overview/all-analytics/analytics`;
    const wide = await wideScreens(
      admin,
      [
        analytics,
        active,
        `${active}/${activeKey}/participants`,
        `${active}/${activeKey}/details`,
        past,
        `${past}/${pastKey}/participants`,
        `${past}/${pastKey}/board-results`,
        `${past}/${pastKey}/details`,
        `${ADMIN_CONSOLE}/solitaire/solitaire-events/solitaire-past-events`,
        `${ADMIN_CONSOLE}/users/all-users/all`,
        `${ADMIN_CONSOLE}/audits/all-audits/view-audits`,
        `${ADMIN_CONSOLE}/dashboard`,
        `${ADMIN_CONSOLE}/tools`,
      ],
      async (page, address) => {
        if (address !== analytics) return 0;
        // The downloads chart's tooltip, shown on the last day (at the chart's right-hand end), stays inside the window.
        const lastDay = page.locator('.recharts-line-dot').last();
        await lastDay.scrollIntoViewIfNeeded();
        const day = (await lastDay.boundingBox())!;
        // Halfway up the plot: the day's highest dot may sit on the plot's top edge, where the pointer misses it.
        const plot = (await page.locator('.recharts-surface').first().boundingBox())!;
        await page.mouse.move(day.x + day.width / 2, plot.y + plot.height / 2);
        await page.locator('.recharts-tooltip-wrapper').first().waitFor();
        return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      },
    );
    expect(wide).toEqual([]);
  }, 240_000);

  it("the user console's screens, the results page and the video page, at 390 and 1280 px", async () => {
    const past = '/console/my-past-events/all-my-past-events';
    const solitaire = '/console/solitaire/solitaire-events/solitaire-past-events';
    const wide = await wideScreens(organiser, [
      past,
      `${past}/${pastKey}/participants`,
      `${past}/${pastKey}/board-results`,
      `${past}/${pastKey}/details`,
      solitaire,
      `${solitaire}/${solitaireKey}/participants`,
      '/console/profile',
      `/results/${pastKey}`,
      `/video?key=${pastKey}`,
    ]);
    expect(wide).toEqual([]);
  }, 240_000);

  it("the director's console, its print views and a table's phone page, at 390 and 1280 px", async () => {
    // A session in play: 8 pairs on the first movement offered, guests entered, started.
    const proposals = await organiser.call(endpoints.directing.proposals, { query: { pairs: 8, minutesPerBoard: 7.5 } });
    const { key } = await organiser.call(endpoints.directing.create, {
      body: {
        name: 'Monday Evening Pairs',
        startsAt: new Date().toISOString(),
        pairs: 8,
        minutesPerBoard: 7.5,
        movement: { kind: 'proposal', id: proposals[0]!.id },
        scoring: 'matchpoints',
        deals: 'random',
      },
    });
    const listed = await organiser.call(endpoints.directing.entries, { params: { key } });
    const guests = (pair: string): [{ name: string }, { name: string }] => [{ name: `Ann ${pair} Long-Surname` }, { name: `Bob ${pair}` }];
    await organiser.call(endpoints.directing.setEntries, {
      params: { key },
      body: { pairs: listed.pairs.map((p) => ({ pair: p.pair, players: guests(p.pair) })) },
    });
    const { key: preparing } = await organiser.call(endpoints.directing.create, {
      body: {
        name: 'Tuesday Pairs',
        startsAt: new Date().toISOString(),
        pairs: 8,
        movement: { kind: 'proposal', id: proposals[0]!.id },
        scoring: 'cross-imps',
        deals: 'by-hand',
      },
    });
    await organiser.call(endpoints.directing.start, { params: { key } });
    const wide = await wideScreens(organiser, [
      '/console/direct',
      '/console/direct/new',
      `/console/direct/${preparing}/entries`,
      `/console/direct/${key}/entries`,
      `/console/direct/${key}`,
      `/console/direct/${key}/print/tables`,
      `/console/direct/${key}/print/pairs`,
      `/t/${key}/1`,
    ]);
    expect(wide).toEqual([]);

    // The table itself, opened with its code, on a phone.
    const [first] = await organiser.call(endpoints.tables.codes, { params: { key } });
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(first!.url);
    await page.getByLabel('Table code').fill(first!.code);
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.getByRole('button', { name: 'Enter' }).first().click();
    await page.getByRole('button', { name: 'Send to East-West' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.close();
  }, 240_000);

  it("the audit log's Outcome badges show their whole word at 1280 px", async () => {
    await browser.context.clearCookies();
    await useSession(browser.context, server.url, admin);
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}${ADMIN_CONSOLE}/audits/all-audits/view-audits`);
    const labels = page.getByRole('table', { name: 'Audit log' }).locator('tbody .mantine-Badge-label');
    await labels.first().waitFor();
    // A clipped label is narrower than its text (scrollWidth is rounded up to whole pixels).
    const clipped = await labels.evaluateAll((all) =>
      all.filter((label) => label.scrollWidth > Math.ceil(label.getBoundingClientRect().width)).map((label) => label.textContent),
    );
    expect(clipped).toEqual([]);
    await page.close();
  }, 60_000);

  it("a phone's traveller shows the NS score without scrolling sideways", async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/results/${pastKey}`);
    await page.getByText('Board 1', { exact: true }).click();
    const frame = page.getByRole('region', { name: 'Traveller of board 1' });
    const score = frame.getByRole('columnheader', { name: 'NS score' });
    await score.scrollIntoViewIfNeeded();
    const [frameBox, scoreBox] = [(await frame.boundingBox())!, (await score.boundingBox())!];
    expect(await frame.evaluate((element) => element.scrollLeft)).toBe(0);
    expect(scoreBox.x + scoreBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    await page.close();
  }, 60_000);
});
