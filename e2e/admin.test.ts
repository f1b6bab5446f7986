import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createClient, endpoints, EventType, messages, type GameDetails } from '@bridge/api';
import { runMitchell, signIn, type ApiSession } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN = { email: 'director@bridge.test', password: 'admin password 1' };
const CONSOLE = '/admin/console';
const PAST = `${CONSOLE}/past-events/my-past-events/all-my-past-events`;

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
/** The event with every board played (Match Point), then ten IMP events with one board each. */
let fullKey: string;
const impKeys: string[] = [];
let activeKey: string;
let solitaireKey: string;
let releases: string | undefined;

/** The Organizer app's part through the real API: a 3-table Mitchell with two named seats; all boards or just one. */
const runEvent = (
  organiser: ApiSession,
  name: string,
  scoreType: GameDetails['scoreType'],
  allBoards: boolean,
  complete = true,
  type: EventType = EventType.pair,
) =>
  runMitchell(organiser, {
    name,
    scoreType,
    type,
    bots: [
      { names: 'Asha Rao', table: 3, side: 0 },
      { names: 'Bala Iyer', table: 3, side: 2 },
    ],
    // Just one board: the first of round 1 at table 1.
    play: (row, board) =>
      allBoards || (row.round === 1 && row.table === 1 && board === row.set * 2 - 1)
        ? { declarer: 'S', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 }
        : null,
    complete,
  });

beforeAll(async () => {
  // Behind a trusted proxy, so each registration below can come from its own address (5 per address).
  // One installer to download, so the overview's chart has a line to draw.
  releases = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-e2e-releases-'));
  fs.writeFileSync(path.join(releases, 'player-windows-1.4.2.exe'), 'windows player installer');
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true', RELEASES_DIR: releases });
  browser = await launchBrowser();
  const call = await signIn(server.url, ADMIN.email, ADMIN.password);
  fullKey = await runEvent(call, 'Thursday Club Pairs', 'Match Point', true);
  for (let n = 1; n <= 10; n++) impKeys.push(await runEvent(call, `IMP Night ${n}`, 'IMP', false));
  activeKey = await runEvent(call, 'Friday Evening Pairs', 'Match Point', false, false);
  solitaireKey = await runEvent(call, 'Solitaire Challenge', 'Match Point', false, true, EventType.solitaire);
  const windowsBrowser = createClient({
    baseUrl: server.url,
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' },
  });
  await (await windowsBrowser.call(endpoints.downloads.download, { query: { platform: 'windows', file: 'player' } })).arrayBuffer();
  // Players for the users list: one to change, and enough for a second page.
  for (let n = 1; n <= 11; n++) {
    await createClient({ baseUrl: server.url, headers: { 'x-forwarded-for': `192.0.2.${n}` } }).call(endpoints.users.register, {
      body: { email: `player${n}@bridge.test`, password: 'player password', names: n === 1 ? 'Zed Target' : `Player ${n}` },
    });
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (releases) fs.rmSync(releases, { recursive: true, force: true });
});

async function signedIn(): Promise<{ page: Page; errors: string[] }> {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`${CONSOLE}/`));
  return { page, errors };
}

/** Waits for the page to show something; generous, as the machine running the suite may be busy. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** A filter chip of the list. */
const chip = (page: Page, name: string) => page.getByRole('group', { name: 'Filters' }).getByText(name, { exact: true });

/** Body rows of a table named by its caption. */
const bodyRows = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');

async function download(page: Page, menuItem: string): Promise<Buffer> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: menuItem }).click()]);
  return fs.readFileSync(await file.path());
}

async function readXlsx(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('admin console in Chromium', () => {
  it('past events: list, search, a chip, paging, export files, preview tabs that survive a reload', async () => {
    const { page, errors } = await signedIn();
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Past Events' }).click();
    await page.waitForURL((url) => url.pathname === PAST);
    const rows = bodyRows(page, 'Past Events');
    await poll(() => rows.count()).toBe(10);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Organiser', 'Event Name', 'Tables', 'Movement', 'Scoring', 'Created At', 'Actions']),
    );

    // Paging with cursors: 11 events are a full page and one more.
    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => rows.count()).toBe(1);
    await poll(() => page.getByText('Page 2 · 1 row').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await poll(() => rows.count()).toBe(10);
    await page.getByRole('combobox', { name: 'Items per page' }).selectOption('20');
    await poll(() => rows.count()).toBe(11);

    // A chip narrows the list; All brings everything back.
    await chip(page, 'Match Point').click();
    await poll(() => rows.count()).toBe(1);
    await poll(() => rows.first().textContent()).toContain(fullKey);
    await chip(page, 'All').click();
    await poll(() => rows.count()).toBe(11);

    // Search by name: debounced, then a blank search shows every event again.
    await page.getByPlaceholder('Search Event by Name').fill('IMP Night 7');
    await poll(() => rows.count()).toBe(1);
    await page.getByPlaceholder('Search Event by Name').fill('no such event anywhere');
    await poll(() => page.getByText(messages.noRecords).isVisible()).toBe(true);
    await page.getByPlaceholder('Search Event by Name').fill('');
    await poll(() => rows.count()).toBe(11);

    // Exports hold every matching row, not only the page: CSV with the IMP chip has a header and ten rows.
    await chip(page, 'IMP').click();
    await poll(() => rows.count()).toBe(10);
    const csv = (await download(page, 'CSV')).toString('utf8').trim().split(/\r?\n/);
    expect(csv).toHaveLength(11);
    expect((await readXlsx(await download(page, 'Excel'))).actualRowCount).toBe(11);
    const pdf = await download(page, 'PDF');
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // Print prints the same ten rows as the files, in a plain layout that says its filter, not the page's controls.
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Print' }).click();
    const printed = page.frameLocator('iframe[data-print-frame]');
    await poll(() => printed.locator('tbody tr').count()).toBe(10);
    expect(await printed.locator('p').first().textContent()).toMatch(/^Filter: .*score type IMP.* · Made /);
    expect(await printed.locator('button, input, [role="group"]').count()).toBe(0);

    // Preview: participants by default, then Board Results, which a reload keeps.
    await chip(page, 'Match Point').click();
    await page.getByRole('link', { name: fullKey }).click();
    await page.waitForURL((url) => url.pathname === `${PAST}/${fullKey}/participants`);
    await poll(() => page.getByRole('heading', { name: 'Thursday Club Pairs' }).isVisible()).toBe(true);
    await poll(() => bodyRows(page, 'Participants').count()).toBe(2);
    await poll(() => page.getByText('Registered participants').isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Preview Asha Rao/ }).click();
    const participant = page.getByRole('dialog', { name: 'Participant' });
    await poll(() => participant.getByRole('heading', { name: 'Table Details' }).isVisible()).toBe(true);
    await poll(() => participant.getByRole('heading', { name: 'Participant Details' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByPlaceholder('Search Participant by Name, and Contact').fill('nobody here');
    await poll(() => page.getByText(messages.noParticipants).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Board Results' }).click();
    await page.waitForURL((url) => url.pathname === `${PAST}/${fullKey}/board-results`);
    await page.reload();
    await poll(() => page.getByRole('tab', { name: 'Board Results', selected: true }).isVisible()).toBe(true);
    const board = bodyRows(page, 'Board Results');
    await poll(() => board.count()).toBe(18);
    await poll(() => board.first().textContent()).toContain('3NT');

    await page.getByRole('tab', { name: 'Details' }).click();
    await poll(() => page.getByRole('heading', { name: 'Event Details' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { name: 'Organiser Detais' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Results page' }).getAttribute('href')).toBe(`/results/${fullKey}`);

    await page.getByRole('link', { name: 'Event Details' }).click();
    await page.waitForURL((url) => url.pathname === PAST);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('past events: delete asks first, names what goes with it, and says Event deleted', async () => {
    const { page, errors } = await signedIn();
    await page.goto(server.url + PAST);
    const rows = bodyRows(page, 'Past Events');
    await poll(() => rows.count()).toBe(10);
    const victim = impKeys[0]!;
    await page.getByRole('button', { name: `Actions for ${victim}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete event' });
    await poll(() => dialog.getByText(/score, replay and participant data/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.isVisible()).toBe(false);

    await page.getByRole('button', { name: `Actions for ${victim}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await poll(() => page.getByText(messages.eventDeleted).first().isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: `Actions for ${victim}` }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('active events and solitaire: lists, preview of an event in play, the solitaire chip', async () => {
    const { page, errors } = await signedIn();
    await page.getByRole('link', { name: 'Active Events' }).click();
    await poll(() => bodyRows(page, 'Active Events').count()).toBe(1);
    await page.getByRole('link', { name: activeKey }).click();
    await poll(() => page.getByRole('heading', { name: 'Friday Evening Pairs' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Participants', 'Details']);

    await page.getByRole('link', { name: 'Solitaire' }).click();
    await poll(() => page.getByRole('heading', { name: 'Solitaire Events' }).isVisible()).toBe(true);
    await poll(() => page.getByText('View and manage all Solitaire events here').isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Filters' }).getByRole('radio').count()).toBe(1);
    const rows = bodyRows(page, 'Solitaire Events');
    await poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Organiser',
      'Event Name',
      'Tables',
      'Type',
      'Players',
      'Rounds',
      'Created At',
      'Actions',
    ]);
    await page.getByRole('button', { name: `Actions for ${solitaireKey}` }).click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    await poll(() => page.getByText(messages.comingSoon).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('users: paging, search, preview, disable, role and delete, each confirmed with its message; xlsx export', async () => {
    const { page, errors } = await signedIn();
    await page.getByRole('link', { name: 'All Users' }).click();
    const rows = bodyRows(page, 'All Users');
    await poll(() => rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => rows.count()).toBe(2);

    // The admin and eleven players, with the header: both pages, not only the one shown.
    expect((await readXlsx(await download(page, 'Excel'))).actualRowCount).toBe(13);

    await page.getByPlaceholder('Search User by Name or Email').fill('Zed');
    await poll(() => rows.count()).toBe(1);
    const options = page.getByRole('button', { name: 'Options for player1@bridge.test' });

    await options.click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    await poll(() => page.getByRole('heading', { name: 'User Details' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await options.click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page.getByRole('dialog', { name: 'Disable user' }).getByRole('button', { name: 'Disable' }).click();
    await poll(() => page.getByText(messages.userDisabled).isVisible()).toBe(true);
    await poll(() => rows.first().textContent()).toContain('Disabled');

    await options.click();
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    await page.getByRole('dialog', { name: 'Make admin' }).getByRole('button', { name: 'Make admin' }).click();
    await poll(() => page.getByText(messages.roleUpdated('admin')).isVisible()).toBe(true);

    await options.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await poll(() => dialog.getByText(/score, replay and participant data/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await poll(() => page.getByText(messages.userDeleted).isVisible()).toBe(true);
    await poll(() => page.getByText(messages.noRecords).isVisible()).toBe(true);

    // One's own account offers no role, status or delete (the server would refuse them), and the menu says why.
    await page.getByPlaceholder('Search User by Name or Email').fill(ADMIN.email);
    await poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: `Options for ${ADMIN.email}` }).click();
    for (const name of ['Make player', 'Disable', 'Delete']) expect(await page.getByRole('menuitem', { name }).isDisabled()).toBe(true);
    await poll(() =>
      page
        .getByText(/This is your account/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('audits: the admin actions are rows, an action filter narrows them, and the CSV export matches', async () => {
    const { page, errors } = await signedIn();
    await page.getByRole('link', { name: 'Audits' }).click();
    await poll(() => page.getByText('View all system logs here').isVisible()).toBe(true);
    const rows = bodyRows(page, 'Audit log');
    await poll(() => rows.count()).toBe(10);
    await page.getByLabel('Action').selectOption('admin.user.delete');
    await poll(() => rows.count()).toBe(1);
    await poll(() => rows.first().textContent()).toContain('admin.user.delete');
    const csv = (await download(page, 'CSV')).toString('utf8').trim().split(/\r?\n/);
    expect(csv).toHaveLength(2);
    await page.getByLabel('Action').selectOption('admin.event.delete');
    await poll(() => rows.count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('overview, dashboard and tools open from the navigation, and a deep link survives a reload', async () => {
    const { page, errors } = await signedIn();
    await poll(() => page.getByRole('heading', { name: 'App Downloads' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { name: 'File Downloads Over Time' }).isVisible()).toBe(true);
    // The drawing arrives with its own chunk (recharts), inside a figure that says what it shows.
    // One line for the one installer downloaded in beforeAll, with a tooltip that names its file, count and OS.
    const chart = page.getByRole('figure', { name: /^File Downloads Over Time: 1 download of 1 file from / });
    await poll(() => chart.locator('.recharts-line-curve').count()).toBe(1);
    expect(await chart.locator('.recharts-yAxis-tick-labels text').allTextContents()).toEqual(['0', '1']);
    expect(await chart.locator('figcaption').textContent()).toBe('player-windows-1.4.2.exe');
    const plot = (await chart.locator('.recharts-wrapper').boundingBox())!;
    await page.mouse.move(plot.x + plot.width - 30, plot.y + plot.height / 2, { steps: 4 });
    await poll(() => chart.locator('.recharts-tooltip-wrapper').textContent()).toMatch(/player-windows-1\.4\.2\.exe: 1 download.*OS: Windows 10/);
    await page.getByRole('textbox', { name: 'From' }).fill('');
    await poll(() => page.getByText(messages.selectBothDates).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await poll(() => page.getByText('Completed events').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Tools' }).click();
    await poll(() => page.getByRole('button', { name: 'Download Test Player' }).isVisible()).toBe(true);
    await page.reload();
    await poll(() => page.getByRole('heading', { name: 'Contact messages' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the screens have no serious accessibility faults and no sideways page scroll at 1280 and 390 px', async () => {
    const { page, errors } = await signedIn();
    const screens = [
      [PAST, 'Past Events'],
      [`${PAST}/${fullKey}/board-results`, 'Board Results'],
      [`${CONSOLE}/users/all-users/all`, 'All Users'],
      [`${CONSOLE}/audits/all-audits/view-audits`, 'Audit log'],
      [`${CONSOLE}/overview/all-analytics/analytics`, 'Downloads'],
    ] as const;
    for (const [path, table] of screens) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(server.url + path);
        await poll(() => page.getByRole('table', { name: table }).isVisible()).toBe(true);
        await poll(() => page.locator('[role="status"][aria-label="Loading"]').count()).toBe(0);
        // The overview's chart is checked as drawn, not as its placeholder.
        if (table === 'Downloads') await poll(() => page.locator('.recharts-line-curve').count()).toBe(1);
        expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
