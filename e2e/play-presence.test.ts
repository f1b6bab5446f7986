import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { endpoints } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
import { registerVerified, signIn, startOnlineEvent, useSession, type ApiSession } from './support/api.ts';
import { launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Who is away from an online table, in Chromium against the real server: a player closes their page; the others
// and the director see them away, and the director gives their seat to a robot, which plays it.

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const south = { email: 'pia@bridge.test', password: 'player password 1', names: 'Pia Player' };
const north = { email: 'kai@bridge.test', password: 'player password 1', names: 'Kai Player' };

let server: RunningServer;
let browser: Browser;
let director: ApiSession;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: DIRECTOR.email, ADMIN_PASSWORD: DIRECTOR.password, TRUST_PROXY: 'true', ROBOT_DELAY_MS: '0' });
  browser = await launchMediaBrowser();
  const admin = await signIn(server.url, DIRECTOR.email, DIRECTOR.password, endpoints.users.adminLogin);
  for (const player of [south, north]) await registerVerified(server.url, admin, player);
  director = await signIn(server.url, DIRECTOR.email, DIRECTOR.password);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An online 3-table Mitchell, started, with Pia South and Kai North at table 1: robots play East and West. */
async function onlineEvent(): Promise<string> {
  return startOnlineEvent(director, {
    seats: [
      { email: south.email, table: 1, side: 2 },
      { email: north.email, table: 1, side: 0 },
    ],
  });
}

async function openAs(person: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await useSession(context, server.url, await signIn(server.url, person.email, person.password));
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

const northSeat = (page: Page) => page.locator('section[aria-label^="North"]');

describe('a player away from the online table', () => {
  it('is shown away to the others and the director, who gives the seat to a robot from a dialog; the robot plays it', async () => {
    const key = await onlineEvent();
    // North comes to the table, South too: both there.
    const kai = await openAs(north);
    await kai.page.goto(`${server.url}/play/${key}`);
    await kai.page.getByText('Table 1 · Board 1').waitFor();
    const pia = await openAs(south);
    await pia.page.goto(`${server.url}/play/${key}`);
    await pia.page.getByText('Table 1 · Board 1').waitFor();
    await northSeat(pia.page).getByText('Kai Player').waitFor();
    expect(await pia.page.locator('[data-away]').count()).toBe(0);

    // North closes the page: South sees North away, in words.
    await kai.context.close();
    await northSeat(pia.page)
      .getByText(/^Away (under 1|\d+) min$/)
      .waitFor();
    const position = await pia.page.locator('[data-table-position]').getAttribute('data-table-position');
    expect(position).toBe('1:0:0');

    // The director's table page shows it too, and offers the seat to a robot.
    const desk = await openAs(DIRECTOR);
    await desk.page.goto(`${server.url}/play/${key}?table=1`);
    await desk.page.getByText('Table 1 · Board 1').waitFor();
    await northSeat(desk.page)
      .getByText(/^Away (under 1|\d+) min$/)
      .waitFor();
    // South, there, is not away; a seat nobody holds has no choice to offer.
    expect(await desk.page.locator('section[aria-label^="South"] [data-away]').count()).toBe(0);
    expect(await desk.page.locator('section[aria-label^="East"]').getByRole('button', { name: 'Give the seat to a robot' }).count()).toBe(0);
    await northSeat(desk.page).getByRole('button', { name: 'Give the seat to a robot' }).click();
    const dialog = desk.page.getByRole('dialog', { name: "Give North's seat to a robot?" });
    await dialog.getByText('A robot plays North (Kai Player) for the rest of the round').waitFor();
    expect(await seriousViolations(desk.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Give it to a robot' }).click();

    // The robot plays North's turn (East's robot follows): South is to call now, and North is a robot's, not away.
    await pia.page.locator('[data-call="Pass"]:not([disabled])').waitFor();
    expect(await pia.page.locator('[data-table-position]').getAttribute('data-table-position')).not.toBe(position);
    await northSeat(pia.page).getByText('Robot', { exact: true }).waitFor();
    expect(await northSeat(pia.page).locator('[data-away]').count()).toBe(0);
    // The director may give it back.
    await northSeat(desk.page).getByRole('button', { name: 'Give the seat back' }).waitFor();

    expect(pia.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
    await pia.context.close();
    await desk.context.close();
  });
});
