import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { endpoints } from '@bridge/api';
import { registerVerified, signIn, startOnlineEvent, useSession, type Account, type ApiSession } from './support/api.ts';
import { launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The online table page over a change of round, in Chromium against the real server: a player the movement moves on
// is taken to their new table, and told so; the seat they left is another's, and so is its hand.

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const traveller: Account = { email: 'erin@bridge.test', password: 'player password 1', names: 'Erin Traveller' };

let server: RunningServer;
let browser: Browser;
let director: ApiSession;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: DIRECTOR.email, ADMIN_PASSWORD: DIRECTOR.password, TRUST_PROXY: 'true', ROBOT_DELAY_MS: '0' });
  browser = await launchMediaBrowser();
  const admin = await signIn(server.url, DIRECTOR.email, DIRECTOR.password, endpoints.users.adminLogin);
  await registerVerified(server.url, admin, traveller);
  director = await signIn(server.url, DIRECTOR.email, DIRECTOR.password);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the online table page at a new round', () => {
  it('takes an East-West player of a Mitchell to the next table, with a notice, and no card of the seat they left', async () => {
    // East at table 1: in a Mitchell, East-West move on each round.
    const key = await startOnlineEvent(director, { seats: [{ email: traveller.email, table: 1, side: 1 }] });

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await useSession(context, server.url, await signIn(server.url, traveller.email, traveller.password));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/play/${key}`);
    await page.getByText(/^Table 1 · Board \d+$/).waitFor();
    const oldHand = await page
      .locator('section[aria-label^="East"] [data-card]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
    expect(oldHand).toHaveLength(13);

    const { round } = await director.call(endpoints.directing.nextRound, { params: { key } });
    expect(round).toBe(2);
    // The page follows the player to the table the movement gives them, and says so.
    const notice = page.getByRole('status').filter({ hasText: /^Round 2: you move to table \d\.$/ });
    await notice.waitFor();
    const movedTo = Number((await notice.textContent())!.match(/table (\d)/)![1]);
    expect(movedTo).not.toBe(1);
    await page.getByText(new RegExp(`^Table ${movedTo} · Board \\d+$`)).waitFor();
    // The address names no table, so a reload finds the player's table as the movement has it now.
    expect(new URL(page.url()).searchParams.get('table')).toBeNull();
    // Their seat at the new table, with a hand of its board, which is not the hand they held at table 1.
    await page.locator('section[aria-label^="East"]').getByText('Erin Traveller').waitFor();
    const newHand = await page
      .locator('section[aria-label^="East"] [data-card]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
    expect(newHand).toHaveLength(13);
    expect(newHand).not.toEqual(oldHand);
    await page.reload();
    await page.getByText(new RegExp(`^Table ${movedTo} · Board \\d+$`)).waitFor();
    // An address from the earlier round (its table) takes the player to their table now.
    await page.goto(`${server.url}/play/${key}?table=1`);
    await page.getByText(new RegExp(`^Table ${movedTo} · Board \\d+$`)).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
