import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMitchell, signIn } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN = { email: 'director@bridge.test', password: 'admin password 1' };
let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let key: string;

/** The Organizer app's part, through the real API: a 3-table Mitchell, two named seats, every board posted, closed. */
async function runEvent(url: string): Promise<string> {
  const organiser = await signIn(url, ADMIN.email, ADMIN.password);
  return runMitchell(organiser, {
    name: 'Thursday Club Pairs',
    bots: [
      { names: 'Asha Rao', table: 3, side: 0 },
      { names: 'Bala Iyer', table: 3, side: 2 },
    ],
    // NS at table 3 always take the most tricks, so NS pair 3 wins the North-South field.
    play: (row) => ({ declarer: 'S', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 8 + row.table }),
    complete: true,
  });
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  key = await runEvent(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('organiser API -> public results in Chromium', () => {
  it('lists the event on /tournaments and shows its ranking, scorecard, traveller and hand', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/tournaments`);
    await page.getByRole('link', { name: 'Results of Thursday Club Pairs' }).click();
    await page.waitForURL((url) => url.pathname === `/results/${key}`);

    await expect.poll(() => page.getByRole('heading', { name: 'Thursday Club Pairs' }).isVisible()).toBe(true);
    const northSouth = page.getByRole('table', { name: 'North-South' });
    const firstRow = northSouth.getByRole('row').nth(1);
    await expect.poll(() => firstRow.textContent()).toMatch(/^1.*Asha Rao.*Bala Iyer.*100\.00%/);

    await northSouth.getByRole('button', { name: 'Scorecard of pair NS 3' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Scorecard of pair NS 3' }).isVisible()).toBe(true);

    await page.getByText('Board 1', { exact: true }).first().click();
    await expect.poll(() => page.getByText('Dealer North, Vulnerable: None').first().isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: "North's hand" }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('table', { name: 'Traveller of board 1' }).getByRole('row').count()).toBe(4);

    const pbn = page.getByRole('link', { name: 'Download PBN' });
    expect(await pbn.getAttribute('href')).toBe(`/api/v1/tournaments/${key}/pbn`);
    expect(await page.getByRole('link', { name: 'Download XML' }).count()).toBe(1);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousViolations(page), `results page at ${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows each board's double-dummy grid, par and each line against double dummy, at 1280 and 390 px", async () => {
    // The analysis runs in the background: the results answer it once the solver is through.
    await expect
      .poll(
        async () =>
          (await fetch(`${server.url}/api/v1/tournaments/${key}/results`).then((r) => r.json())).result.boards.every(
            (b: { analysis: unknown }) => b.analysis,
          ),
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(true);
    const { result } = await fetch(`${server.url}/api/v1/tournaments/${key}/results`).then((r) => r.json());
    const board1 = result.boards.find((b: { board: number }) => b.board === 1);
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/results/${key}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Thursday Club Pairs' }).isVisible()).toBe(true);
    await page.locator('summary', { hasText: /^Board 1$/ }).click();
    const grid = page.getByRole('table', { name: /Double-dummy makeable contracts of board 1/ });
    await expect.poll(() => grid.isVisible()).toBe(true);
    // Row North, column no trumps: the level North makes in no trumps, or a dash.
    const northNoTrumps = board1.analysis.tricks.N.NT as number;
    expect((await grid.getByRole('row').nth(1).getByRole('cell').nth(4).innerText()).split('\n')[0]).toBe(
      northNoTrumps >= 7 ? String(northNoTrumps - 6) : '–',
    );
    expect(await page.getByText(/^Par /).first().innerText()).toMatch(
      board1.analysis.par.contracts.length ? /^Par [\s\S]* by (N|E|S|W|NS|EW)[\s\S]*, [+−]?\d+/ : /^Par 0 \(passed out\)$/,
    );
    // Every line was 3NT by South: the DD column compares its tricks with South's in no trumps.
    const traveller = page.getByRole('table', { name: 'Traveller of board 1' });
    const dd = await traveller.getByRole('row').nth(1).getByRole('cell').nth(9).innerText();
    const line = board1.lines.sort((a: { nsPair: number }, b: { nsPair: number }) => a.nsPair - b.nsPair)[0];
    const difference = line.tricks - board1.analysis.tricks.S.NT;
    expect(dd).toBe(difference === 0 ? '=' : difference > 0 ? `+${difference}` : `−${-difference}`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await grid.scrollIntoViewIfNeeded();
      expect(await grid.isVisible(), `grid at ${width} px`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `results page with analysis at ${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a clear message for an unknown event', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/results/nosuchevent`);
    await expect.poll(() => page.getByText('We could not find results for this event').isVisible()).toBe(true);
    await page.close();
  });
});
