import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@bridge/api';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let releases: string;

beforeAll(async () => {
  releases = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-e2e-releases-'));
  fs.writeFileSync(path.join(releases, 'player-windows-1.4.2.exe'), 'windows player installer');
  fs.writeFileSync(path.join(releases, 'player-android-1.4.2.apk'), 'android player');
  server = await startServer({ RELEASES_DIR: releases });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(releases, { recursive: true, force: true });
});

async function freshPage(): Promise<{ page: Page; errors: string[] }> {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/privacy`);
  await page.evaluate(() => localStorage.clear());
  return { page, errors: watchErrors(page) };
}

describe('contact form against the real server', () => {
  it('shows every validation message without sending, then sends and resets the form', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${server.url}/contactus`);
    await expect.poll(() => page.getByText("We'd Love to Hear from You.").isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send' }).click();
    for (const text of [messages.contactNameRequired, messages.emailRequired, messages.contactTooShort, messages.passwordTooShort]) {
      await expect.poll(() => page.getByText(text).first().isVisible(), { message: text }).toBe(true);
    }
    await page.getByLabel('Name').fill('Meera Nair');
    await page.getByLabel('Email').fill('meera@example.com');
    // A mistyped number is shown at its field, checked by the same rules as the server's, and never sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/tools/send-email')) sent.push(request.url());
    });
    await page.getByLabel('Contact').fill('+999 1234567');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByText(messages.invalidCountryCode).isVisible()).toBe(true);
    expect(await page.getByLabel('Contact').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(sent).toEqual([]);
    await page.getByLabel('Contact').fill('98765 43210');
    await page.getByLabel('Description').fill('We would like to run our club night on the platform.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByText(messages.messageSent).isVisible()).toBe(true);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('download page against the real server', () => {
  it('downloads the newest Windows player, thanks the visitor, and offers Android by QR code', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${server.url}/download`);
    // Prerendered: the tiles are there (and link to the installers) before the app starts.
    await expect.poll(() => page.getByText(messages.windowsRequirement).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(messages.androidRequirement).isVisible()).toBe(true);
    await page.mouse.move(5, 5);
    await page.getByText('Version 1.4.2').first().waitFor();
    // In the prerendered page already; once the app runs it encodes the address the page was opened at.
    await expect
      .poll(() => page.getByRole('img', { name: /QR code/ }).getAttribute('data-value'))
      .toBe(`${server.url}/api/v1/apps/download?platform=android&file=apk`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download for Windows/ }).click();
    expect((await download).suggestedFilename()).toBe('player-windows-1.4.2.exe');
    await expect.poll(() => page.getByText(/Thank you for downloading/).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the math app as not available when it has no release', async () => {
    const { page } = await freshPage();
    await page.goto(`${server.url}/download?app=math`);
    // Prerendered (tiles linking to the installers); the app checks the release list once it starts.
    await page.mouse.move(5, 5);
    await expect.poll(() => page.getByText(messages.releaseMissing).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Download for Windows/ }).count()).toBe(0);
    await page.close();
  });
});

describe('analytics consent', () => {
  const pageViews = (page: Page) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/analytics/pageview')) sent.push(request.postData() ?? '');
    });
    return sent;
  };

  it('sends no page views after Reject All', async () => {
    const { page } = await freshPage();
    const sent = pageViews(page);
    await page.goto(`${server.url}/`);
    await page.mouse.move(20, 20); // the home page starts its app on the first sign of use
    await page.getByRole('button', { name: 'Reject All' }).click();
    await page.getByRole('link', { name: 'About Us' }).first().click();
    await page.waitForURL((url) => url.pathname === '/aboutus');
    await page.waitForLoadState('networkidle');
    expect(sent).toEqual([]);
    await page.close();
  });

  it('sends page views after Accept All, and the server takes them', async () => {
    const { page } = await freshPage();
    const sent = pageViews(page);
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/analytics/pageview')) answers.push(response.status());
    });
    await page.goto(`${server.url}/`);
    await page.mouse.move(20, 20);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('link', { name: 'About Us' }).first().click();
    await page.waitForURL((url) => url.pathname === '/aboutus');
    // One for the page where Accept All was clicked, one for /aboutus. (Chromium does not show a beacon's body
    // to the test; the web unit tests check what is sent.)
    await expect.poll(() => answers.length).toBe(2);
    expect(sent).toHaveLength(2);
    expect(answers).toEqual([204, 204]);
    await page.close();
  });
});
