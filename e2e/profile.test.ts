import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createClient, endpoints, messages } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

const PROFILE = '/console/profile';
const PIN_INVALID = 'Please enter a valid 6-digit PIN code';
const BFI_INVALID = 'Please enter a valid BFI or BBO number';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let nextAddress = 1;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Behind a trusted proxy, so each registration can come from its own address (registration is rate limited).
  server = await startServer({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Registers and verifies a player through the API, as the web app does. */
async function verifiedPlayer(name: string): Promise<{ email: string; password: string }> {
  const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
  const password = 'grand slam 7NT';
  const mailArrives = smtp.waitFor(email);
  await createClient({ baseUrl: server.url, headers: { 'x-forwarded-for': `198.51.100.${nextAddress++}` } }).call(endpoints.users.register, {
    body: { email, password, names: name },
  });
  const token = (await mailArrives).text.match(/verify-email\?token=([\w-]+)/)![1];
  await createClient({ baseUrl: server.url }).call(endpoints.users.confirmVerification, { body: { token: token! } });
  return { email, password };
}

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  return { page, errors: watchErrors(page) };
}

/** Errors other than the 400 answers the journeys ask for on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function openProfile(page: Page, account: { email: string; password: string }) {
  await logIn(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname.startsWith('/console'));
  await page.goto(server.url + PROFILE);
  await page.getByRole('heading', { name: 'Account information' }).waitFor();
}

const row = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });

/** Opens a row's dialog, types the value and presses Finish; answers the dialog. */
async function submit(page: Page, label: string, field: string, value: string) {
  const dialog = page.getByRole('dialog', { name: label });
  if (!(await dialog.isVisible())) await row(page, label).click();
  await dialog.getByLabel(field).fill(value);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  return dialog;
}

async function expectError(page: Page, label: string, field: string, value: string, text: string) {
  const dialog = await submit(page, label, field, value);
  await expect.poll(() => dialog.getByText(text, { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
}

async function expectSaved(page: Page, label: string, field: string, value: string, shown: string) {
  const dialog = await submit(page, label, field, value);
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByText(messages.profileUpdated).first().isVisible()).toBe(true);
  await expect.poll(() => row(page, label).textContent()).toContain(shown);
}

describe('profile in Chromium', () => {
  it('edits each field, showing every validation message first', async () => {
    const { page, errors } = await newPage();
    const account = await verifiedPlayer('Priya');
    await openProfile(page, account);
    for (const label of ['Full Name', 'BFI or BBO number', 'Contact', 'City', 'Postal Index Number', 'Email', 'Password']) {
      expect(await row(page, label).isVisible(), label).toBe(true);
    }

    // Keyboard: the row is a button reached with Tab and opened with Enter.
    await row(page, 'Full Name').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Full Name' }).waitFor();
    await expectError(page, 'Full Name', 'Full name', '   ', messages.invalidName);
    await expectSaved(page, 'Full Name', 'Full name', 'Priya Raman', 'Priya Raman');

    await expectError(page, 'BFI or BBO number', 'BFI or BBO number', '', messages.invalidName);
    await expectError(page, 'BFI or BBO number', 'BFI or BBO number', 'not a number!', BFI_INVALID);
    await expectSaved(page, 'BFI or BBO number', 'BFI or BBO number', 'BFI-12345', 'BFI-12345');

    await row(page, 'Contact').click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog', { name: 'Contact' })
          .getByText(/Only Indian contact numbers/)
          .isVisible(),
      )
      .toBe(true);
    await expectError(page, 'Contact', 'Contact number', '', messages.invalidName);
    await expectError(page, 'Contact', 'Contact number', '98', messages.contactTooShort);
    await expectError(page, 'Contact', 'Contact number', '+1 415 555 2671', messages.invalidCountryCode);
    await expectError(page, 'Contact', 'Contact number', '+91 55555 55555', messages.checkContact);
    await expectSaved(page, 'Contact', 'Contact number', '98765 43210', '+919876543210');

    await expectError(page, 'City', 'City', '', messages.invalidName);
    await expectSaved(page, 'City', 'City', 'Pune', 'Pune');

    await expectError(page, 'Postal Index Number', 'Postal Index Number (PIN code)', '', messages.invalidName);
    await expectError(page, 'Postal Index Number', 'Postal Index Number (PIN code)', '41100', PIN_INVALID);
    await expectSaved(page, 'Postal Index Number', 'Postal Index Number (PIN code)', '411001', '411001');

    // The changes are the server's: they are there after a reload.
    await page.reload();
    await expect.poll(() => row(page, 'City').textContent()).toContain('Pune');
    expect(await row(page, 'Full Name').textContent()).toContain('Priya Raman');

    // Readable on a phone, and no serious accessibility faults with a dialog open.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row(page, 'Contact').click();
    await page.getByRole('dialog', { name: 'Contact' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  }, 240_000);

  it('changing the email needs the current password, asks for the new address to be verified, then signs in with it', async () => {
    const { page, errors } = await newPage();
    const account = await verifiedPlayer('Ravi');
    await openProfile(page, account);
    await row(page, 'Email').click();
    const dialog = page.getByRole('dialog', { name: 'Email' });
    await expect.poll(() => dialog.getByText(/verify the new address again/).isVisible()).toBe(true);
    await dialog.getByLabel('Current password').fill('not my password');
    await expectError(page, 'Email', 'New email address', 'not-an-email', messages.invalidEmail);
    const newEmail = `ravi.new.${Date.now()}@example.com`;
    // A wrong current password is refused; the dialog stays open and the address stays the old one.
    await expectError(page, 'Email', 'New email address', newEmail, messages.currentPasswordWrong);
    expect(await row(page, 'Email').textContent()).toContain(account.email);
    await dialog.getByLabel('Current password').fill(account.password);
    const mailArrives = smtp.waitFor(newEmail);
    await submit(page, 'Email', 'New email address', newEmail);
    await page.waitForURL((url) => url.pathname === '/verify-email');
    const link = (await mailArrives).text.match(/http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=[\w-]+/)?.[0];
    expect(link, 'the mail to the new address holds a verification link').toBeDefined();
    await page.goto(link!);
    await expect.poll(() => page.getByText(messages.emailVerified).isVisible()).toBe(true);

    await browser.context.clearCookies();
    await openProfile(page, { email: newEmail, password: account.password });
    expect(await row(page, 'Email').textContent()).toContain(newEmail);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  }, 240_000);

  it('changing the password needs the current one; the old one stops working', async () => {
    const { page, errors } = await newPage();
    const account = await verifiedPlayer('Meera');
    await openProfile(page, account);
    await row(page, 'Password').click();
    const dialog = page.getByRole('dialog', { name: 'Password' });
    await dialog.getByLabel('Current password').fill('not my password');
    await expectError(page, 'Password', 'New password', 'short', messages.passwordTooShort);
    await expectError(page, 'Password', 'New password', 'a brand new password', messages.currentPasswordWrong);
    await dialog.getByLabel('Current password').fill(account.password);
    await submit(page, 'Password', 'New password', 'a brand new password');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByText(messages.profileUpdated).first().isVisible()).toBe(true);

    // This session goes on; a new sign-in with the old password is refused.
    await page.reload();
    await row(page, 'Password').waitFor();
    await browser.context.clearCookies();
    await logIn(page, account.email, account.password);
    await expect.poll(() => page.getByText(messages.wrongCredentials).isVisible()).toBe(true);
    await openProfile(page, { email: account.email, password: 'a brand new password' });
    expect(unexpected(errors).filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.close();
  }, 240_000);

  it('deleting the account asks first and needs the current password, signs out, and the account cannot sign in again', async () => {
    const { page, errors } = await newPage();
    const account = await verifiedPlayer('Kiran');
    await openProfile(page, account);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await expect.poll(() => dialog.getByText(/score, replay and participant data/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A wrong current password is refused and the dialog stays open.
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => dialog.getByText(messages.currentPasswordWrong, { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(PROFILE);

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, account.email, account.password);
    await expect.poll(() => page.getByText(messages.wrongCredentials).isVisible()).toBe(true);
    expect(unexpected(errors).filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.close();
  }, 240_000);
});
