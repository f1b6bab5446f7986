import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { mitchell, writeMovementTable } from '@bridge/engine';
import { endpoints, type LiveView } from '@bridge/api';
import { registerVerified, signIn, useSession, type ApiSession } from './support/api.ts';
import { launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

// A club night run from the browser: the director makes a 3-table Mitchell in the wizard (an uploaded movement of one
// board a round), enters the pairs, starts; three phones at 390 px open their tables with the codes and enter and
// confirm every board; one phone is offline for a round and catches up; the director corrects a result and
// completes; the player with an account gets the results by email.

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const PLAYER = { email: 'pia@bridge.test', password: 'player password 1', names: 'Pia Player' };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchMediaBrowser>>;
let director: ApiSession;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAIL: DIRECTOR.email, ADMIN_PASSWORD: DIRECTOR.password, TRUST_PROXY: 'true' });
  browser = await launchMediaBrowser();
  const admin = await signIn(server.url, DIRECTOR.email, DIRECTOR.password, endpoints.users.adminLogin);
  await registerVerified(server.url, admin, PLAYER);
  // Registration sent its verification mail: taken here, so the next mail to the player is the results'.
  await smtp.waitFor(PLAYER.email);
  // Pia has not played for this director: she lets directors find her (profile), so the search offers her.
  const pia = await signIn(server.url, PLAYER.email, PLAYER.password);
  await pia.call(endpoints.users.update, { body: { type: 'findable', value: 'true' } });
  director = await signIn(server.url, DIRECTOR.email, DIRECTOR.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** North enters a board on the phone (3NT by North, `tricks` taken) and East-West confirm it there. */
async function enterAndConfirm(phone: Page, tricksLabel: string) {
  await phone.getByRole('button', { name: 'Enter' }).first().click();
  await phone.getByRole('button', { name: 'North', exact: true }).click();
  await phone.getByRole('button', { name: '3', exact: true }).click();
  await phone.getByRole('button', { name: 'No trumps', exact: true }).click();
  await phone.getByRole('button', { name: tricksLabel, exact: true }).click();
  await phone.getByRole('button', { name: 'Send to East-West' }).click();
  await phone.getByRole('button', { name: 'Confirm', exact: true }).click();
  await phone.getByRole('button', { name: 'Back to the boards' }).click();
}

const liveView = (key: string): Promise<LiveView> => director.call(endpoints.directing.live, { params: { key } });

describe('a club session from the wizard to the emailed results', () => {
  it('is made, entered at three phones (one offline for a round), corrected by the director and completed', async () => {
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await useSession(desk, server.url, director);
    const page = await desk.newPage();
    const errors = watchErrors(page);

    // The wizard: name, then 6 pairs with an uploaded 3-table Mitchell of one board a round, then the defaults.
    await page.goto(`${server.url}/console/direct`);
    await page
      .getByRole('link', { name: 'New event' })
      .or(page.getByRole('button', { name: 'New event' }))
      .first()
      .click();
    await page.getByLabel('Event name').fill('Thursday Club Pairs');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Number of pairs').fill('6');
    await page.getByText('Upload a movement').click();
    await page.getByLabel('Movement table').fill(writeMovementTable(mitchell(3), 'csv'));
    await page.getByLabel('Boards a round').fill('1');
    await page.getByRole('button', { name: 'Check the movement' }).click();
    await page
      .getByText(/3 rounds/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: /^Create/ }).click();
    await page.waitForURL(/\/console\/direct\/[a-z0-9]+\/entries$/);
    const key = /\/direct\/([a-z0-9]+)\/entries/.exec(page.url())![1]!;

    // Entries: Pia Player from the accounts for NS1, guests for the rest; then the start.
    const player = (pair: string, n: number) => page.getByRole('textbox', { name: `Pair ${pair}, player ${n}`, exact: true });
    await player('NS1', 1).fill('Pia');
    await page.getByRole('option', { name: /Pia Player/ }).click();
    await player('NS1', 2).fill('Gus Guest');
    for (const pair of ['NS2', 'NS3', 'EW1', 'EW2', 'EW3']) for (const n of [1, 2]) await player(pair, n).fill(`${pair} Guest ${n}`);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('6 of 6 pairs entered').waitFor();
    await page.getByRole('button', { name: 'Start the session' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
    await page.waitForURL(new RegExp(`/console/direct/${key}$`));
    await page.getByText('Round 1 of 3').waitFor();

    // Three phones hold a table each, opened with its code.
    const codes = await director.call(endpoints.tables.codes, { params: { key } });
    const phones: { context: BrowserContext; page: Page }[] = [];
    for (const { url, code } of codes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const phone = await context.newPage();
      await phone.goto(url);
      await phone.getByLabel('Table code').fill(code);
      await phone.getByRole('button', { name: 'Open the table' }).click();
      await phone.getByText('Round 1 of 3').waitFor();
      phones.push({ context, page: phone });
    }

    for (let round = 1; round <= 3; round++) {
      // In round 2 the third phone has no network: its entry waits on the phone and goes when it is back.
      const offline = round === 2 ? phones[2]! : undefined;
      for (const [index, phone] of phones.entries()) {
        // The round moves on through the table's stream.
        await phone.page.getByText(`Round ${round} of 3`).waitFor();
        if (phone === offline) {
          await phone.context.setOffline(true);
          await phone.page.getByRole('button', { name: 'Enter' }).first().click();
          await phone.page.getByRole('button', { name: 'North', exact: true }).click();
          await phone.page.getByRole('button', { name: '3', exact: true }).click();
          await phone.page.getByRole('button', { name: 'No trumps', exact: true }).click();
          await phone.page.getByRole('button', { name: 'Just made', exact: true }).click();
          await phone.page.getByRole('button', { name: 'Send to East-West' }).click();
          await phone.page
            .getByText(/Waiting to send/)
            .first()
            .waitFor();
          await phone.context.setOffline(false);
          await phone.page.evaluate(() => window.dispatchEvent(new Event('online')));
          await phone.page
            .getByRole('button', { name: /^Confirm board/ })
            .first()
            .click();
          await phone.page.getByRole('button', { name: 'Confirm', exact: true }).click();
          await phone.page.getByRole('button', { name: 'Back to the boards' }).click();
        } else {
          await enterAndConfirm(phone.page, index === 0 ? '1 overtrick' : 'Just made');
        }
        await phone.page.getByText(`Round ${round} is over`).waitFor();
      }
      // Every board of the round shows confirmed on the director's grid, pushed there by the stream.
      await expect
        .poll(async () => (await liveView(key)).grid.filter((c) => c.round === round).flatMap((c) => c.boards.map((b) => b.status)), {
          timeout: 15_000,
        })
        .toEqual(['confirmed', 'confirmed', 'confirmed']);
      await expect
        .poll(() => page.getByRole('button', { name: new RegExp(`^Board \\d+, confirmed, .*, table \\d, round ${round}$`) }).count(), {
          timeout: 15_000,
        })
        .toBe(3);
      if (round < 3) {
        await page.getByRole('button', { name: 'Next round' }).first().click();
        await page.getByRole('dialog').getByRole('button', { name: 'Next round' }).click();
        await page.getByText(`Round ${round + 1} of 3`).waitFor();
      }
    }
    // The offline phone's entry went exactly once.
    const round2 = (await liveView(key)).grid.find((c) => c.round === 2 && c.table === 3)!;
    expect(round2.boards[0]).toMatchObject({ status: 'confirmed', nsScore: 400 });

    // The director corrects table 2's board of round 1: 4 spades by North, made.
    const cell = (await liveView(key)).grid.find((c) => c.round === 1 && c.table === 2)!;
    const board = cell.boards[0]!.board;
    await page.getByRole('button', { name: new RegExp(`^Board ${board}, confirmed, .*, table 2, round 1$`) }).click();
    const dialog = page.getByRole('dialog');
    // The segmented controls' radios sit under their labels: chosen as a click on the radio itself.
    const choose = (name: string | RegExp) =>
      dialog.getByRole('radio', { name, exact: typeof name === 'string' }).evaluate((radio: HTMLInputElement) => radio.click());
    await choose(/North/);
    await choose('4');
    await choose(/spades/);
    await dialog.getByLabel('Tricks').fill('=');
    await dialog.getByRole('button', { name: /^Save/ }).click();
    await expect
      .poll(async () => (await liveView(key)).grid.find((c) => c.round === 1 && c.table === 2)!.boards[0]!.contract, { timeout: 15_000 })
      .toBe('4S N');

    // Complete: the results are public and Pia gets her place, percentage and a link to her pair.
    const mail = smtp.waitFor(PLAYER.email);
    await page.getByRole('button', { name: 'Complete' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete and publish' }).click();
    const received = await mail;
    expect(received.text).toContain('Thursday Club Pairs');
    expect(received.text).toMatch(/You came \d+(st|nd|rd|th|=) of 3, with \d+\.\d\d%/);
    expect(received.text).toContain(`${server.url}/results/${key}?pair=NS1`);
    const results = await (await fetch(`${server.url}/api/v1/tournaments/${key}/results`)).json();
    expect(results.result.status).toBe('complete');
    expect(results.result.pairs.find((p: { key: string }) => p.key === 'NS1').names).toEqual(['Pia Player', 'Gus Guest']);
    expect(errors).toEqual([]);
    for (const phone of phones) await phone.context.close();
    await desk.close();
  });
});
