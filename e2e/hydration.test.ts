import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { endpoints, messages } from '@bridge/api';
import { signIn } from './support/api.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The app takes over a prerendered page while the visitor is already using it (boot.ts, docs/decisions/009 and
// 032). Each check runs many times: what goes wrong here is a race, and a single run proves little.
const RUNS = 30;
const ADMIN = { email: 'director@bridge.test', password: 'admin password 1' };

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  // Behind a trusted proxy, so each run can send from its own address (the contact form takes 5 per address).
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page of its own, with fresh storage. */
async function freshPage(width = 390): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.context.browser()!.newContext({ viewport: { width, height: 700 } });
  const page = await context.newPage();
  return { page, errors: watchErrors(page), close: () => context.close() };
}

/** The app has taken the page over (boot.ts marks the document once it has hydrated). */
const appIsLive = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.app === 'live');

describe('the app taking over a prerendered page', () => {
  const pages = ['/', '/landing', '/aboutus', '/player-app', '/organiser-app', '/contactus', '/privacy'];

  it(`keeps the scroll position of a visitor who scrolls at once (${RUNS} runs over ${pages.length} pages)`, async () => {
    for (let run = 0; run < Math.max(RUNS, pages.length); run++) {
      const path = pages[run % pages.length]!;
      const { page, errors, close } = await freshPage();
      await page.goto(server.url + path);
      // The first scroll is also what starts the app.
      await page.mouse.move(100, 300);
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: `${path} run ${run}: scrolled` }).toBe(600);
      await appIsLive(page);
      await page.waitForLoadState('networkidle');
      // Two frames: anything the app does to the scroll position on its first render has happened by now.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => window.scrollY), `${path} run ${run}: position after the app started`).toBe(600);
      expect(errors, `${path} run ${run}`).toEqual([]);
      await close();
    }
  }, 300_000);

  it('keeps the focus and the text of a field the visitor is typing in when the app starts', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto(`${server.url}/contactus`);
    const name = page.getByLabel('Name');
    await name.click(); // starts the app
    await page.keyboard.type('Meera', { delay: 0 });
    await appIsLive(page);
    await page.keyboard.type(' Nair');
    expect(await name.inputValue()).toBe('Meera Nair');
    expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it(`delivers every contact message filled and sent as fast as a script can (${RUNS} runs)`, async () => {
    const names: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { page, errors, close } = await freshPage(run % 2 ? 390 : 1280);
      // Its own address each run: the contact form's limit is per address.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${run + 1}` });
      await page.goto(`${server.url}/contactus`);
      const name = `Fast Sender ${run}`;
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Email').fill(`fast${run}@example.com`);
      await page.getByLabel('Contact').fill('98765 43210');
      await page.getByLabel('Description').fill(`Message number ${run}, sent before the app had started.`);
      await page.getByRole('button', { name: 'Send' }).click();
      await page
        .getByText(messages.messageSent)
        .waitFor({ timeout: 20_000 })
        .catch(() => {
          throw new Error(`run ${run}: the message was not sent (${names.length} sent before)`);
        });
      expect(await page.getByLabel('Name').inputValue(), `run ${run}: the form is reset`).toBe('');
      expect(errors, `run ${run}`).toEqual([]);
      names.push(name);
      await close();
    }
    // Every message reached the server (read back through the admin API).
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password, endpoints.users.adminLogin);
    const list = await admin.call(endpoints.contact.adminList, { query: { query: 'Fast Sender', limit: 100 } });
    const stored = list.data.map((message) => message.name);
    expect(stored.sort()).toEqual([...names].sort());
  }, 300_000);
});
