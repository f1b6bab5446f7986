import { chromium } from 'playwright-core';
import { endpoints, EventType } from '@bridge/api';
import { registerVerified, signIn, useSession } from './support/api.ts';
import { chromiumArgs } from './support/browser.ts';
import { startServer } from './support/server.ts';

const DIRECTOR = { email: 'director@bridge.test', password: 'admin password 1' };
const erin = { email: 'erin@bridge.test', password: 'player password 1', names: 'Erin Traveller' };
const server = await startServer({ ADMIN_EMAIL: DIRECTOR.email, ADMIN_PASSWORD: DIRECTOR.password, TRUST_PROXY: 'true', ROBOT_DELAY_MS: '300' });
try {
  const admin = await signIn(server.url, DIRECTOR.email, DIRECTOR.password, endpoints.users.adminLogin);
  await registerVerified(server.url, admin, erin);
  const director = await signIn(server.url, DIRECTOR.email, DIRECTOR.password);
  const { key } = await director.call(endpoints.events.create, {
    body: { tables: 3, boardsPerRound: 2, gameDetails: { type: EventType.pair, typeName: 'Online evening', players: 12, rounds: 3, movementType: 'Mitchell', scoreType: 'Match Point', handgeneratedModeAsString: 'Random', liveTableEvent: true, kibtzersEnabled: true } },
  });
  await director.call(endpoints.events.addParticipants, { params: { key }, body: { participants: [{ email: erin.email, table: 1, side: 1 }] } });
  await director.call(endpoints.directing.start, { params: { key } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const widths = (process.env.WIDTHS ?? '768').split(',').map(Number);
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 1000 } });
    await useSession(context, server.url, await signIn(server.url, erin.email, erin.password));
    const page = await context.newPage();
    await page.goto(`${server.url}/play/${key}`);
    await page.getByText(/^Table 1 · Board \d+$/).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/walk/auction-${width}.png`, fullPage: true });
    // Bid to play: pass until the auction ends, then play a few cards.
    for (let i = 0; i < 40; i++) {
      const pass = page.locator('[data-call="Pass"]:not([disabled])');
      const card = page.locator('button[data-playable="true"]').first();
      if (await pass.count()) await pass.click();
      else if (await card.count()) { await card.click(); if ((await page.locator('[data-table-position]').getAttribute('data-table-position'))!.split(':')[2]! >= '6') break; }
      await page.waitForTimeout(700);
      if (await page.getByRole('dialog').count()) { await page.getByRole('button', { name: 'Next board' }).click(); }
    }
    await page.screenshot({ path: `/tmp/walk/play-${width}.png`, fullPage: true });
    if (width === widths[0]) {
      await director.call(endpoints.directing.nextRound, { params: { key } });
      await page.getByText(/you move to table/).waitFor();
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/walk/moved-${width}.png`, fullPage: true });
    }
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
