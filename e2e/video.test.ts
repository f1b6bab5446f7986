import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import pg from 'pg';
import { endpoints, messages, SEAT_NAMES } from '@bridge/api';
import { seriousViolations } from './support/axe.ts';
import { createEvent, registerVerified, signIn, useSession, type Account, type ApiSession } from './support/api.ts';
import { chromiumArgs, launchMediaBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Table video chat in Chromium with fake camera and microphone: every peer connection runs over 127.0.0.1
// (the server offers no STUN or TURN address, so the pages use host candidates only).

const ADMIN = { email: 'director@bridge.test', password: 'admin password 1' };
const PASSWORD = 'video password 1';
// A bound on each wait, not a measurement: a loaded machine may take a while to connect four pages.
const WAIT = { timeout: 120_000, interval: 100 };
// Four pages encoding and decoding video on a shared machine: the call tests get longer than the usual bound.
const CALL_TEST_TIMEOUT = 420_000;
const CALL_TEST_OPTIONS = { timeout: CALL_TEST_TIMEOUT };
const texts = {
  alreadyJoined: 'You are already joined to chat',
  unknownTable: 'You have selected an unknown table, please hang up and try again?',
  selectTable: 'Please select a table',
};

interface Player extends Account {
  seat: (typeof SEAT_NAMES)[number];
  context: BrowserContext;
}

const accountsOf = (tag: string) =>
  SEAT_NAMES.map((seat) => ({ seat, email: `${seat.toLowerCase()}.${tag}@example.com`, password: PASSWORD, names: `${seat} Player ${tag}` }));

/** Registers four players and an outsider, seats the players at table 1 of a new three-table event. */
async function setUpEvent(url: string, tag: string) {
  const admin = await signIn(url, ADMIN.email, ADMIN.password, endpoints.users.adminLogin);
  const organiser = await signIn(url, ADMIN.email, ADMIN.password);
  const players = accountsOf(tag);
  const outsider: Account = { email: `outsider.${tag}@example.com`, password: PASSWORD, names: `Outsider ${tag}` };
  for (const account of [...players, outsider]) await registerVerified(url, admin, account);
  const key = await createEvent(organiser, {
    tables: 3,
    typeName: 'Friday Teams Video',
    seats: players.map((p, side) => ({ email: p.email, table: 1, side })),
  });
  return { key, players, outsider };
}

async function contextFor(browser: Browser, url: string, account: Account): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const session: ApiSession = await signIn(url, account.email, account.password);
  await useSession(context, url, session);
  return context;
}

/** On the join page: pick the table from the searchable list and join. */
async function joinTable(page: Page, url: string, key: string, table: string) {
  await page.goto(`${url}/video?key=${key}`);
  const field = page.getByRole('textbox', { name: 'Table' });
  await field.click();
  await field.fill(table);
  await page.getByRole('option', { name: table, exact: true }).click();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.waitForURL((address) => address.pathname === '/video/chat');
}

/** How many remote videos on the page have shown at least one frame (a decoded frame gives them a size). */
const remoteVideosPlaying = (page: Page) =>
  page.evaluate(
    () => Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-remote]')).filter((v) => v.videoWidth > 0 && v.readyState >= 2).length,
  );
const remoteVideos = (page: Page) => page.locator('video[data-remote]').count();
/** The widest remote video's frame width, in pixels. */
const widestRemoteVideo = (page: Page) =>
  page.evaluate(() => Math.max(...Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-remote]')).map((v) => v.videoWidth)));
const tileLabels = (page: Page) =>
  page.locator('section[aria-label="Participants"] figure').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('aria-label')));

/** Each page's remote videos (tile, frame width, ready state, track state), for the message of a failed check. */
const describeVideos = (pages: Page[]) =>
  Promise.all(
    pages.map((page, i) =>
      page
        .evaluate(() =>
          Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-remote]')).map((v) => {
            const track = (v.srcObject as MediaStream | null)?.getVideoTracks()[0];
            return `${v.closest('figure')?.getAttribute('aria-label')}: ${v.videoWidth}px, ready ${v.readyState}, track ${track ? `${track.readyState}${track.muted ? ' muted' : ''}` : 'none'}`;
          }),
        )
        .then(async (videos) => {
          // Every peer connection the page made (see watchPeerConnections), closed ones too.
          const links = await page.evaluate(() =>
            ((window as unknown as { peerConnections?: RTCPeerConnection[] }).peerConnections ?? []).map(
              (pc) =>
                `${pc.signalingState}/${pc.connectionState} [${pc
                  .getTransceivers()
                  .map((t) => `${t.mid}:${t.receiver.track.kind}:${t.direction}/${t.currentDirection}:${t.sender.track ? 'sending' : 'no track'}`)
                  .join(' ')}]`,
            ),
          );
          const logs = await page.evaluate(() =>
            ((window as unknown as { peerConnections?: (RTCPeerConnection & { log?: string[] })[] }).peerConnections ?? []).map((pc) =>
              (pc.log ?? []).join(' | '),
            ),
          );
          return `page ${i}: ${videos.join('; ') || 'no remote video'}\n  links: ${links.join('\n         ')}\n  logs:\n${logs.map((l) => `    ${l}`).join('\n')}`;
        })
        .catch((error: unknown) => `page ${i}: ${String(error)}`),
    ),
  ).then((lines) => lines.join('\n'));

/**
 * Keeps each RTCPeerConnection the page makes in `window.peerConnections`, with a log of what happened to it
 * (descriptions set, with their ICE username fragment; candidates gathered and added; state changes), for
 * describeVideos.
 */
const watchPeerConnections = (page: Page) =>
  page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = made;
    const started = performance.now();
    const ufrag = (sdp?: string) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1] ?? '-';
    window.RTCPeerConnection = class extends Native {
      log: string[] = [];
      note(text: string) {
        this.log.push(`${Math.round(performance.now() - started)} ${text}`);
      }
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
        this.addEventListener('signalingstatechange', () => this.note(`signaling ${this.signalingState}`));
        this.addEventListener('connectionstatechange', () => this.note(`connection ${this.connectionState}`));
        this.addEventListener('negotiationneeded', () => this.note('negotiationneeded'));
        this.addEventListener('icecandidate', ({ candidate }) => this.note(`gathered ${candidate ? candidate.usernameFragment : 'end'}`));
      }
      override async setLocalDescription(description?: RTCLocalSessionDescriptionInit) {
        this.note(`setLocal ${description?.type ?? 'implicit'}`);
        try {
          await super.setLocalDescription(description);
          this.note(`setLocal done ${this.localDescription?.type} ${ufrag(this.localDescription?.sdp)}`);
        } catch (error) {
          this.note(`setLocal failed ${String(error)}`);
          throw error;
        }
      }
      override async setRemoteDescription(description: RTCSessionDescriptionInit) {
        this.note(`setRemote ${description.type} ${ufrag(description.sdp)}`);
        try {
          await super.setRemoteDescription(description);
          this.note('setRemote done');
        } catch (error) {
          this.note(`setRemote failed ${String(error)}`);
          throw error;
        }
      }
      override async addIceCandidate(candidate?: RTCIceCandidateInit | null) {
        try {
          await super.addIceCandidate(candidate ?? undefined);
          this.note(`added ${candidate?.usernameFragment ?? '-'}`);
        } catch (error) {
          this.note(`add failed ${candidate?.usernameFragment ?? '-'} ${String(error)}`);
          throw error;
        }
      }
    };
  });

/** The most offers any one of the page's peer connections has made (see watchPeerConnections). */
const mostOffersOnOneConnection = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...((window as unknown as { peerConnections?: (RTCPeerConnection & { log?: string[] })[] }).peerConnections ?? []).map(
        (pc) => (pc.log ?? []).filter((entry) => entry.includes('setLocal done offer')).length,
      ),
    ),
  );

/** The four players join table 1 and each sees the three others' video. */
async function fourPlayerCall(pages: Page[], urls: string[], key: string) {
  // The pages' warnings (a failed negotiation step is one), for the message of a failed check.
  const warnings: string[] = [];
  pages.forEach((page, i) =>
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(`page ${i} ${message.type()}: ${message.text()}`);
    }),
  );
  await Promise.all(pages.map(watchPeerConnections));
  // Every signalling message each page sent and received (type, peers, ICE username fragment), for the same.
  const started = Date.now();
  const frames: string[][] = pages.map(() => []);
  const summary = (payload: string | Buffer) => {
    try {
      const { type, body } = JSON.parse(String(payload)) as { type: string; body?: Record<string, unknown> };
      const sdp = (body?.sdp as { sdp?: string } | undefined)?.sdp;
      const candidate = body?.candidate as { usernameFragment?: string } | undefined;
      const peer = body?.peer as { peerId?: string; seat?: string } | undefined;
      const peers = [body?.from, body?.targetPeer, peer?.peerId, peer?.seat].filter(Boolean).map((p) => String(p).slice(0, 6));
      return [type, ...peers, sdp ? /a=ice-ufrag:(\S+)/.exec(sdp)?.[1] : candidate?.usernameFragment].filter(Boolean).join(' ');
    } catch {
      return '?';
    }
  };
  pages.forEach((page, i) =>
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => frames[i]!.push(`${Date.now() - started} > ${summary(payload)}`));
      socket.on('framereceived', ({ payload }) => frames[i]!.push(`${Date.now() - started} < ${summary(payload)}`));
    }),
  );
  // All at once, as a table sits down together: joins and offers cross on the way.
  await Promise.all(pages.map((page, i) => joinTable(page, urls[i % urls.length]!, key, 'Table 1')));
  try {
    for (const page of pages) {
      await expect.poll(() => remoteVideos(page), WAIT).toBe(3);
      await expect.poll(() => remoteVideosPlaying(page), WAIT).toBe(3);
    }
    // Each connection offers once, or not at all when it answers: one that asks again after every answer (as
    // Chromium did with lines stopped after a glare) would have made dozens by now.
    for (const page of pages) expect(await mostOffersOnOneConnection(page), 'offers made on one connection').toBeLessThanOrEqual(2);
  } catch (error) {
    const state = `${await describeVideos(pages)}\n${warnings.join('\n') || 'no warnings'}\n${frames.map((f, i) => `page ${i} frames: ${f.join(' | ')}`).join('\n')}`;
    throw new Error(`not every page shows three remote videos:\n${state}`, { cause: error });
  }
}

describe('table video chat on one server', () => {
  let server: RunningServer;
  let browser: Browser;
  let key: string;
  let players: Player[];
  let outsider: BrowserContext;

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' });
    browser = await launchMediaBrowser();
    const event = await setUpEvent(server.url, `one${Date.now()}`);
    key = event.key;
    players = await Promise.all(event.players.map(async (p) => ({ ...p, context: await contextFor(browser, server.url, p) })));
    outsider = await contextFor(browser, server.url, event.outsider);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('greets the player on the join page with their table chosen, and asks someone without one for a table before joining', async () => {
    const page = await players[0]!.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/video?key=${key}`);
    await expect.poll(() => page.getByRole('heading', { name: `Hello, ${players[0]!.names}` }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByText('Friday Teams Video').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByRole('textbox', { name: 'Table' }).inputValue(), WAIT).toBe('Table 1');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousViolations(page), `join page at ${width} px`).toEqual([]);
    }
    await page.close();

    // Nobody seats the outsider: no table is chosen for them.
    const other = await outsider.newPage();
    errors.push(...watchErrors(other));
    await other.goto(`${server.url}/video?key=${key}`);
    await expect.poll(() => other.getByText('Friday Teams Video').isVisible(), WAIT).toBe(true);
    await other.getByRole('button', { name: 'Join', exact: true }).click();
    await expect.poll(() => other.getByText(texts.selectTable).isVisible(), WAIT).toBe(true);
    expect(other.url()).toContain('/video?');
    expect(errors).toEqual([]);
    await other.close();
  });

  it("a seated player reaches their table's video from /video, the console and the results page; alone there, they wait for the others", async () => {
    const south = players[2]!;
    const page = await south.context.newPage();
    onTestFinished(() => page.close());
    const errors = watchErrors(page);
    const joinLink = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByRole('link', { name: "Join the table's video: Friday Teams Video" });

    // Without a key: how to reach a table, and this player's table in play.
    await page.goto(`${server.url}/video`);
    await expect.poll(() => page.getByText(/This page opens on your event's tables/).isVisible(), WAIT).toBe(true);
    expect(await page.getByText(/Player app/).count()).toBe(0);
    await expect.poll(() => joinLink(page).getAttribute('href'), WAIT).toBe(`/video?key=${key}`);

    // The console lists the event in play with where South sits now.
    await page.goto(`${server.url}/console/my-past-events/all-my-past-events`);
    const panel = page.getByRole('region', { name: 'Events in play' });
    await expect.poll(() => panel.getByText(`Table 1, South · key ${key}`).isVisible(), WAIT).toBe(true);
    await joinLink(panel).click();
    await page.waitForURL((address) => address.pathname === '/video' && address.searchParams.get('key') === key);
    await expect.poll(() => page.getByText(`Friday Teams Video · key ${key}`).isVisible(), WAIT).toBe(true);
    // Their table is chosen already: Join goes straight in.
    await expect.poll(() => page.getByRole('textbox', { name: 'Table' }).inputValue(), WAIT).toBe('Table 1');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/video/chat');
    await expect.poll(() => page.getByText(`Friday Teams Video · key ${key}`).isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Waiting for the other players' }).isVisible(), WAIT).toBe(true);
    await page.goto('about:blank');

    // The results page of the event in play (its live results are the organiser's) offers the same way in to a
    // seated player, and not to an outsider.
    await page.goto(`${server.url}/results/${key}`);
    await expect.poll(() => page.getByRole('heading', { name: 'These results are not public yet' }).isVisible(), WAIT).toBe(true);
    const fromResults = page.getByRole('link', { name: "Join the table's video" });
    await expect.poll(() => fromResults.getAttribute('href'), WAIT).toBe(`/video?key=${key}`);
    const stranger = await outsider.newPage();
    onTestFinished(() => stranger.close());
    await stranger.goto(`${server.url}/results/${key}`);
    await expect.poll(() => stranger.getByRole('heading', { name: 'These results are not public yet' }).isVisible(), WAIT).toBe(true);
    expect(await stranger.getByRole('link', { name: "Join the table's video" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('without a camera or microphone, the join and chat pages show one notice, with the switches off and disabled and the meter still', async () => {
    // Chromium without its fake devices finds no camera and no microphone here.
    const plain = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
    onTestFinished(() => plain.close());
    const context = await contextFor(plain, server.url, players[1]!);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/video?key=${key}`);
    const notice = page.getByTestId('media-notice');
    await expect.poll(() => notice.isVisible(), WAIT).toBe(true);
    expect(await notice.textContent()).toMatch(/No camera or microphone.*allow this site to use them/);
    expect(await page.getByRole('alert').count()).toBe(1);
    for (const name of ['Microphone', 'Camera']) {
      const toggle = page.getByRole('switch', { name });
      expect({ name, checked: await toggle.isChecked(), disabled: await toggle.isDisabled() }).toEqual({ name, checked: false, disabled: true });
    }
    expect(
      await page
        .getByTestId('level-meter')
        .locator('div')
        .evaluate((bar) => getComputedStyle(bar).transform),
    ).toBe('matrix(0, 0, 0, 1, 0, 0)');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousViolations(page), `join page without devices at ${width} px`).toEqual([]);
    }

    await expect.poll(() => page.getByRole('textbox', { name: 'Table' }).inputValue(), WAIT).toBe('Table 1');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/video/chat');
    await expect.poll(() => page.getByRole('button', { name: 'No microphone' }).isDisabled(), WAIT).toBe(true);
    expect(await page.getByRole('button', { name: 'No camera' }).isDisabled()).toBe(true);
    await expect.poll(() => notice.isVisible(), WAIT).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The others see them muted, camera off.
    const ownTile = page.getByRole('figure', { name: `${players[1]!.names} (you), East` });
    await expect.poll(() => ownTile.getByRole('img', { name: 'Microphone off' }).isVisible(), WAIT).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Leaving the page hangs up, so the room is empty for the next test.
    await page.goto('about:blank');
    expect(errors).toEqual([]);
  });

  // The four sit down at once, so pairs start their links from both sides at the same moment (see PeerLink); a
  // pair that does not connect prints every page's connections and signalling.
  it('four players of a table see each other in seat order; a hang-up removes that tile from the others', CALL_TEST_OPTIONS, async () => {
    const pages = await Promise.all(players.map((p) => p.context.newPage()));
    // Closed whatever happens: four pages left in a call would slow every test after this one.
    onTestFinished(() => Promise.all(pages.map((page) => page.close())).then(() => undefined));
    const errors = pages.map(watchErrors);
    await fourPlayerCall(pages, [server.url], key);

    // Everyone's tiles: North, East, South, West.
    for (const page of pages) {
      await expect.poll(() => tileLabels(page), WAIT).toEqual(players.map((p) => expect.stringContaining(`, ${p.seat}`)));
    }
    expect(await seriousViolations(pages[0]!), 'chat page').toEqual([]);
    // At a full table everyone sends half the camera's 640x480 (media.ts, videoScaleFor).
    // A change of size reaches the other page with the next frames, so the check waits for them.
    for (const page of pages) await expect.poll(() => widestRemoteVideo(page), WAIT).toBeLessThanOrEqual(320);

    const west = pages[3]!;
    await west.getByRole('button', { name: 'Hang Up' }).click();
    const dialog = west.getByRole('dialog', { name: 'Leave Chat' });
    await expect.poll(() => dialog.getByText(messages.confirmContinue).isVisible(), WAIT).toBe(true);
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await west.waitForURL((address) => address.pathname === '/video/endVideo' && address.searchParams.get('state') === '1');

    for (const page of pages.slice(0, 3)) {
      await expect.poll(() => remoteVideos(page), WAIT).toBe(2);
      expect(await page.locator(`figure[aria-label*="${players[3]!.names}"]`).count()).toBe(0);
    }
    expect(errors.flat()).toEqual([]);
  });

  it(
    "a player's tile is highlighted while they speak, on their own page too, and shows them muted on the other's page when they turn the microphone off",
    async () => {
      // North listens with the microphone off, so East's voice (the fake microphone's beeps) is the only one.
      const [north, east] = [players[0]!, players[1]!];
      const listener = await north.context.newPage();
      const speaker = await east.context.newPage();
      const errors = [listener, speaker].map(watchErrors);
      try {
        // Their own table (a player joins no other); the four-player call has left it.
        await Promise.all([joinTable(listener, server.url, key, 'Table 1'), joinTable(speaker, server.url, key, 'Table 1')]);
        await listener.getByRole('button', { name: 'Turn off microphone' }).click();
        await expect.poll(() => remoteVideosPlaying(listener), WAIT).toBe(1);

        const eastTile = listener.getByRole('figure', { name: `${east.names}, East` });
        const eastOnNorthsPage = async () => ({
          speaking: (await eastTile.getAttribute('data-speaking')) === 'true',
          hint: await eastTile.getAttribute('aria-description'),
          muted: await eastTile.getByRole('img', { name: 'Microphone off' }).isVisible(),
        });
        const speaking = { speaking: true, hint: 'speaking', muted: false };
        await expect.poll(eastOnNorthsPage, WAIT).toEqual(speaking);
        // East's own page measures East's voice from what it sends, and highlights East's own tile too.
        const eastOwnTile = speaker.getByRole('figure', { name: `${east.names} (you), East` });
        await expect.poll(async () => (await eastOwnTile.getAttribute('data-speaking')) === 'true', WAIT).toBe(true);

        // The highlight stays a moment after the voice stops: the poll waits it out.
        await speaker.getByRole('button', { name: 'Turn off microphone' }).click();
        await expect.poll(eastOnNorthsPage, WAIT).toEqual({ speaking: false, hint: null, muted: true });
        await expect.poll(() => eastOwnTile.getAttribute('data-speaking'), WAIT).toBeNull();

        await speaker.getByRole('button', { name: 'Turn on microphone' }).click();
        await expect.poll(eastOnNorthsPage, WAIT).toEqual(speaking);
        expect(errors.flat()).toEqual([]);
      } finally {
        await Promise.all([listener.close(), speaker.close()]);
      }
    },
    CALL_TEST_TIMEOUT,
  );

  it('a second tab of a player already in the chat is told so', async () => {
    const first = await players[1]!.context.newPage();
    await joinTable(first, server.url, key, 'Table 1');
    await expect.poll(() => first.locator('figure[aria-label$=", East"]').count(), WAIT).toBe(1);

    const second = await players[1]!.context.newPage();
    await second.goto(`${server.url}/video/chat?video=true&audio=true&name=Table%201&table=${key}table0`);
    await expect.poll(() => second.getByText(texts.alreadyJoined).isVisible(), WAIT).toBe(true);
    const address = new URL(second.url());
    expect(address.pathname).toBe('/video');
    expect(address.searchParams.get('state')).toBe('2');
    await second.close();
    await first.close();
  });

  it('refuses someone who is not in the event, with a clear message', async () => {
    const page = await outsider.newPage();
    await page.goto(`${server.url}/video/chat?video=true&audio=true&name=Table%201&table=${key}table0`);
    const dialog = page.getByRole('dialog', { name: 'You cannot join this table' });
    await expect.poll(() => dialog.getByText(messages.videoNotInEvent).isVisible(), WAIT).toBe(true);
    await page.close();
  });

  it('refuses a player at a table their pair does not sit at this round, with a clear message', async () => {
    const page = await players[0]!.context.newPage();
    await page.goto(`${server.url}/video/chat?video=true&audio=true&name=Table%203&table=${key}table2`);
    const dialog = page.getByRole('dialog', { name: 'You cannot join this table' });
    await expect.poll(() => dialog.getByText(messages.videoNotAtTable).isVisible(), WAIT).toBe(true);
    await page.close();
  });

  it('an empty table in the address shows the unknown-table dialog', async () => {
    const page = await players[0]!.context.newPage();
    await page.goto(`${server.url}/video/chat?video=true&audio=true&name=Table%201&table=`);
    const dialog = page.getByRole('dialog', { name: 'Unknown table' });
    await expect.poll(() => dialog.getByText(texts.unknownTable).isVisible(), WAIT).toBe(true);
    await dialog.getByRole('button', { name: 'Hang Up' }).click();
    await page.waitForURL((address) => address.pathname === '/video/endVideo');
    await page.close();
  });

  it('sends a signed-out visitor to the login page and back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/video?key=${key}`);
    await page.waitForURL((address) => address.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/video?key=${key}`);
    await context.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;

// Two instances behind one address in production share rooms through Redis; here the players of one table are
// split across two servers on one PostgreSQL database.
describe.runIf(redisUrl)('table video chat across two servers sharing Redis', () => {
  let servers: RunningServer[] = [];
  let browser: Browser;
  let admin: pg.Client | undefined;
  const database = `bridge_e2e_video_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    if (!databaseUrl) return;
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${database}`;
    const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true', REDIS_URL: redisUrl!, DATABASE_URL: url.toString() };
    // One after the other: the first migrates the database and creates the admin.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    browser = await launchMediaBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    if (admin) {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });

  // Tried a second time, with new accounts and a new event: at the end of a full run on 2 cores it has failed about
  // one run in two (a player's join page not offering their table in time) and never when run alone; the cause is
  // not found yet (noted in the open issue), and a second failure still fails the suite.
  it.skipIf(!databaseUrl)(
    'four players split over two instances see each other (needs TEST_DATABASE_URL for a database both share)',
    { ...CALL_TEST_OPTIONS, retry: 1 },
    async () => {
      const [first, second] = servers.map((server) => server.url) as [string, string];
      const event = await setUpEvent(first, `two${Date.now()}`);
      const contexts = await Promise.all(event.players.map((p, i) => contextFor(browser, i % 2 ? second : first, p)));
      onTestFinished(() => Promise.all(contexts.map((context) => context.close())).then(() => undefined));
      const pages = await Promise.all(contexts.map((context) => context.newPage()));
      const errors = pages.map(watchErrors);
      await fourPlayerCall(pages, [first, second], event.key);
      expect(errors.flat()).toEqual([]);
    },
  );
});
