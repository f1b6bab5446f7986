import http from 'node:http';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { mitchell, mitchellWithSitOut } from '@bridge/engine';
import { buildApp } from '../../app.ts';
import { buildTestApp, openTestDatabase, testConfig } from '../../../test/build-test-app.ts';
import { buildSeatedEvent, buildUser, clientOf, firstResult, type Client, type SeatedEvent } from '../../../test/factories.ts';

const t = await buildTestApp();
const as = await t.roles();
const db = t.app.database.db;

const tableUrl = (key: string, table: number) => `/api/v1/tables/${key}/${table}`;

/** A club's 3-table Mitchell (not online) of 3 rounds, 2 boards a round, four named players at table 1; its codes made. */
async function eventWithCodes(organiser: Client = as.owner, app = t.app, { start = true } = {}) {
  const north = await buildUser(app, { names: 'Nora North' });
  const east = await buildUser(app, { names: 'Ed East' });
  const south = await buildUser(app, { names: 'Sam South' });
  const west = await buildUser(app, { names: 'Wes West' });
  const event = await buildSeatedEvent(app, {
    organiser,
    gameDetails: { liveTableEvent: false },
    seats: [
      { table: 1, side: 0, user: north },
      { table: 1, side: 1, user: east },
      { table: 1, side: 2, user: south },
      { table: 1, side: 3, user: west },
    ],
  });
  const listed = await organiser.get(`/api/v1/tournaments/${event.key}/tables`);
  expect(listed.statusCode, listed.body).toBe(200);
  const codes = new Map<number, string>((listed.json().result as { table: number; code: string }[]).map((c) => [c.table, c.code]));
  if (start) {
    const started = await organiser.post(`/api/v1/direct/events/${event.key}/start`);
    expect(started.statusCode, started.body).toBe(200);
  }
  return { ...event, codes };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function open(key: string, table: number, code: string, remoteAddress = '127.0.0.1', app = t.app) {
  return app.inject({ method: 'POST', url: `${tableUrl(key, table)}/open`, payload: { code }, remoteAddress });
}

/** A phone holding the table: its session's cookie on every request. */
async function phone(event: { key: string; codes: Map<number, string> }, table: number, app = t.app): Promise<Client & { token: string }> {
  const response = await open(event.key, table, event.codes.get(table)!, '127.0.0.1', app);
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'bridge_table')!;
  return { ...clientOf(app, null, `bridge_table=${cookie.value}`), token: cookie.value };
}

let entries = 0;
const entry = (board: number, more: Record<string, unknown> = {}) => ({
  board,
  declarer: 'N',
  contract: { level: 4, strain: 'S', doubled: 0 },
  tricks: 10,
  entryId: `entry-${++entries}-${Date.now()}`,
  ...more,
});

const setRow = (key: string, values: { currentRound?: number; showTravellers?: boolean; movement?: string; liveTableEvent?: boolean }) =>
  db.updateTable('tournaments').set(values).where('key', '=', key).execute();
const lineOf = (event: SeatedEvent, board: number, table = 1) =>
  db
    .selectFrom('boardResults')
    .selectAll()
    .where('tournamentId', '=', event.id)
    .where('boardNo', '=', board)
    .where('tableNo', '=', table)
    .executeTakeFirst();
const errorOf = (response: LightMyRequestResponse) => response.json().error as string;

describe('the table codes', () => {
  it('lists each table with its six-digit code and its phone address, the same every time', async () => {
    const event = await eventWithCodes();
    const first = (await as.owner.get(`/api/v1/tournaments/${event.key}/tables`)).json().result;
    expect(first).toHaveLength(3);
    expect(first[0]).toEqual({ table: 1, code: event.codes.get(1), url: `http://bridge.test/t/${event.key}/1` });
    expect(first.every((c: { code: string }) => /^[0-9]{6}$/.test(c.code))).toBe(true);
    expect((await as.admin.get(`/api/v1/tournaments/${event.key}/tables`)).json().result).toEqual(first);
    expect((await as.otherOrganiser.get(`/api/v1/tournaments/${event.key}/tables`)).statusCode).toBe(403);
  });
});

describe('opening a table', () => {
  it('gives a session for that table alone: an HttpOnly, SameSite=Strict cookie scoped to its path, stored hashed', async () => {
    const event = await eventWithCodes();
    const response = await open(event.key, 2, event.codes.get(2)!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: { table: 2 } });
    const cookie = response.cookies.find((c) => c.name === 'bridge_table')!;
    expect(cookie).toMatchObject({ path: `/api/v1/tables/${event.key}/2`, httpOnly: true, sameSite: 'Strict', maxAge: 18 * 3600 });
    expect(cookie.secure).toBeFalsy();
    const sessions = await db.selectFrom('tableSessions').selectAll().where('tournamentId', '=', event.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tableNo).toBe(2);
    expect(sessions[0]!.tokenHash).not.toContain(cookie.value);
    const hours = (sessions[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(17.9);
    expect(hours).toBeLessThanOrEqual(18);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://bridge.test' });
    const owner = clientOf(secure.app, null, undefined);
    const organiser = await buildUser(secure.app, { names: 'Sue Secure' });
    const login = await owner.post('/api/v1/user/login', { email: organiser.email, password: organiser.password });
    const cookie = login.cookies.find((c) => c.name === 'bridge_session')!;
    const event = await eventWithCodes(clientOf(secure.app, organiser, `bridge_session=${cookie.value}`), secure.app);
    const response = await open(event.key, 1, event.codes.get(1)!, '127.0.0.1', secure.app);
    expect(response.cookies.find((c) => c.name === 'bridge_table')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });

  it('answers 403 "Wrong table code" to a wrong code, and 400 at the field to one that is not six digits', async () => {
    const event = await eventWithCodes();
    const wrong = await open(event.key, 1, wrongCode(event.codes.get(1)!), '192.0.2.1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'Wrong table code', code: 'forbidden' });
    expect(wrong.cookies.map((c) => c.name)).toEqual(['bridge_phone']);
    // Another table's code opens only that table.
    expect((await open(event.key, 1, event.codes.get(2)!, '192.0.2.1')).statusCode).toBe(403);
    const malformed = await open(event.key, 1, '12ab56', '192.0.2.1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues).toEqual([{ path: 'code', message: 'A table code is six digits' }]);
    expect(await db.selectFrom('tableSessions').select('tableNo').where('tournamentId', '=', event.id).execute()).toEqual([]);
  });

  it("answers 429 to a phone after its 10 wrong codes in 15 minutes, even to the right code; the address's other phones still open", async () => {
    const event = await eventWithCodes();
    const right = event.codes.get(1)!;
    // The phone's first answer names it with a cookie of its own, sent to every table's calls.
    const first = await open(event.key, 1, right, '198.51.100.7');
    expect(first.statusCode).toBe(200);
    const named = first.cookies.find((c) => c.name === 'bridge_phone')!;
    expect(named).toMatchObject({ path: '/api/v1/tables', httpOnly: true, sameSite: 'Strict', maxAge: 18 * 3600 });
    const mine = { cookie: `bridge_phone=${named.value}` };
    const fromPhone = (code: string, table = 2) =>
      t.app.inject({ method: 'POST', url: `${tableUrl(event.key, table)}/open`, payload: { code }, remoteAddress: '198.51.100.7', headers: mine });
    // A right code is not a guess: it does not count.
    for (let i = 0; i < 10; i++) expect((await fromPhone(wrongCode(event.codes.get(2)!))).statusCode).toBe(403);
    const limited = await fromPhone(event.codes.get(2)!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Too many wrong table codes; wait 15 minutes and try again', code: 'rate_limited' });
    expect(limited.cookies).toEqual([]);
    expect((await open(event.key, 2, event.codes.get(2)!, '198.51.100.7')).statusCode).toBe(200);
  });

  it('never writes the code in a log line or an audit row', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ logLevel: 'trace' }), database, logStream });
    try {
      await app.ready();
      const organiser = await buildUser(app, { names: 'Lou Logged' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: organiser.email, password: organiser.password },
      });
      const session = login.cookies.find((c) => c.name === 'bridge_session')!;
      const event = await eventWithCodes(clientOf(app, organiser, `bridge_session=${session.value}`), app);
      lines.length = 0;
      const code = event.codes.get(1)!;
      expect((await open(event.key, 1, wrongCode(code), '127.0.0.1', app)).statusCode).toBe(403);
      expect((await open(event.key, 1, code, '127.0.0.1', app)).statusCode).toBe(200);
      expect(lines.length).toBeGreaterThan(0);
      const alone = (c: string) => new RegExp(`(?<![0-9])(${c}|${wrongCode(c)})(?![0-9])`);
      expect(lines.filter((line) => alone(code).test(line))).toEqual([]);
      const audits = await database.db.selectFrom('auditLog').selectAll().execute();
      expect(audits.filter((row) => alone(code).test(JSON.stringify(row)))).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});

describe("a table's session", () => {
  it('opens that table only: not another table, not another event, no organiser or account route', async () => {
    const event = await eventWithCodes();
    const other = await eventWithCodes();
    const table1 = await phone(event, 1);
    expect((await table1.get(tableUrl(event.key, 1))).statusCode).toBe(200);
    const elsewhere = [
      await table1.get(tableUrl(event.key, 2)),
      await table1.post(`${tableUrl(event.key, 2)}/results`, entry(3)),
      await table1.get(tableUrl(other.key, 1)),
      await table1.get(`${tableUrl(other.key, 1)}/stream`),
    ];
    expect(elsewhere.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(errorOf(elsewhere[0]!)).toBe('This phone holds another table; open this one with its code');
    const notAUser = [
      await table1.get('/api/v1/user'),
      await table1.post('/api/v1/user/update', { type: 'city', value: 'Pune' }),
      await table1.get(`/api/v1/tournaments/${event.key}/tables`),
      await table1.post(`/api/v1/tournaments/${event.key}/results`, firstResult),
      await table1.get(`/api/v1/tournaments/${event.key}/results`),
      await table1.get('/api/v1/tournaments/mine'),
      await table1.get('/api/admin/v1/users/all'),
    ];
    expect(notAUser.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect(await lineOf(event, 1)).toBeUndefined();
  });

  it("is the only way in: a user's session, even the organiser's or an admin's, opens no table", async () => {
    const event = await eventWithCodes();
    for (const who of [as.anonymous, as.owner, as.admin]) {
      const response = await who.get(tableUrl(event.key, 1));
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toBe('Open this table with its code first');
    }
    expect((await as.owner.post(`${tableUrl(event.key, 1)}/results`, entry(1))).statusCode).toBe(401);
    expect(await lineOf(event, 1)).toBeUndefined();
  });

  it('ends when it expires', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    await db
      .updateTable('tableSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tournamentId', '=', event.id)
      .execute();
    expect((await table1.get(tableUrl(event.key, 1))).statusCode).toBe(401);
  });
});

describe("the table's state", () => {
  it('shows the current round, the pairs with their names, the boards and where everyone goes next', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    const state = (await table1.get(tableUrl(event.key, 1))).json().result;
    expect(state).toMatchObject({
      round: 1,
      table: 1,
      nsPair: 1,
      ewPair: 1,
      names: { ns: ['Nora North', 'Sam South'], ew: ['Ed East', 'Wes West'] },
      sitOut: false,
      complete: false,
      event: { key: event.key, name: 'Monday Pairs', rounds: 3, showTravellers: true, online: false, videoChannel: null },
    });
    // Had the event gone online (where phones enter nothing), the table's video room, which its players join with
    // their accounts.
    const table2 = await phone(event, 2);
    await setRow(event.key, { liveTableEvent: true });
    expect((await table1.get(tableUrl(event.key, 1))).json().result.event).toMatchObject({ online: true, videoChannel: `${event.key}table0` });
    expect((await table2.get(tableUrl(event.key, 2))).json().result.event.videoChannel).toBe(`${event.key}table1`);
    await setRow(event.key, { liveTableEvent: false });
    expect(state.boards).toEqual([
      { board: 1, status: 'open', nsScore: null, dealer: 'N', vulnerability: 'None', entry: null },
      { board: 2, status: 'open', nsScore: null, dealer: 'E', vulnerability: 'NS', entry: null },
    ]);
    // A 3-table Mitchell: NS sit, EW move up a table, boards down.
    expect(state.next).toEqual({ text: 'NS stay; EW to table 2; boards to table 3', nsTable: 1, ewTable: 2, boardsTable: 3 });

    await setRow(event.key, { currentRound: 3 });
    const last = (await table1.get(tableUrl(event.key, 1))).json().result;
    expect(last).toMatchObject({ round: 3, nsPair: 1, ewPair: 2, next: null });
    expect(last.boards.map((b: { board: number }) => b.board)).toEqual([5, 6]);
  });

  it('shows a sit-out with no boards when the movement puts its phantom pair at the table', async () => {
    const event = await eventWithCodes();
    await setRow(event.key, { movement: JSON.stringify(mitchellWithSitOut(3)) });
    const table3 = await phone(event, 3);
    const state = (await table3.get(tableUrl(event.key, 3))).json().result;
    expect(state).toMatchObject({ round: 1, nsPair: 3, ewPair: 3, sitOut: true, boards: [] });
    const refused = await table3.post(`${tableUrl(event.key, 3)}/results`, entry(5));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('Table 3 sits out in round 1: it has no boards to play');
    // The pair meeting the phantom next round is told so; the phantom itself goes nowhere.
    const table1 = await phone(event, 1);
    await setRow(event.key, { currentRound: 1 });
    expect((await table1.get(tableUrl(event.key, 1))).json().result.next.text).toBe('NS stay; EW to table 2; boards to table 3');
  });
});

describe('entering a board', () => {
  it('scores it at once, keeps it entered with its lead, and shows it in the state', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    const response = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1, { lead: 'HK' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: { score: 420 } });
    expect(await lineOf(event, 1)).toMatchObject({ status: 'entered', lead: 'HK', nsScore: 420, nsPair: 1, ewPair: 1, round: 1, level: 4 });
    const state = (await table1.get(tableUrl(event.key, 1))).json().result;
    expect(state.boards[0]).toMatchObject({
      board: 1,
      status: 'entered',
      nsScore: 420,
      entry: { declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10, lead: 'HK' },
    });
    // A pass-out scores 0 and stores no contract.
    const passed = await table1.post(
      `${tableUrl(event.key, 1)}/results`,
      entry(2, { declarer: null, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: 0 }),
    );
    expect(passed.json()).toEqual({ result: { score: 0 } });
    expect(await lineOf(event, 2)).toMatchObject({ level: 0, strain: null, declarer: null, tricks: null, nsScore: 0 });
  });

  it('refuses bad entries at their field and changes nothing', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    const post = (body: object) => table1.post(`${tableUrl(event.key, 1)}/results`, body);
    const noDeclarer = await post(entry(1, { declarer: null }));
    expect(noDeclarer.statusCode).toBe(400);
    expect(noDeclarer.json()).toMatchObject({ error: 'A contract needs a declarer', issues: [{ path: 'declarer' }] });
    const badTricks = await post(entry(1, { tricks: 14 }));
    expect(badTricks.json().issues).toEqual([{ path: 'tricks', message: 'Tricks must be 0-13' }]);
    const badLead = await post(entry(1, { lead: 'ZZ' }));
    expect(badLead.json().issues[0]).toMatchObject({ path: 'lead' });
    const badKey = await post(entry(1, { entryId: 'short' }));
    expect(badKey.json().issues[0]).toMatchObject({ path: 'entryId' });
    expect(await lineOf(event, 1)).toBeUndefined();
    expect(await db.selectFrom('tableEntries').select('entryId').where('tournamentId', '=', event.id).execute()).toEqual([]);
  });

  it('answers 400 to a board outside the current round, and leaves earlier rounds to the director', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    const other = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(5));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: 'Board 5 is not played at this table in round 1', issues: [{ path: 'board' }] });
    // A later round's board is not this round's either.
    expect((await table1.post(`${tableUrl(event.key, 1)}/results`, entry(3))).statusCode).toBe(400);
    expect(await lineOf(event, 3)).toBeUndefined();

    expect((await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1))).statusCode).toBe(200);
    await setRow(event.key, { currentRound: 2 });
    const late = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1, { tricks: 11 }));
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toBe('Board 1 was played at this table in round 1; round 2 is in play now, so only the director can correct it');
    expect((await table1.post(`${tableUrl(event.key, 1)}/results/1/confirm`)).statusCode).toBe(400);
    expect(await lineOf(event, 1)).toMatchObject({ nsScore: 420, tricks: 10 });
    // The director still can.
    const corrected = await as.owner.post(`/api/v1/tournaments/${event.key}/results`, { ...firstResult, tricks: 11 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await lineOf(event, 1)).toMatchObject({ tricks: 11, status: 'confirmed' });
  });

  it('changes nothing for the same entry key again, and answers the same score even after the board was entered again', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    const url = `${tableUrl(event.key, 1)}/results`;
    const first = entry(1);
    expect((await table1.post(url, first)).json()).toEqual({ result: { score: 420 } });
    const again = await table1.post(url, { ...first, tricks: 9 });
    expect(again.json()).toEqual({ result: { score: 420 } });
    expect(await lineOf(event, 1)).toMatchObject({ tricks: 10, nsScore: 420 });

    // North corrects the entry (a new key): 3NT made, 400; the first key still answers what it had.
    expect((await table1.post(url, entry(1, { contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 }))).json()).toEqual({
      result: { score: 400 },
    });
    expect((await table1.post(url, first)).json()).toEqual({ result: { score: 420 } });
    expect(await lineOf(event, 1)).toMatchObject({ level: 3, strain: 'NT', nsScore: 400 });
    // The same key sent twice at once is stored once.
    const twice = entry(2);
    const answers = await Promise.all([table1.post(url, twice), table1.post(url, twice)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await db.selectFrom('tableEntries').select('entryId').where('tournamentId', '=', event.id).execute()).toHaveLength(3);
  });

  it("corrects a confirmed board of this round, which waits for East-West again; a director's adjusted score stays", async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1));
    expect((await table1.post(`${tableUrl(event.key, 1)}/results/1/confirm`)).json()).toEqual({ result: { confirmed: true } });
    expect((await table1.post(`${tableUrl(event.key, 1)}/results/1/confirm`)).statusCode).toBe(409);
    expect((await table1.post(`${tableUrl(event.key, 1)}/results/1/reject`)).statusCode).toBe(409);
    const corrected = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1, { tricks: 8 }));
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await lineOf(event, 1)).toMatchObject({ status: 'entered', tricks: 8 });

    const row = mitchell(3, 'skip').rows.find((r) => r.round === 1 && r.table === 1)!;
    const adjusted = await as.owner.post(`/api/v1/tournaments/${event.key}/results`, {
      round: 1,
      board: 1,
      table: 1,
      nsPair: row.ns,
      ewPair: row.ew,
      adjusted: { ns: 'A+', ew: 'A-' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const refused = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1, { tricks: 11 }));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('The director gave board 1 an adjusted score; only the director can change it now');
    expect(await lineOf(event, 1)).toMatchObject({ status: 'confirmed', adjustedNs: 'A+' });
  });

  it('refuses entries and confirmations before the director starts the session, and changes nothing', async () => {
    const event = await eventWithCodes(as.owner, t.app, { start: false });
    const table1 = await phone(event, 1);
    const state = (await table1.get(tableUrl(event.key, 1))).json().result;
    expect(state).toMatchObject({ started: false, round: 1 });
    const early = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1));
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('The director has not started the session yet: the boards open when round 1 starts');
    expect(await lineOf(event, 1)).toBeUndefined();
    expect((await table1.post(`${tableUrl(event.key, 1)}/results/1/confirm`)).statusCode).toBe(409);

    expect((await as.owner.post(`/api/v1/direct/events/${event.key}/start`)).statusCode).toBe(200);
    expect((await table1.get(tableUrl(event.key, 1))).json().result.started).toBe(true);
    expect((await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1))).statusCode).toBe(200);
  });

  it('refuses entries once the event is complete', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1));
    expect((await as.owner.post(`/api/v1/tournaments/${event.key}/complete`)).statusCode).toBe(200);
    const late = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(2));
    expect(late.statusCode).toBe(409);
    expect((await table1.get(tableUrl(event.key, 1))).json().result.complete).toBe(true);
  });
});

describe('confirming and rejecting', () => {
  it('confirms an entered board; rejecting opens it again; neither applies to an open board', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    const at = tableUrl(event.key, 1);
    const open = await table1.post(`${at}/results/2/confirm`);
    expect(open.statusCode).toBe(400);
    expect(errorOf(open)).toBe('Board 2 has no entry yet');
    expect((await table1.post(`${at}/results/2/reject`)).statusCode).toBe(400);
    // Not this table's board this round.
    expect((await table1.post(`${at}/results/5/confirm`)).statusCode).toBe(400);

    await table1.post(`${at}/results`, entry(2));
    expect((await table1.post(`${at}/results/2/reject`)).json()).toEqual({ result: { status: 'open' } });
    expect(await lineOf(event, 2)).toBeUndefined();
    expect((await table1.get(at)).json().result.boards[1]).toMatchObject({ board: 2, status: 'open', nsScore: null, entry: null });

    await table1.post(`${at}/results`, entry(2, { tricks: 11 }));
    expect((await table1.post(`${at}/results/2/confirm`)).json()).toEqual({ result: { confirmed: true } });
    expect(await lineOf(event, 2)).toMatchObject({ status: 'confirmed' });
    const twice = await table1.post(`${at}/results/2/confirm`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('Board 2 is confirmed already');
  });
});

describe('the traveller at the table', () => {
  it("shows the board's lines, scored, once East-West have confirmed this table's entry", async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    const before = await table1.get(`${tableUrl(event.key, 1)}/traveller/1`);
    expect(before.statusCode).toBe(403);
    expect(errorOf(before)).toBe("Board 1's traveller shows once East-West have confirmed this table's result");
    // Board 1 at table 3 in round 2 (the director's line), then this table's own.
    expect(
      (await as.owner.post(`/api/v1/tournaments/${event.key}/results`, { ...firstResult, round: 2, table: 3, nsPair: 3, ewPair: 2 })).statusCode,
    ).toBe(200);
    await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1));
    expect((await table1.get(`${tableUrl(event.key, 1)}/traveller/1`)).statusCode).toBe(403);
    await table1.post(`${tableUrl(event.key, 1)}/results/1/confirm`);
    const traveller = (await table1.get(`${tableUrl(event.key, 1)}/traveller/1`)).json().result;
    expect(traveller.board).toBe(1);
    expect(traveller.lines).toEqual([
      expect.objectContaining({ round: 1, table: 1, nsPair: 1, ewPair: 1, nsScore: 420, ns: 2, ew: 0 }),
      expect.objectContaining({ round: 2, table: 3, nsPair: 3, ewPair: 2, nsScore: 400, ns: 0, ew: 2 }),
    ]);
  });

  it('is hidden where the event does not show travellers', async () => {
    const event = await eventWithCodes();
    const table1 = await phone(event, 1);
    await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1));
    await table1.post(`${tableUrl(event.key, 1)}/results/1/confirm`);
    await setRow(event.key, { showTravellers: false });
    const hidden = await table1.get(`${tableUrl(event.key, 1)}/traveller/1`);
    expect(hidden.statusCode).toBe(403);
    expect(errorOf(hidden)).toBe('This event does not show the travellers at the table');
  });
});

describe("the table's stream", () => {
  /** Reads a Server-Sent Events stream as text as it comes. */
  function listen(url: string, cookie: string) {
    let text = '';
    let wake: (() => void) | undefined;
    const received = {
      status: undefined as number | undefined,
      type: undefined as string | undefined,
      ended: undefined as unknown as Promise<void>,
      text: () => text,
      async until(part: string, times = 1) {
        while (text.split(part).length - 1 < times) await new Promise<void>((resolve) => (wake = resolve));
      },
    };
    received.ended = new Promise<void>((resolve, reject) => {
      const request = http.get(url, { headers: { cookie } }, (response) => {
        received.status = response.statusCode;
        received.type = response.headers['content-type'];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          wake?.();
        });
        response.on('end', resolve);
        response.on('error', resolve);
      });
      request.on('error', reject);
    });
    return received;
  }

  it("sends a change after each entry and confirmation of its table and each change of the event, not another table's, a heartbeat every 25 s, and ends with the server", async () => {
    const s = await buildTestApp();
    const organiser = await buildUser(s.app, { names: 'Stella Stream' });
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: organiser.email, password: organiser.password },
    });
    const owner = clientOf(s.app, organiser, `bridge_session=${login.cookies.find((c) => c.name === 'bridge_session')!.value}`);
    const event = await eventWithCodes(owner, s.app);
    const table1 = await phone(event, 1, s.app);
    const table2 = await phone(event, 2, s.app);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    // The stream's heartbeat on a clock of the test's own.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stream = listen(`http://127.0.0.1:${port}${tableUrl(event.key, 1)}/stream`, table1.cookie!);
    await stream.until('retry:');
    expect(stream.status).toBe(200);
    expect(stream.type).toMatch(/^text\/event-stream/);
    expect(stream.text()).not.toContain('event: change');
    expect(stream.text()).not.toContain(': heartbeat');
    vi.advanceTimersByTime(25_000);
    await stream.until(': heartbeat\n\n');

    // Another table's entry is that table's business: this table's phones are not told (the heartbeat written after
    // it comes first, so no change was sent before it).
    await table2.post(`${tableUrl(event.key, 2)}/results`, entry(3));
    vi.advanceTimersByTime(25_000);
    await stream.until(': heartbeat\n\n', 2);
    vi.useRealTimers();
    const change = 'event: change\ndata: {}\n\n';
    expect(stream.text()).not.toContain(change);

    // This table's entry and confirmation, and the organiser's result for the event, are told, each in turn.
    let told = 0;
    for (const send of [
      () => table1.post(`${tableUrl(event.key, 1)}/results`, entry(1)),
      () => table1.post(`${tableUrl(event.key, 1)}/results/1/confirm`),
      () => owner.post(`/api/v1/tournaments/${event.key}/results`, { ...firstResult, board: 2 }),
    ]) {
      expect((await send()).statusCode).toBe(200);
      await stream.until(change, ++told);
    }

    // Without a table session the stream does not open.
    const refused = listen(`http://127.0.0.1:${port}${tableUrl(event.key, 1)}/stream`, table2.cookie!);
    await refused.ended;
    expect(refused.status).toBe(403);

    // Closing the server ends the open stream, so shutdown does not wait on it.
    await s.close();
    await stream.ended;
  });
});

describe('the API description', () => {
  it('documents every call of the tables', async () => {
    const paths = Object.keys((await as.anonymous.get('/api/docs/json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/tournaments/{key}/tables',
        '/api/v1/tables/{key}/{table}/open',
        '/api/v1/tables/{key}/{table}',
        '/api/v1/tables/{key}/{table}/stream',
        '/api/v1/tables/{key}/{table}/results',
        '/api/v1/tables/{key}/{table}/results/{board}/confirm',
        '/api/v1/tables/{key}/{table}/results/{board}/reject',
        '/api/v1/tables/{key}/{table}/traveller/{board}',
      ]),
    );
  });
});
