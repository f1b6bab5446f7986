import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@bridge/api';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

const ADMIN = { email: 'director@bridge.test', password: 'admin password 1' };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A fresh page, signed out: the pages of one browser share cookies, so each journey starts clean. */
async function newPage(): Promise<{ page: Page; errors: string[] }> {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  return { page, errors: watchErrors(page) };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function logIn(page: Page, email: string, password: string, at = '/login') {
  await page.goto(server.url + at);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('account journey in Chromium', () => {
  it('register -> verification mail over SMTP -> open link -> log in -> console -> log out', async () => {
    const { page, errors } = await newPage();
    const email = `ann.${Date.now()}@example.com`;
    const password = 'grand slam 7NT';

    await page.goto(`${server.url}/register`);
    await page.getByLabel('Full Name').fill('Ann Example');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    const mailArrives = smtp.waitFor(email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/verify-email');
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);

    const mail = await mailArrives;
    const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=[\w-]+/)?.[0];
    expect(link, 'the mail holds a verification link to this server').toBeDefined();
    await page.goto(link!);
    await expect.poll(() => page.getByText(messages.emailVerified).isVisible()).toBe(true);

    await logIn(page, email, password);
    await page.waitForURL((url) => url.pathname.startsWith('/console'));
    await expect.poll(() => page.getByText('Ann Example').first().isVisible()).toBe(true);

    // Signed in, the sign-in pages lead back to the console.
    await page.goto(`${server.url}/login`);
    await page.waitForURL((url) => url.pathname.startsWith('/console/'));
    const logOut = page.getByRole('navigation', { name: 'Console navigation' }).getByRole('link', { name: 'Log Out' });
    await expect.poll(() => logOut.isVisible()).toBe(true);
    const consolePath = new URL(page.url()).pathname;

    // Log Out asks over the page the user is on, and Cancel leaves them there.
    await logOut.click();
    const asked = page.getByRole('dialog', { name: messages.logoutTitle });
    await expect.poll(() => asked.getByText(messages.confirmContinue).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(consolePath);
    expect(await page.getByText('Ann Example').first().isVisible()).toBe(true);
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => asked.isVisible()).toBe(false);

    await page.goto(`${server.url}/logout`);
    const dialog = page.getByRole('dialog', { name: messages.logoutTitle });
    await expect.poll(() => dialog.getByText(messages.confirmContinue).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // Signed out now: the console sends us back to the login page.
    await page.goto(`${server.url}/console`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the wrong-credentials text for a bad password', async () => {
    const { page, errors } = await newPage();
    await logIn(page, 'nobody@example.com', 'not the password');
    await expect.poll(() => page.getByText(messages.wrongCredentials).isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an admin signs in at /admin/login and reaches the admin console', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/admin/login`);
    await expect.poll(() => page.getByText('Log into your Admin account to continue').isVisible()).toBe(true);
    await logIn(page, ADMIN.email, ADMIN.password, '/admin/login');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/console'));
    await expect.poll(() => page.getByRole('heading', { name: 'App Downloads' }).isVisible()).toBe(true);
    // Signed in, the admin's way back in goes straight to the console, not to the form again.
    for (const path of ['/admin', '/admin/login']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL((url) => url.pathname.startsWith('/admin/console'));
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a player is refused at the admin login and stays signed out of the admin console', async () => {
    const { page, errors } = await newPage();
    const email = `bob.${Date.now()}@example.com`;
    // Register and verify through the API, as the web app does, to get a verified player.
    const register = await page.request.post(`${server.url}/api/v1/user/register`, {
      data: { email, password: 'player password', names: 'Bob Player' },
    });
    expect(register.ok()).toBe(true);
    const mail = await smtp.waitFor(email);
    const token = mail.text.match(/verify-email\?token=([\w-]+)/)![1];
    expect((await page.request.post(`${server.url}/api/v1/user/verify/confirm`, { data: { token } })).ok()).toBe(true);

    await logIn(page, email, 'player password', '/admin/login');
    await expect.poll(() => page.getByText(messages.adminOnly).isVisible()).toBe(true);
    await page.goto(`${server.url}/admin/console`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('forgot password -> reset mail -> new password -> the old one stops working', async () => {
    const { page, errors } = await newPage();
    const email = `cara.${Date.now()}@example.com`;
    const register = await page.request.post(`${server.url}/api/v1/user/register`, { data: { email, password: 'first password', names: 'Cara' } });
    expect(register.ok()).toBe(true);
    await smtp.waitFor(email); // the verification mail

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    const mailArrives = smtp.waitFor(email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByText(messages.passwordResetSent(email)).isVisible()).toBe(true);

    const link = (await mailArrives).text.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link, 'the mail holds a reset link to this server').toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New Password').fill('second password');
    await page.getByLabel('Confirm Password').fill('second password');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect.poll(() => page.getByText(messages.passwordResetDone).isVisible()).toBe(true);

    await logIn(page, email, 'first password');
    await expect.poll(() => page.getByText(messages.wrongCredentials).isVisible()).toBe(true);
    await logIn(page, email, 'second password');
    // Following the reset link proved the address, so the account is verified and goes to the console.
    await page.waitForURL((url) => url.pathname.startsWith('/console'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.getByText(messages.notFoundTitle).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(messages.notFoundText).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await page.close();
  });
});
