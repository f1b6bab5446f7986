import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, publicPagePaths } from '@bridge/api';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  server = await startServer({});
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('prerendered public pages', () => {
  it('reads every public page with JavaScript turned off, and answers an unknown path with 404', async () => {
    const context = await browser.context.browser()!.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of publicPagePaths) {
      const response = await page.goto(server.url + path);
      expect(response?.status(), path).toBe(200);
      expect((await page.locator('h1').innerText()).trim(), path).not.toBe('');
      expect(await page.title(), path).not.toBe('');
      // Nothing is counted without the app, so there is nothing to ask.
      expect(await page.getByRole('button', { name: 'Accept All' }).isVisible(), path).toBe(false);
      expect(await page.locator('meta[name="description"]').count(), `${path}: one description`).toBe(1);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content'), path).toBeTruthy();
      expect(await page.locator('meta[property="og:description"]').getAttribute('content'), path).toBeTruthy();
      // Links are real links: a visitor can move between pages without the app.
      expect(await page.locator('a[href^="/"]').count(), path).toBeGreaterThan(0);
    }
    // The download page's QR code is in the HTML, not drawn by a script, and each app has its own page.
    await page.goto(`${server.url}/download`);
    const qr = page.getByRole('img', { name: /QR code/ });
    expect(await qr.getAttribute('data-value')).toMatch(/^http:\/\/[^/]+\/api\/v1\/apps\/download\?platform=android&file=apk$/);
    expect((await qr.locator('path').getAttribute('d'))?.length).toBeGreaterThan(500);
    for (const [query, name] of [
      ['organiser', 'Organizer app'],
      ['organizer', 'Organizer app'],
      ['math', 'Math app'],
    ]) {
      expect((await page.goto(`${server.url}/download?app=${query}`))?.status()).toBe(200);
      expect(await page.locator('h1').innerText(), query).toBe(`Get the ${name}`);
      expect(await page.getByRole('link', { name: /Download for Windows/ }).count(), query).toBe(1);
    }
    const missing = await page.goto(`${server.url}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').innerText()).toMatch(/not found/i);
    await context.close();
  });

  it('loads only the boot script on the home page until the visitor does something, then hydrates', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    expect(scripts).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();

    await page.mouse.move(20, 20);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    expect(scripts.length).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the cookie banner as the page loads, before the app, and takes the choice made there', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/privacy`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/aboutus`);
    await page.waitForLoadState('networkidle');
    // On screen from the start: a banner that appeared only when the app took over would take a press meant for
    // whatever it slid over.
    expect(await page.getByRole('button', { name: 'Accept All' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await page.getByRole('button', { name: 'Reject All' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Accept All' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('bridge.cookieConsent'))).toBe('rejected');
    // Asked once: the next page keeps it hidden before and after the app starts.
    await page.goto(`${server.url}/privacy`);
    expect(await page.getByRole('button', { name: 'Accept All' }).isVisible()).toBe(false);
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    expect(await page.getByRole('button', { name: 'Accept All' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('replays a button press made before the app was ready', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${server.url}/aboutus`);
    await page.waitForLoadState('networkidle');
    // The press itself starts the app; the menu opens once its handlers are attached.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps text typed into a form before the app took the page over', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/contactus`);
    await page.waitForLoadState('networkidle');
    // Fill the fields the way a fast typist (or the browser's autofill) does before the app has started: the
    // values change without the events that would start it.
    await page.evaluate(() => {
      const values: Record<string, string> = {
        Name: 'Meera Nair',
        Email: 'meera@example.com',
        Contact: '98765 43210',
        Description: 'Typed before the app started.',
      };
      for (const label of Array.from(document.querySelectorAll('label'))) {
        const field = document.getElementById(label.htmlFor) as HTMLInputElement | HTMLTextAreaElement | null;
        const value = values[label.textContent.replace('*', '').trim()];
        if (field && value) Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
      }
    });
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined(); // the app has not started
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(messages.messageSent).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates the organiser app download page from its own prerendered HTML', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/download?app=organiser`);
    expect(await page.locator('h1').innerText()).toBe('Get the Organizer app');
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('h1').innerText()).toBe('Get the Organizer app');
    await page.locator('main a[href="/download?app=player"]').click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Get the Player app');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates a page that needs the app at once, keeping the prerendered title and markup', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/tournaments`);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    expect(await page.title()).toMatch(/^Tournaments/);
    expect(await page.locator('title').count()).toBe(1);
    // Navigating inside the app replaces the title instead of leaving the prerendered one behind.
    await page.getByRole('link', { name: 'About Us' }).first().click();
    await page.waitForURL((url) => url.pathname === '/aboutus');
    await expect.poll(() => page.title()).toMatch(/^About Us/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
