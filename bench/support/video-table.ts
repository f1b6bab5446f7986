// The table of the video benches: players registered, verified and seated at table 1 of a new event, each with a
// browser context signed in as them, and the join page driven as a player drives it. Chromium runs with a fake
// camera and microphone, every peer connection on 127.0.0.1.
import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createClient, endpoints, EventType, SEAT_NAMES, type ApiClient } from '@bridge/api';
import { startBenchServer } from './server.ts';

const ADMIN = { email: 'bench@example.org', password: 'bench password' };
const PASSWORD = 'bench video password';
const WAIT_MS = 60_000;

const VIDEO_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

// Each call from a made-up address (the server trusts X-Forwarded-For here), so the per-address limits on
// registration and login do not trip.
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const clientOf = (url: string) => createClient({ baseUrl: url, headers: () => ({ 'x-forwarded-for': someAddress() }) });

async function signIn(url: string, email: string, password: string): Promise<ApiClient> {
  const session = clientOf(url);
  await session.call(endpoints.users.login, { body: { email, password } });
  return session;
}

/** Registers the players, has the admin verify them, and seats them at table 1 of a new three-table event. */
async function setUpTable(url: string, seated: number) {
  const admin = await signIn(url, ADMIN.email, ADMIN.password);
  const players = SEAT_NAMES.slice(0, seated).map((seat) => ({ email: `${seat.toLowerCase()}.video@example.org`, names: `${seat} Player` }));
  for (const player of players) {
    await clientOf(url).call(endpoints.users.register, { body: { ...player, password: PASSWORD } });
    const found = await admin.call(endpoints.users.adminSearch, { query: { query: player.email } });
    await admin.call(endpoints.users.adminVerify, { query: { key: found.data[0]!.uid } });
  }
  const { key } = await admin.call(endpoints.events.create, {
    body: {
      tables: 3,
      boardsPerRound: 2,
      gameDetails: {
        type: EventType.pair,
        typeName: 'Bench Video',
        players: 12,
        rounds: 3,
        movementType: 'Mitchell',
        scoreType: 'Match Point',
        handgeneratedModeAsString: 'Random',
      },
    },
  });
  await admin.call(endpoints.events.addParticipants, {
    params: { key },
    body: { participants: players.map((p, side) => ({ email: p.email, table: 1, side })) },
  });
  const cookies: string[] = [];
  for (const player of players) cookies.push((await signIn(url, player.email, PASSWORD)).cookie);
  return { key, cookies };
}

async function contextFor(browser: Browser, url: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  return context;
}

export const remotePlaying = (page: Page) =>
  page.evaluate(
    () => Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-remote]')).filter((v) => v.videoWidth > 0 && v.readyState >= 2).length,
  );

export async function waitFor(what: string, condition: () => Promise<boolean>) {
  const end = Date.now() + WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The join page: pick 'Table 2' (the channel of table 1) from the searchable list, and (optionally) click Join. */
export async function openJoin(page: Page, url: string, key: string) {
  await page.goto(`${url}/video?key=${key}`);
  const field = page.getByRole('textbox', { name: 'Table' });
  await field.click();
  await field.fill('Table 2');
  await page.getByRole('option', { name: 'Table 2', exact: true }).click();
  // The preview of the join page is running, as it is when a player reaches for the button.
  await page.locator('video').first().waitFor();
}

/** Each page joins the table's call, one after another, and then every page shows the other pages' video. */
export async function seatInCall(pages: Page[], url: string, key: string) {
  for (const page of pages) {
    await openJoin(page, url, key);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/video/chat');
  }
  for (const page of pages) await waitFor('the seated players to see each other', async () => (await remotePlaying(page)) === pages.length - 1);
}

/**
 * The platform (on a fresh PostgreSQL database), one Chromium, and a signed-in browser context for each of the
 * table's `players`; `close()` takes all of it down.
 */
export async function startVideoTable(players: number) {
  const server = await startBenchServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: VIDEO_FLAGS });
  const contexts: BrowserContext[] = [];
  const close = async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser.close();
    await server.stop();
  };
  try {
    const { key, cookies } = await setUpTable(server.url, players);
    for (const cookie of cookies) contexts.push(await contextFor(browser, server.url, cookie));
    return { url: server.url, key, contexts, close };
  } catch (error) {
    await close();
    throw error;
  }
}
