import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DoubleDummyTricks } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildClient, buildCompletedEvent, buildTournament, clientOf, type Client } from '../../../test/factories.ts';
import { dealHashOf } from '../analysis/service.ts';

let t: TestApp;
let organiser: Client;
beforeAll(async () => {
  t = await buildTestApp();
  organiser = await buildClient(t.app, { names: 'Olga Organiser' });
});
afterAll(async () => t.close());

const DEAL = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
/** The same hands a seat round: another deal. */
const TURNED = 'N:Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96 KT8.A96.A95.7542';
const imported = { handgeneratedModeAsString: 'Imported' };
const row = (C: number, D: number, H: number, S: number, NT: number) => ({ C, D, H, S, NT });
/** North-South take ten tricks in spades, East-West eight in diamonds; nobody makes notrump above one. */
const TRICKS: DoubleDummyTricks = { N: row(6, 5, 8, 10, 7), S: row(6, 5, 8, 10, 7), E: row(7, 8, 5, 3, 5), W: row(7, 8, 5, 3, 5) };

const handRecords = (key: string, as: Client = organiser) => as.get(`/api/v1/tournaments/${key}/hand-records.pdf`);

/** The text of each page, as PDF.js reads it from the glyphs, its runs joined. */
async function pdfPages(pdf: Buffer): Promise<{ text: string; size: number[] }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    pages.push({ text: content.items.map((item) => ('str' in item ? item.str : '')).join(''), size: page.view.map((v) => Math.round(v)) });
  }
  await document.destroy();
  return pages;
}

/** Stores a deal's table and its par for a dealer and vulnerability, as the solver would have. */
async function storeAnalysis(
  deal: string,
  dealer: 'N' | 'E' | 'S' | 'W',
  vulnerability: 'None' | 'NS' | 'EW' | 'All',
  par: { score: number; contracts: string[] },
) {
  const dealHash = dealHashOf(deal);
  await t.database.db
    .insertInto('dealAnalyses')
    .values({ dealHash, deal, tricks: JSON.stringify(TRICKS) })
    .onConflict((c) => c.column('dealHash').doNothing())
    .execute();
  await t.database.db
    .insertInto('dealPars')
    .values({ dealHash, dealer, vulnerability, score: par.score, contracts: JSON.stringify(par.contracts) })
    .execute();
}

describe('the hand records (GET /api/v1/tournaments/{key}/hand-records.pdf)', () => {
  let key: string;
  beforeAll(async () => {
    // 3 rounds of 5 boards: 15 boards, three pages. Board 1 is dealt DEAL and analysed, board 2 waits for the
    // solver, the others have no deal yet.
    const event = await buildTournament(t.app, { organiser, boardsPerRound: 5, gameDetails: { ...imported, typeName: 'Thursday Pairs' } });
    key = event.key;
    expect((await organiser.put(`/api/v1/tournaments/${key}/boards/1`, { deal: DEAL })).statusCode).toBe(200);
    expect((await organiser.put(`/api/v1/tournaments/${key}/boards/2`, { deal: TURNED })).statusCode).toBe(200);
    await storeAnalysis(DEAL, 'N', 'None', { score: 420, contracts: ['4S-NS'] });
  });

  it('is a real A4 PDF with one page for every six boards, titled with the event, its key and the page', async () => {
    const response = await handRecords(key);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${key}-hand-records.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(3);
    for (const [i, page] of pages.entries()) {
      expect(page.size).toEqual([0, 0, 595, 842]);
      expect(page.text).toContain('Thursday Pairs');
      expect(page.text).toContain(`Event ${key}`);
      expect(page.text).toContain(`Page ${i + 1} of 3`);
    }
    const boardsOn = (text: string) => [...text.matchAll(/Board (\d+)/g)].map((m) => Number(m[1]));
    expect(pages.map((p) => boardsOn(p.text))).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12],
      [13, 14, 15],
    ]);
  });

  it("shows each board's dealer, vulnerability and hands, with the suits' symbols and the ten as 10", async () => {
    const [first, second] = await pdfPages((await handRecords(key)).rawPayload);
    expect(first!.text).toContain('Dealer: N');
    expect(first!.text).toContain('Vul: None');
    expect(first!.text).toContain('Dealer: E');
    expect(first!.text).toContain('Vul: NS');
    expect(second!.text).toContain('Vul: All');
    // North of DEAL: ♠ K T 8, ♥ A 9 6, ♦ A 9 5, ♣ 7 5 4 2.
    for (const line of ['♠ K108', '♥ A96', '♦ A95', '♣ 7542', '♠ Q5', '♦ KQ874', '♣ AQ3', '♣ KJ96']) expect(first!.text).toContain(line);
  });

  it('shows the double-dummy grid as the level each seat makes, and the par in words with its score', async () => {
    const [first] = await pdfPages((await handRecords(key)).rawPayload);
    // Board 1's grid, header then N, S, E, W by clubs, diamonds, hearts, spades, notrump: tricks over six, a dash where nothing makes.
    expect(first!.text.replace(/\s/g, '')).toContain('♣♦♥♠NTN––241S––241E12–––W12–––');
    expect(first!.text).toContain('Par: 4♠ by NS, +420');
  });

  it('says "Analysis pending" on a board the solver has not answered yet, and gives it no par', async () => {
    const [first] = await pdfPages((await handRecords(key)).rawPayload);
    const boardTwo = first!.text.slice(first!.text.indexOf('Board 2'), first!.text.indexOf('Board 3'));
    expect(boardTwo).toContain('Analysis pending');
    expect(boardTwo).not.toContain('Par:');
    expect(first!.text.match(/Par:/g)).toHaveLength(1);
  });

  it('writes a sacrifice and a passed-out par as a club reads them', async () => {
    const { key: other } = await buildTournament(t.app, { organiser, gameDetails: imported });
    const sacrifice = 'N:KT.JT865.AQT6.A5 A74.AQ2.K8752.92 QJ983.K943.J.Q73 652.7.943.KJT864';
    const passedOut = 'N:AJ92.874.JT6.AQ3 7643.QT3.32.KJ96 KT8.A96.A95.7542 Q5.KJ52.KQ874.T8';
    expect((await organiser.put(`/api/v1/tournaments/${other}/boards/1`, { deal: sacrifice })).statusCode).toBe(200);
    expect((await organiser.put(`/api/v1/tournaments/${other}/boards/2`, { deal: passedOut })).statusCode).toBe(200);
    await storeAnalysis(sacrifice, 'N', 'None', { score: 300, contracts: ['5C*-EW-2', '5H*-EW-2'] });
    await storeAnalysis(passedOut, 'E', 'NS', { score: 0, contracts: [] });
    const [page] = await pdfPages((await handRecords(other)).rawPayload);
    expect(page!.text).toContain('Par: 5♣x, 5♥x by EW, down 2, +300');
    expect(page!.text).toContain('Par: 0 (passed out)');
  });

  it('says "Deal not known" on a board without a deal', async () => {
    const pages = await pdfPages((await handRecords(key)).rawPayload);
    const boardThree = pages[0]!.text.slice(pages[0]!.text.indexOf('Board 3'), pages[0]!.text.indexOf('Board 4'));
    expect(boardThree).toContain('Deal not known');
    expect(boardThree).not.toContain('♠');
    expect(boardThree).not.toContain('Analysis pending');
    // Boards 3 to 15.
    expect(pages.map((p) => p.text.match(/Deal not known/g)?.length ?? 0)).toEqual([4, 6, 3]);
  });

  it('is public once the event is complete; before that, its organiser and admins only', async () => {
    const anonymous = clientOf(t.app, null, undefined);
    const stranger = await buildClient(t.app);
    const admin = await buildClient(t.app, { role: 'admin' });
    expect((await handRecords(key, anonymous)).statusCode).toBe(401);
    expect((await handRecords(key, stranger)).statusCode).toBe(403);
    expect((await handRecords(key, admin)).statusCode).toBe(200);
    expect((await handRecords(key)).headers['cache-control']).toBe('no-store');
    expect((await handRecords('nosuchevent', anonymous)).statusCode).toBe(404);

    const done = await buildCompletedEvent(t.app, { organiser });
    const open = await handRecords(done.key, anonymous);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    expect(open.headers['cache-control']).toBe('public, max-age=60');
    expect(await pdfPages(open.rawPayload)).toHaveLength(1);
    expect((await handRecords(done.key, stranger)).statusCode).toBe(200);
  });
});
