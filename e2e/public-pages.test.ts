import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPagePaths } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
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

// Every public page, plus the spellings and the 404 page people reach.
const pages = [...publicPagePaths, '/landing', '/organizer-app', '/reset-password', '/verify-email', '/admin/login', '/no-such-page'];

describe('public pages in Chromium', () => {
  it.each(pages)('%s has a title, a main landmark, one h1 and no serious accessibility violations', async (path) => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    // The CSP allows no eval and no inline script: anything that tries is a bug (and costs Lighthouse points).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(server.url + path);
      await page.waitForLoadState('networkidle');
      // As prerendered, then with the app running (content pages start it on the first sign of use).
      expect(await seriousViolations(page), `${path} at ${width} px before the app starts`).toEqual([]);
      await page.mouse.move(5, 5);
      await page.waitForLoadState('networkidle');
      expect(await page.title(), path).not.toBe('');
      expect(await page.locator('main').count(), `${path}: main landmark`).toBeGreaterThanOrEqual(1);
      expect(await page.locator('h1').count(), `${path}: one h1`).toBe(1);
      expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
