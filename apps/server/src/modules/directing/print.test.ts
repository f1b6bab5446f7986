import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import { arrowSwitchMitchell, mitchellWithSitOut, uploadMovement, type Movement } from '@bridge/engine';
import { buildApp } from '../../app.ts';
import { buildTestApp, openTestDatabase, testConfig, type TestApp } from '../../../test/build-test-app.ts';
import { buildClient, buildSeatedEvent, buildTournament, buildUser, type Client } from '../../../test/factories.ts';
import { findEvent } from '../events/service.ts';
import { listTableCodes } from '../tables/service.ts';

let t: TestApp;
let organiser: Client;
beforeAll(async () => {
  t = await buildTestApp();
  organiser = await buildClient(t.app, { names: 'Olga Organiser' });
});
afterAll(async () => t.close());

const D = '/api/v1/direct/events';
/** Played in a club: an online event's table cards carry no codes. */
const club = { liveTableEvent: false } as const;
const tableCards = (key: string, as: Client = organiser) => as.get(`${D}/${key}/table-cards.pdf`);
const pairGuides = (key: string, as: Client = organiser) => as.get(`${D}/${key}/pair-guides.pdf`);

/** Each page's text runs as PDF.js reads them from the glyphs, blanks left out. */
async function pdfPages(pdf: Buffer): Promise<{ items: string[]; text: string; size: number[] }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    const items = content.items.map((item) => ('str' in item ? item.str.trim() : '')).filter(Boolean);
    pages.push({ items, text: items.join(' '), size: page.view.map((v) => Math.round(v)) });
  }
  await document.destroy();
  return pages;
}

/** Whether `part` appears in `items` as a run of consecutive items. */
const holdsRun = (items: string[], part: string[]) => items.some((_, i) => part.every((p, j) => items[i + j] === p));

/** The codes of the event's tables, as the table service gives them. */
async function codesOf(key: string) {
  return listTableCodes(t.database.db, (await findEvent(t.database.db, key))!, t.app.config.publicUrl);
}

/**
 * Stores the movement an event plays, as the director's wizard does when it creates a session (the organiser API
 * that makes the events here knows only Mitchell and Howell by table count).
 */
async function storeMovement(key: string, movement: Movement, rounds = movement.rounds) {
  await t.database.db
    .updateTable('tournaments')
    .set({ movement: JSON.stringify(movement), movementName: 'Stored movement', tables: movement.tables, rounds })
    .where('key', '=', key)
    .execute();
}

describe('the table cards (GET /api/v1/direct/events/{key}/table-cards.pdf)', () => {
  it('is an A4 PDF, two cards to a page, each with its table, code and QR code of the table page', async () => {
    // 5-table Mitchell, 4 rounds of 3 boards: three pages.
    const event = await buildTournament(t.app, {
      organiser,
      tables: 5,
      boardsPerRound: 3,
      gameDetails: { ...club, typeName: 'Tuesday Pairs', rounds: 4 },
    });
    // The real encoder, watched: every text the PDF encodes as a QR code, in order.
    const encode = vi.spyOn(QRCode, 'create');
    onTestFinished(() => encode.mockRestore());
    const response = await tableCards(event.key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${event.key}-table-cards.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');

    const pages = await pdfPages(response.rawPayload);
    expect(pages.map((p) => p.size)).toEqual([0, 0, 0].map(() => [0, 0, 595, 842]));
    const codes = await codesOf(event.key);
    expect(codes).toHaveLength(5);
    const all = pages.flatMap((p) => p.items);
    for (const { table, code, url } of codes) {
      expect(url).toBe(`http://bridge.test/t/${event.key}/${table}`);
      expect(holdsRun(all, ['Table', String(table), 'Table code', code]), `table ${table}`).toBe(true);
      expect(all).toContain(url);
    }
    expect(pages[0]!.text).toContain('Tuesday Pairs');
    expect(encode.mock.calls.map(([text]) => String(text))).toEqual(codes.map((c) => c.url));
  });

  it("lists each table's rounds: its NS and EW pairs and boards, from the event's movement", async () => {
    const event = await buildTournament(t.app, { organiser, tables: 5, boardsPerRound: 3, gameDetails: { ...club, rounds: 4 } });
    const all = (await pdfPages((await tableCards(event.key)).rawPayload)).flatMap((p) => p.items);
    // Mitchell, 5 tables: NS t stays, EW pairs move up one table a round, boards down one.
    for (let table = 1; table <= 5; table++) {
      const rounds = [1, 2, 3, 4].flatMap((round) => {
        const ew = ((table - round + 5) % 5) + 1;
        const set = ((table + round - 2) % 5) + 1;
        return [String(round), String(table), String(ew), `${3 * set - 2}-${3 * set}`];
      });
      expect(holdsRun(all, ['Round', 'NS', 'EW', 'Boards', ...rounds]), `table ${table}`).toBe(true);
    }
  });

  it('shows the round a pair sits out, with a stored movement for an odd number of pairs', async () => {
    const event = await buildTournament(t.app, { organiser, tables: 4, boardsPerRound: 2, gameDetails: club });
    await storeMovement(event.key, mitchellWithSitOut(4));
    const all = (await pdfPages((await tableCards(event.key)).rawPayload)).flatMap((p) => p.items);
    // EW 4 is missing: NS 4 sits out in round 1, NS 1 in round 2 (after the skip, NS 3 in round 3).
    expect(holdsRun(all, ['1', 'NS4 sits out; boards 7-8 rest', '2', '4', '3', '1-2'])).toBe(true);
    expect(holdsRun(all, ['2', 'NS1 sits out; boards 3-4 rest'])).toBe(true);
    expect(all.filter((item) => item.includes('sits out'))).toHaveLength(3);
    expect((await codesOf(event.key)).every(({ code }) => all.includes(code))).toBe(true);
  });

  it('follows an uploaded movement table', async () => {
    const event = await buildTournament(t.app, { organiser, boardsPerRound: 4, gameDetails: club });
    // Four pairs at two tables, three rounds, a barometer: both tables play the same set each round.
    const csv = 'round,table,ns,ew,set\n1,1,1,2,1\n1,2,3,4,1\n2,1,1,3,2\n2,2,4,2,2\n3,1,1,4,3\n3,2,2,3,3\n';
    await storeMovement(event.key, uploadMovement(csv, 'csv'));
    const all = (await pdfPages((await tableCards(event.key)).rawPayload)).flatMap((p) => p.items);
    expect(holdsRun(all, ['1', '3', '4', '1-4', '2', '4', '2', '5-8', '3', '2', '3', '9-12'])).toBe(true);
  });
});

describe('the pair guide cards (GET /api/v1/direct/events/{key}/pair-guides.pdf)', () => {
  it("gives every pair its table, direction and boards each round, and the players' names when entered", async () => {
    const nora = await buildUser(t.app, { names: 'Nora North' });
    const sam = await buildUser(t.app, { names: 'Sam South' });
    const event = await buildSeatedEvent(t.app, {
      organiser,
      tables: 3,
      boardsPerRound: 4,
      gameDetails: { ...club, typeName: 'Club Night' },
      seats: [
        { user: nora, table: 1, side: 0 },
        { user: sam, table: 1, side: 2 },
        { bot: 'Eve East', table: 2, side: 1 },
        { bot: 'Will West', table: 2, side: 3 },
      ],
    });
    const response = await pairGuides(event.key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`inline; filename="${event.key}-pair-guides.pdf"`);
    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(1); // six pairs, eight cards to a page
    const all = pages[0]!.items;
    expect(holdsRun(all, ['Club Night'])).toBe(true);
    expect(holdsRun(all, ['Pair', 'NS1', 'Nora North & Sam South'])).toBe(true);
    expect(holdsRun(all, ['Pair', 'EW2', 'Eve East & Will West'])).toBe(true);
    expect(holdsRun(all, ['Pair', 'EW3', 'Players not entered yet'])).toBe(true);
    // Mitchell, 3 tables: EW 1 moves up a table each round, the boards down.
    expect(holdsRun(all, ['Round 1: table 1 EW, boards 1-4', 'Round 2: table 2 EW, boards 9-12', 'Round 3: table 3 EW, boards 5-8'])).toBe(true);
    expect(holdsRun(all, ['Round 1: table 3 NS, boards 9-12', 'Round 2: table 3 NS, boards 1-4', 'Round 3: table 3 NS, boards 5-8'])).toBe(true);
    expect(all.filter((item) => item.startsWith('Round '))).toHaveLength(6 * 3);
  });

  it('numbers the pairs 1..2T of an arrow-switch movement and marks the round each sits out', async () => {
    const event = await buildTournament(t.app, { organiser, tables: 5, boardsPerRound: 2, gameDetails: club });
    await storeMovement(event.key, arrowSwitchMitchell(mitchellWithSitOut(5)));
    const pages = await pdfPages((await pairGuides(event.key)).rawPayload);
    const all = pages.flatMap((p) => p.items);
    // Nine pairs: two pages of eight cards at most; pair 10 is the sit-out, no card.
    expect(pages).toHaveLength(2);
    expect(all.filter((item) => /^\d+$/.test(item)).sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(all.filter((item) => item.endsWith(': sits out'))).toHaveLength(5);
    // Pair 2 stays at table 2, NS and EW by turns; the missing pair (10) would meet it in round 3.
    expect(
      holdsRun(all, ['Round 1: table 2 NS, boards 3-4', 'Round 2: table 2 EW, boards 5-6', 'Round 3: sits out', 'Round 4: table 2 EW, boards 9-10']),
    ).toBe(true);
  });
});

describe('who may print the cards', () => {
  it("answers the event's organiser and an admin, and nobody else", async () => {
    const as = await t.roles();
    const event = await buildTournament(t.app, { organiser: as.owner, gameDetails: club });
    for (const print of [tableCards, pairGuides]) {
      expect((await print(event.key, as.anonymous)).statusCode).toBe(401);
      expect((await print(event.key, as.unverified)).statusCode).toBe(403);
      expect((await print(event.key, as.player)).statusCode).toBe(403);
      expect((await print(event.key, as.otherOrganiser)).statusCode).toBe(403);
      expect((await print(event.key, as.owner)).statusCode).toBe(200);
      expect((await print(event.key, as.admin)).statusCode).toBe(200);
      expect((await print('nosuchevent', as.owner)).statusCode).toBe(404);
    }
  });

  it('refuses another organiser without making the table codes', async () => {
    const as = await t.roles();
    const event = await buildTournament(t.app, { organiser: as.owner, gameDetails: club });
    const refused = await tableCards(event.key, as.otherOrganiser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only the organiser of this event can change it');
    expect(await t.database.db.selectFrom('tableCodes').select('code').where('tournamentId', '=', event.id).execute()).toHaveLength(0);
  });
});

describe('the table codes on the cards', () => {
  it('never reach the log, even at its most detailed', async () => {
    let log = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ logLevel: 'trace' }), database, logStream });
    try {
      await app.ready();
      const owner = await buildClient(app, { names: 'Lou Logged' });
      const event = await buildTournament(app, { organiser: owner, gameDetails: club });
      expect((await owner.get(`${D}/${event.key}/table-cards.pdf`)).statusCode).toBe(200);
      const codes = await listTableCodes(database.db, (await findEvent(database.db, event.key))!, app.config.publicUrl);
      expect(log).toContain('table-cards.pdf');
      // As a number of its own: six digits may well turn up inside a timestamp.
      for (const { code } of codes) expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});
