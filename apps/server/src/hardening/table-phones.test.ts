import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildSeatedEvent, buildUser, clientOf, login, type Client } from '../../test/factories.ts';
import { tableCards } from '../modules/directing/print-service.ts';
import { WRONG_CODES_PER_ADDRESS, WRONG_CODES_PER_EVENT, WRONG_CODES_PER_PHONE, WRONG_CODES_PER_TABLE } from '../modules/tables/service.ts';

// Attacks through the table phones: reading a board's traveller by entering a placeholder that East-West then
// reject, guessing a table's code from many addresses, locking a club out from its own Wi-Fi, and a phone's
// entry at an online event's table (which would show the board's deal to its players while the board is played).

const t = await buildTestApp();
const as = await t.roles();
const db = t.app.database.db;
const tableUrl = (key: string, table: number) => `/api/v1/tables/${key}/${table}`;
const TOO_MANY_FROM_PHONE = 'Too many wrong table codes; wait 15 minutes and try again';
const LOCKED = "Too many wrong codes were tried at this event's tables; wait 15 minutes and try again";
const ONLINE = 'This event is played online: its results come from the online tables, not from table phones';

interface PhoneEvent {
  id: string;
  key: string;
  codes: Map<number, string>;
  players: { N: Client; E: Client };
}

/** A started Mitchell (3 tables unless told) of 3 rounds, 2 boards a round, played in a club (not online), its codes made. */
async function clubEvent(tables = 3): Promise<PhoneEvent> {
  const north = await buildUser(t.app, { names: 'Nora North' });
  const east = await buildUser(t.app, { names: 'Ed East' });
  const event = await buildSeatedEvent(t.app, {
    organiser: as.owner,
    tables,
    gameDetails: { liveTableEvent: false },
    seats: [
      { table: 1, side: 0, user: north },
      { table: 1, side: 1, user: east },
      { table: 1, side: 2, bot: 'Robot South' },
      { table: 1, side: 3, bot: 'Robot West' },
    ],
  });
  const listed = await as.owner.get(`/api/v1/tournaments/${event.key}/tables`);
  expect(listed.statusCode, listed.body).toBe(200);
  const codes = new Map<number, string>((listed.json().result as { table: number; code: string }[]).map((c) => [c.table, c.code]));
  expect((await as.owner.post(`/api/v1/direct/events/${event.key}/start`)).statusCode).toBe(200);
  const players = {
    N: clientOf(t.app, north, await login(t.app, north)),
    E: clientOf(t.app, east, await login(t.app, east)),
  };
  return { id: event.id, key: event.key, codes, players };
}

const wrongCode = (code: string, by = 1) => String((Number(code) + by) % 1_000_000).padStart(6, '0');

/** One try at a table's code from an address, with the phone's own cookie when it has one. */
function open(key: string, table: number, code: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${tableUrl(key, table)}/open`,
    payload: { code },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name)?.value;

/** A phone holding the table. */
async function phone(event: PhoneEvent, table: number): Promise<Client> {
  const response = await open(event.key, table, event.codes.get(table)!, '127.0.0.1');
  expect(response.statusCode, response.body).toBe(200);
  return clientOf(t.app, null, `bridge_table=${cookieOf(response, 'bridge_table')}`);
}

const sessionsOf = (event: PhoneEvent) => db.selectFrom('tableSessions').select('tableNo').where('tournamentId', '=', event.id).execute();

let entries = 0;
const entry = (board: number, more: Record<string, unknown> = {}) => ({
  board,
  declarer: 'N',
  contract: { level: 4, strain: 'S', doubled: 0 },
  tricks: 10,
  entryId: `phone-entry-${++entries}-${Date.now()}`,
  ...more,
});

describe("a board's traveller at the table", () => {
  it('stays hidden after North enters a placeholder and East-West reject it; the director still sees the withdrawn entry', async () => {
    const event = await clubEvent();
    const table1 = await phone(event, 1);
    const at = tableUrl(event.key, 1);
    // Board 1 was played at table 3 in round 2 (the director's line): what a traveller would show.
    const other = { round: 2, board: 1, table: 3, nsPair: 3, ewPair: 2, declarer: 'S', contract: { level: 6, strain: 'NT', doubled: 0 }, tricks: 12 };
    expect((await as.owner.post(`/api/v1/tournaments/${event.key}/results`, other)).statusCode).toBe(200);

    // North enters a placeholder: the traveller waits for East-West.
    expect((await table1.post(`${at}/results`, entry(1, { contract: { level: 1, strain: 'C', doubled: 0 }, tricks: 7 }))).statusCode).toBe(200);
    const entered = await table1.get(`${at}/traveller/1`);
    expect(entered.statusCode).toBe(403);
    expect(entered.json().error).toBe("Board 1's traveller shows once East-West have confirmed this table's result");
    expect(entered.body).not.toContain('6NT');

    // East-West reject it: still nothing to read.
    expect((await table1.post(`${at}/results/1/reject`)).statusCode).toBe(200);
    const rejected = await table1.get(`${at}/traveller/1`);
    expect(rejected.statusCode).toBe(403);
    expect(rejected.body).not.toContain('"nsScore"');

    // The director's grid still lists the entry East-West withdrew.
    const live = (await as.owner.get(`/api/v1/direct/events/${event.key}`)).json().result;
    const board1 = live.grid.find((c: { round: number; table: number }) => c.round === 1 && c.table === 1).boards[0];
    expect(board1).toMatchObject({ board: 1, status: 'missing', entry: null });
    expect(board1.withdrawn).toEqual([
      {
        entry: { declarer: 'N', contract: { level: 1, strain: 'C', doubled: 0 }, tricks: 7, lead: null },
        contract: '1C N',
        nsScore: 70,
        at: expect.any(String),
        reason: 'rejected',
      },
    ]);

    // Entered again and confirmed: now the traveller shows, both lines.
    expect((await table1.post(`${at}/results`, entry(1))).statusCode).toBe(200);
    expect((await table1.post(`${at}/results/1/confirm`)).statusCode).toBe(200);
    const shown = await table1.get(`${at}/traveller/1`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().result.lines.map((l: { table: number; nsScore: number }) => [l.table, l.nsScore])).toEqual([
      [1, 420],
      [3, 990],
    ]);
    // A confirmed board entered again waits for East-West again, and so does its traveller.
    expect((await table1.post(`${at}/results`, entry(1, { tricks: 9 }))).statusCode).toBe(200);
    expect((await table1.get(`${at}/traveller/1`)).statusCode).toBe(403);
  });
  it('keeps a confirmed line that the table enters again as replaced, for the director to see', async () => {
    const event = await clubEvent();
    const table1 = await phone(event, 1);
    const at = tableUrl(event.key, 1);
    const other = { round: 2, board: 1, table: 3, nsPair: 3, ewPair: 2, declarer: 'S', contract: { level: 6, strain: 'NT', doubled: 0 }, tricks: 12 };
    expect((await as.owner.post(`/api/v1/tournaments/${event.key}/results`, other)).statusCode).toBe(200);

    // Whoever holds the phone enters a made-up line, confirms it as East-West, and reads the traveller.
    expect((await table1.post(`${at}/results`, entry(1, { contract: { level: 1, strain: 'C', doubled: 0 }, tricks: 7 }))).statusCode).toBe(200);
    expect((await table1.post(`${at}/results/1/confirm`)).statusCode).toBe(200);
    const read = await table1.get(`${at}/traveller/1`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).toContain('990');
    // Then the true line: it waits for East-West, and the made-up one is not lost.
    expect((await table1.post(`${at}/results`, entry(1))).statusCode).toBe(200);

    const live = (await as.owner.get(`/api/v1/direct/events/${event.key}`)).json().result;
    const board1 = live.grid.find((c: { round: number; table: number }) => c.round === 1 && c.table === 1).boards[0];
    expect(board1).toMatchObject({ board: 1, status: 'entered', contract: '4S N', nsScore: 420 });
    expect(board1.withdrawn).toEqual([
      {
        entry: { declarer: 'N', contract: { level: 1, strain: 'C', doubled: 0 }, tricks: 7, lead: null },
        contract: '1C N',
        nsScore: 70,
        at: expect.any(String),
        reason: 'replaced',
      },
    ]);
    // A line replaced before East-West confirmed it is a correction: nothing more is kept.
    expect((await table1.post(`${at}/results`, entry(1, { tricks: 9 }))).statusCode).toBe(200);
    const again = (await as.owner.get(`/api/v1/direct/events/${event.key}`)).json().result;
    expect(again.grid.find((c: { round: number; table: number }) => c.round === 1 && c.table === 1).boards[0].withdrawn).toHaveLength(1);
  });
});

describe('guessing a table code', () => {
  it('counts wrong codes per table however many addresses they come from', async () => {
    const event = await clubEvent();
    const right = event.codes.get(1)!;
    for (let i = 0; i < WRONG_CODES_PER_TABLE; i++) {
      const response = await open(event.key, 1, wrongCode(right, i + 1), `203.0.113.${i + 1}`);
      expect(response.statusCode).toBe(403);
    }
    // The next try at table 1, from an address that never tried, is not looked at: even the right code waits.
    const locked = await open(event.key, 1, right, '192.0.2.200');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: LOCKED, code: 'rate_limited' });
    expect(await sessionsOf(event)).toEqual([]);
    // The event's other tables still open.
    expect((await open(event.key, 2, event.codes.get(2)!, '192.0.2.200')).statusCode).toBe(200);
  });

  it('counts wrong codes per event however they are spread over its tables and addresses', async () => {
    const event = await clubEvent(6);
    const perTable = Math.ceil(WRONG_CODES_PER_EVENT / 6);
    expect(perTable).toBeLessThanOrEqual(WRONG_CODES_PER_TABLE);
    let tries = 0;
    for (const table of [1, 2, 3, 4, 5, 6])
      for (let i = 0; i < perTable && tries < WRONG_CODES_PER_EVENT; i++, tries++) {
        const response = await open(event.key, table, wrongCode(event.codes.get(table)!, i + 1), `198.18.${table}.${i + 1}`);
        expect(response.statusCode).toBe(403);
      }
    const locked = await open(event.key, 3, event.codes.get(3)!, '192.0.2.201');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(LOCKED);
    // Another event is not held by this one's guesses.
    const elsewhere = await clubEvent();
    expect((await open(elsewhere.key, 3, elsewhere.codes.get(3)!, '192.0.2.201')).statusCode).toBe(200);
  });

  it("opens a table with the right code from a club's address where other phones typed many wrong ones", async () => {
    const event = await clubEvent();
    const club = '198.51.100.60';
    // One phone at the club types wrong codes until it is told to wait; it keeps its own cookie.
    let mistyper: string | undefined;
    for (let i = 0; i < WRONG_CODES_PER_PHONE; i++) {
      const response = await open(event.key, 1, wrongCode(event.codes.get(1)!, i + 1), club, mistyper && `bridge_phone=${mistyper}`);
      expect(response.statusCode).toBe(403);
      mistyper ??= cookieOf(response, 'bridge_phone');
    }
    expect(mistyper).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const waits = await open(event.key, 1, event.codes.get(1)!, club, `bridge_phone=${mistyper}`);
    expect(waits.statusCode).toBe(429);
    expect(waits.json().error).toBe(TOO_MANY_FROM_PHONE);
    // Other phones at the same address mistype too, one each.
    for (const table of [2, 3]) expect((await open(event.key, table, wrongCode(event.codes.get(table)!), club)).statusCode).toBe(403);
    // A phone at the club with the right code opens its table: first a new one, then one that mistyped once.
    const fresh = await open(event.key, 1, event.codes.get(1)!, club);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const once = await open(event.key, 2, wrongCode(event.codes.get(2)!, 7), club);
    expect(once.statusCode).toBe(403);
    const again = await open(event.key, 2, event.codes.get(2)!, club, `bridge_phone=${cookieOf(once, 'bridge_phone')}`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await sessionsOf(event)).map((s) => s.tableNo).sort()).toEqual([1, 2]);
  });

  it('counts an IPv6 address by its /64 over every event', async () => {
    const events = [await clubEvent(), await clubEvent(), await clubEvent()];
    const perEvent = Math.ceil(WRONG_CODES_PER_ADDRESS / 2);
    expect(perEvent).toBeLessThan(WRONG_CODES_PER_EVENT);
    let tries = 0;
    // Two addresses of one /64, written differently, guess at two events, a table at a time under its limit.
    for (const [n, event] of events.slice(0, 2).entries()) {
      const address = n === 0 ? '2001:db8:1:2::a' : '2001:0db8:0001:0002:ffff:0:0:b';
      for (let i = 0; i < perEvent && tries < WRONG_CODES_PER_ADDRESS; i++, tries++) {
        const table = (i % 3) + 1;
        expect((await open(event.key, table, wrongCode(event.codes.get(table)!, i + 1), address)).statusCode).toBe(403);
      }
    }
    const third = events[2]!;
    const sameNetwork = await open(third.key, 1, third.codes.get(1)!, '2001:db8:1:2:abcd::1');
    expect(sameNetwork.statusCode).toBe(429);
    expect(sameNetwork.json().error).toBe(TOO_MANY_FROM_PHONE);
    // The next /64 is another address.
    expect((await open(third.key, 1, third.codes.get(1)!, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('lets a phone that held the table open it again with its code while the table is held for guessing', async () => {
    const event = await clubEvent();
    const first = await open(event.key, 1, event.codes.get(1)!, '192.0.2.50');
    expect(first.statusCode).toBe(200);
    const held = cookieOf(first, 'bridge_phone');
    for (let i = 0; i < WRONG_CODES_PER_TABLE; i++) await open(event.key, 1, wrongCode(event.codes.get(1)!, i + 1), `203.0.113.${i + 1}`);
    expect((await open(event.key, 1, event.codes.get(1)!, '192.0.2.51')).statusCode).toBe(429);
    expect((await open(event.key, 1, event.codes.get(1)!, '192.0.2.50', `bridge_phone=${held}`)).statusCode).toBe(200);
    // It held table 1 only: that does not let it past another table's count.
    for (let i = 0; i < WRONG_CODES_PER_TABLE; i++) await open(event.key, 2, wrongCode(event.codes.get(2)!, i + 1), `203.0.114.${i + 1}`);
    const other = await open(event.key, 2, event.codes.get(2)!, '192.0.2.50', `bridge_phone=${held}`);
    expect(other.statusCode).toBe(429);
    expect(other.json().error).toBe(LOCKED);
  });
});

describe('table phones at an online event', () => {
  it("give no codes, open no table and enter nothing, so a phone cannot show a board's deal mid-board", async () => {
    const event = await clubEvent();
    const table1 = await phone(event, 1);
    // The event goes online (the codes and the phone's session were made before).
    await db.updateTable('tournaments').set({ liveTableEvent: true }).where('id', '=', event.id).execute();

    const codes = await as.owner.get(`/api/v1/tournaments/${event.key}/tables`);
    expect(codes.statusCode).toBe(409);
    expect(codes.json().error).toBe(ONLINE);
    const opened = await open(event.key, 2, event.codes.get(2)!, '192.0.2.60');
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toMatchObject({ error: ONLINE, code: 'conflict' });
    expect(cookieOf(opened, 'bridge_table')).toBeUndefined();

    const entered = await table1.post(`${tableUrl(event.key, 1)}/results`, entry(1));
    expect(entered.statusCode).toBe(409);
    expect(entered.json().error).toBe(ONLINE);
    expect(await db.selectFrom('boardResults').select('id').where('tournamentId', '=', event.id).execute()).toEqual([]);
    expect(await db.selectFrom('tableEntries').select('entryId').where('tournamentId', '=', event.id).execute()).toEqual([]);
    // Board 1 is still being played at table 1: its players do not see its deal.
    for (const player of [event.players.N, event.players.E]) {
      const review = await player.get(`/api/v1/play/${event.key}/boards/1`);
      expect(review.statusCode, review.body).toBe(200);
      expect(review.json().result.deal).toBeNull();
    }

    // A line the online table wrote is not the phone's to confirm or reject.
    await db
      .insertInto('boardResults')
      .values({
        tournamentId: event.id,
        round: 1,
        boardNo: 2,
        tableNo: 1,
        nsPair: 1,
        ewPair: 1,
        declarer: 'N',
        level: 3,
        strain: 'NT',
        doubled: 0,
        tricks: 9,
        nsScore: 400,
        status: 'entered',
      })
      .execute();
    for (const action of ['confirm', 'reject']) {
      const refused = await table1.post(`${tableUrl(event.key, 1)}/results/2/${action}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(ONLINE);
    }
    expect(await db.selectFrom('boardResults').select('status').where('tournamentId', '=', event.id).execute()).toEqual([{ status: 'entered' }]);
  });

  it('prints no codes on the table cards of an online event', async () => {
    const event = await clubEvent();
    await db.updateTable('tournaments').set({ liveTableEvent: true }).where('id', '=', event.id).execute();
    const row = await db.selectFrom('tournaments').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
    const { cards } = await tableCards(db, row, t.app.config.publicUrl);
    expect(cards.map((c) => [c.table, c.code, c.url])).toEqual([
      [1, null, null],
      [2, null, null],
      [3, null, null],
    ]);
  });
});
