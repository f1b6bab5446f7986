import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type PastEvent } from '@bridge/api';
import type { Insertable } from 'kysely';
import type { TournamentsTable } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildCompletedEvent, buildSeatedEvent, buildTournament, buildUser, clientOf, login, type Client } from '../../../test/factories.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof buildUser>>;
let organiserClient: Client;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  organiser = await buildUser(t.app, { names: 'Olga Organiser', contact: '+919876543210' });
  organiserClient = clientOf(t.app, organiser, await login(t.app, organiser));
  adminCookie = await login(t.app, await buildUser(t.app, { role: 'admin' }), '/api/admin/v1/user/login');
});
afterAll(async () => t.close());

const admin = (method: 'GET' | 'DELETE', url: string) => t.app.inject({ method, url: `/api/admin/v1${url}`, headers: { cookie: adminCookie } });
const adminGet = async (url: string) => {
  const response = await admin('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
};

/** An event made through the organiser API, like the Organizer app makes one. */
const createEvent = async (gameDetails: Record<string, unknown> = {}) =>
  (await buildTournament(t.app, { organiser: organiserClient, gameDetails })).key;
const line = { round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1, declarer: 'S', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 10 };
/** The same event with nobody seated, `line` posted and completed. */
const completedEvent = async (gameDetails: Record<string, unknown> = {}) =>
  (await buildCompletedEvent(t.app, { organiser: organiserClient, gameDetails, seats: [], results: [line] })).key;

/** Many events straight in the database, for the paging and filter tests. */
let counter = 0;
async function insertEvents(n: number, overrides: Partial<Insertable<TournamentsTable>> = {}) {
  const rows = Array.from({ length: n }, () => ({
    key: `bulk${randomBytes(4).toString('hex')}`,
    organiserId: organiser.id,
    tables: 3,
    boardsPerRound: 2,
    type: 1,
    typeName: `Bulk ${counter++}`,
    players: 12,
    rounds: 3,
    movementType: 'Mitchell' as const,
    scoreType: 'IMP' as const,
    impMethod: null,
    handMode: 'Random' as const,
    liveTableEvent: false,
    kibitzersEnabled: false,
    status: 'complete' as const,
    xmlToken: null,
    resultId: null,
    completedAt: new Date(),
    ...overrides,
  }));
  return (await t.database.db.insertInto('tournaments').values(rows).returning('key').execute()).map((r) => r.key);
}

async function allPages(url: string, limit: number) {
  const keys: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const result = await adminGet(`${url}${sep}limit=${limit}${cursor ? `&lastDocId=${cursor}` : ''}`);
    expect(result.data.length).toBeLessThanOrEqual(limit);
    keys.push(...result.data.map((e: { key?: string; tournament: { key: string } }) => e.tournament.key));
    cursor = result.lastDocId;
    pages++;
  } while (cursor && pages < 100);
  return keys;
}

describe('active events (GET /tournaments/active)', () => {
  it('lists events in play with their details as a JSON string and the organiser, leaving out completed and solitaire events', async () => {
    const live = await createEvent({ typeName: 'Tuesday Live' });
    const solitaire = await createEvent({ type: 5, typeName: 'Solo' });
    const done = await completedEvent();
    const { data } = await adminGet('/tournaments/active?limit=100');
    const record = data.find((e: { key: string }) => e.key === live);
    expect(record).toEqual({
      objectId: expect.any(String),
      id: record.objectId,
      key: live,
      tables: 3,
      details: expect.any(String),
      createdAt: expect.any(String),
      userData: { names: 'Olga Organiser', email: organiser.email, contact: '+919876543210' },
      tournament: { key: live },
    });
    expect(JSON.parse(record.details)).toMatchObject({
      typeName: 'Tuesday Live',
      movementType: 'Mitchell',
      scoreType: 'Match Point',
      handgeneratedModeAsString: 'Random',
      liveTableEvent: true,
      kibtzersEnabled: false,
    });
    const keys = data.map((e: { key: string }) => e.key);
    expect(keys).not.toContain(done);
    expect(keys).not.toContain(solitaire);
    const solitaires = (await adminGet('/tournaments/active?type=solitaire&limit=100')).data.map((e: { key: string }) => e.key);
    expect(solitaires).toEqual([solitaire]);
  });
});

describe('past events (GET /tournaments/complete)', () => {
  it('answers the past-event record with scoreData as round -> board -> table, contract as level,suit', async () => {
    const { key, xmlToken, resultId } = await buildCompletedEvent(t.app, {
      organiser: organiserClient,
      gameDetails: { typeName: 'Scored Pairs', scoreType: 'IMP' },
      seats: [
        { bot: 'Asha', table: 1, side: 0 },
        { bot: 'Chen', table: 1, side: 1 },
        { bot: 'Bala', table: 1, side: 2 },
        { bot: 'Devi', table: 1, side: 3 },
      ],
      results: [
        line,
        { ...line, board: 2, declarer: 'E', contract: { level: 4, strain: 'H', doubled: 1 }, tricks: 8 },
        { ...line, board: 3, table: 2, nsPair: 2, ewPair: 2, declarer: null, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: 0 },
        { round: 1, board: 4, table: 2, nsPair: 2, ewPair: 2, adjusted: { ns: 'A+', ew: 'A-' } },
      ],
    });

    const { data } = await adminGet(`/tournaments/search?query=${key}`);
    expect(data).toHaveLength(1);
    const record = data[0] as PastEvent;
    expect(record).toMatchObject({
      objectId: expect.any(String),
      createdAt: expect.any(String),
      completedAt: expect.any(String),
      resultId,
      xmlToken,
      userData: { names: 'Olga Organiser', email: organiser.email, contact: '+919876543210' },
      tournament: { key, tables: 3, gameDetails: expect.any(String) },
    });
    expect(JSON.parse(record.tournament.gameDetails)).toMatchObject({ type: 1, typeName: 'Scored Pairs', scoreType: 'IMP', players: 12, rounds: 3 });
    const round1 = record.scoreData.round_number_1!;
    expect(Object.keys(record.scoreData)).toEqual(['round_number_1']);
    expect(Object.keys(round1).sort()).toEqual(['board_number_1', 'board_number_2', 'board_number_3', 'board_number_4']);
    expect(round1.board_number_1!.table_1).toEqual({
      table: 1,
      North: 'Asha',
      South: 'Bala',
      East: 'Chen',
      West: 'Devi',
      ns: 1,
      ew: 1,
      score: 430,
      dealer: 'N',
      declarer: 'S',
      contract: '3,5',
      doubled: 0,
      nsTricks: 10,
      ewTricks: 3,
      totalTricks: 13,
      vulnerable: 'None',
      adjusted: null,
    });
    // 4♥ doubled by East, two down, North-South vulnerable on board 2 (East-West not): +300 to North-South.
    expect(round1.board_number_2!.table_1).toMatchObject({
      declarer: 'E',
      contract: '4,3',
      doubled: 1,
      nsTricks: 5,
      ewTricks: 8,
      score: 300,
      dealer: 'E',
      vulnerable: 'NS',
    });
    expect(round1.board_number_3!.table_2).toMatchObject({ contract: 'Pass', declarer: null, score: 0, nsTricks: null, North: null });
    expect(round1.board_number_4!.table_2).toMatchObject({ contract: null, score: null, adjusted: 'A+/A-' });
  });

  it('pages through every completed event with cursors, without a duplicate, newest first', async () => {
    const inserted = await insertEvents(27, { typeName: 'Paged Pairs' });
    const keys = await allPages('/tournaments/complete?query=Paged%20Pairs', 10);
    expect(keys).toHaveLength(27);
    expect(new Set(keys)).toEqual(new Set(inserted));
    // The same rows as jumping to page 2 by number.
    const page2 = (await adminGet('/tournaments/complete?query=Paged%20Pairs&limit=10&page=2')).data.map((e: PastEvent) => e.tournament.key);
    expect(page2).toEqual(keys.slice(10, 20));
    // Every completed pair event, with no filter, pages the same way.
    const total = Number(
      (
        await t.database.db
          .selectFrom('tournaments')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'complete')
          .where('type', '!=', 5)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const everything = await allPages('/tournaments/complete', 7);
    expect(everything).toHaveLength(total);
    expect(new Set(everything).size).toBe(total);
  });

  it.each([
    ['scoreType=IMP', (e: Record<string, unknown>) => e.scoreType === 'IMP'],
    ['scoreType=Match%20Point', (e: Record<string, unknown>) => e.scoreType === 'Match Point'],
    ['movementType=Mitchell', (e: Record<string, unknown>) => e.movementType === 'Mitchell'],
    ['movementType=Howell', (e: Record<string, unknown>) => e.movementType === 'Howell'],
    ['liveTable=true', (e: Record<string, unknown>) => e.liveTableEvent === true],
    ['kibitzers=true', (e: Record<string, unknown>) => e.kibtzersEnabled === true],
    ['hybrid=true', (e: Record<string, unknown>) => e.handgeneratedModeAsString === 'Hybrid'],
    ['type=solitaire', (e: Record<string, unknown>) => e.type === 5],
  ])('the chip %s keeps exactly the matching events', async (filter, matches) => {
    await insertEvents(1, { typeName: 'Chip IMP', scoreType: 'IMP' });
    await insertEvents(1, { typeName: 'Chip MP', scoreType: 'Match Point' });
    await insertEvents(1, { typeName: 'Chip Howell', movementType: 'Howell' });
    await insertEvents(1, { typeName: 'Chip Live', liveTableEvent: true });
    await insertEvents(1, { typeName: 'Chip Kibitz', kibitzersEnabled: true });
    await insertEvents(1, { typeName: 'Chip Hybrid', handMode: 'Hybrid' });
    await insertEvents(1, { typeName: 'Chip Solitaire', type: 5 });
    const all = (await adminGet('/tournaments/complete?type=all&query=Chip&limit=100')).data as PastEvent[];
    const filtered = (await adminGet(`/tournaments/complete?${filter}${filter.startsWith('type=') ? '' : '&type=all'}&query=Chip&limit=100`))
      .data as PastEvent[];
    const expected = all.filter((e) => matches(JSON.parse(e.tournament.gameDetails)));
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    expect(filtered.map((e) => e.tournament.key).sort()).toEqual(expected.map((e) => e.tournament.key).sort());
  });

  it('finds exactly one event by its key, of either kind, and nothing for a part of a key', async () => {
    const [pair] = await insertEvents(1, { typeName: 'Keyed Pairs' });
    const [solo] = await insertEvents(1, { typeName: 'Keyed Solitaire', type: 5 });
    expect((await adminGet(`/tournaments/complete?type=all&key=${pair}`)).data.map((e: PastEvent) => e.tournament.key)).toEqual([pair]);
    expect((await adminGet(`/tournaments/complete?type=all&key=${solo}`)).data.map((e: PastEvent) => e.tournament.key)).toEqual([solo]);
    expect((await adminGet(`/tournaments/complete?type=all&key=${pair!.slice(0, 5)}`)).data).toEqual([]);
    expect((await adminGet(`/tournaments/active?type=all&key=${pair}`)).data).toEqual([]);
  });

  it('leaves solitaire events out of the pair list and keeps only them in the solitaire list', async () => {
    const [solo] = await insertEvents(1, { typeName: 'Lonely Solitaire', type: 5 });
    expect((await adminGet('/tournaments/complete?query=Lonely')).data).toEqual([]);
    expect((await adminGet('/tournaments/complete?type=solitaire&query=Lonely')).data.map((e: PastEvent) => e.tournament.key)).toEqual([solo]);
  });

  it('refuses a malformed cursor and an oversized page', async () => {
    expect((await admin('GET', '/tournaments/complete?lastDocId=nope')).statusCode).toBe(400);
    expect((await admin('GET', '/tournaments/complete?limit=1000')).statusCode).toBe(400);
    expect((await admin('GET', '/tournaments/complete?scoreType=Rubber')).statusCode).toBe(400);
  });
});

describe('event search (GET /tournaments/search)', () => {
  it('finds events by any part of the key or title, completed by default, in play with status=active', async () => {
    const live = await createEvent({ typeName: 'Findable Wednesday' });
    const done = await completedEvent({ typeName: 'Findable Thursday' });
    const keysOf = async (url: string) => (await adminGet(url)).data.map((e: { tournament: { key: string } }) => e.tournament.key);
    expect(await keysOf('/tournaments/search?query=findable')).toEqual([done]);
    expect(await keysOf('/tournaments/search?query=FINDABLE%20WED&status=active')).toEqual([live]);
    expect(await keysOf(`/tournaments/search?query=${done.slice(2, 8)}`)).toContain(done);
    expect(await keysOf('/tournaments/search?query=no%20such%20event%20anywhere')).toEqual([]);
  });
});

describe('deleting an event (DELETE /tournaments/complete/delete)', () => {
  it('removes the event with its participants, board results, pair scores and boards in one go, audited', async () => {
    const { key } = await buildCompletedEvent(t.app, {
      organiser: organiserClient,
      gameDetails: { typeName: 'Doomed Pairs' },
      seats: [
        { bot: 'Bot N', table: 1, side: 0 },
        { bot: 'Bot S', table: 1, side: 2 },
      ],
      results: [line],
    });
    const { id } = await t.database.db.selectFrom('tournaments').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    const count = async (table: 'participants' | 'boardResults' | 'pairScores' | 'boards') =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tournamentId', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      participants: await count('participants'),
      boardResults: await count('boardResults'),
      pairScores: await count('pairScores'),
      boards: await count('boards'),
    };
    expect(before).toEqual({ participants: 2, boardResults: 1, pairScores: expect.any(Number), boards: 6 });
    expect(before.pairScores).toBeGreaterThan(0);

    const response = await admin('DELETE', `/tournaments/complete/delete?key=${key}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({ message: messages.eventDeleted, deleted: before });
    expect(await t.database.db.selectFrom('tournaments').selectAll().where('id', '=', id).execute()).toEqual([]);
    for (const table of ['participants', 'boardResults', 'pairScores', 'boards'] as const) expect(await count(table)).toBe(0);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'admin.event.delete')
      .where('target', '=', key)
      .execute();
    // The row keeps the event's title beside its key, so the audit list can name the event.
    expect(audit).toEqual([
      expect.objectContaining({ outcome: 'success', details: expect.objectContaining({ title: 'Doomed Pairs', boardResults: 1, participants: 2 }) }),
    ]);
    expect((await admin('DELETE', `/tournaments/complete/delete?key=${key}`)).statusCode).toBe(404);
  });

  it('changes nothing when the event does not exist', async () => {
    const response = await admin('DELETE', '/tournaments/complete/delete?key=nosuchkey1');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(messages.eventNotFound);
  });
});

describe('participants of an event (GET /participants/all)', () => {
  it('answers every participant with table, side, bot flag and user data; search by name, email or contact', async () => {
    const priya = await buildUser(t.app, { names: 'Priya Player', contact: '+919812345678' });
    const { key } = await buildSeatedEvent(t.app, {
      organiser: organiserClient,
      gameDetails: { typeName: 'Seated Pairs' },
      seats: [
        { user: priya, table: 1, side: 0 },
        { bot: 'Robot East', table: 1, side: 1 },
        { bot: 'Kibitzer Kay', table: 2, side: 7 },
      ],
    });
    const all = await adminGet(`/participants/all?key=${key}`);
    // Registered At is the account's own date, not the seat's.
    const registered = await t.database.db.selectFrom('users').select('createdAt').where('email', '=', priya.email).executeTakeFirstOrThrow();
    expect(all).toEqual([
      {
        objectId: expect.any(String),
        key,
        table: 1,
        side: 0,
        isBot: false,
        createdAt: expect.any(String),
        editedAt: expect.any(String),
        registeredAt: registered.createdAt.toISOString(),
        userData: { names: 'Priya Player', email: priya.email, contact: '+919812345678' },
      },
      expect.objectContaining({ table: 1, side: 1, isBot: true, registeredAt: null, userData: { names: 'Robot East', email: null, contact: null } }),
      expect.objectContaining({ table: 2, side: 7 }),
    ]);
    expect((await adminGet(`/participants/all?key=${key}&query=robot`)).map((p: { table: number; side: number }) => p.side)).toEqual([1]);
    expect((await adminGet(`/participants/all?key=${key}&query=98123`)).map((p: { side: number }) => p.side)).toEqual([0]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await adminGet(`/participants/all?key=${key}&startDate=${today}&endDate=${today}`)).toHaveLength(3);
    expect(await adminGet(`/participants/all?key=${key}&startDate=2020-01-01&endDate=2020-01-31`)).toEqual([]);
    expect((await admin('GET', '/participants/all?key=nosuchkey2')).statusCode).toBe(404);
  });
});

describe('the audit row and the change are one transaction', () => {
  it('keeps the event when its audit row cannot be written', async () => {
    const key = await completedEvent({ typeName: 'Survivor Pairs' });
    const { sql } = await import('kysely');
    await sql`create function refuse_event_audit() returns trigger language plpgsql as $$
      begin if new.action = 'admin.event.delete' then raise exception 'audit refused'; end if; return new; end $$`.execute(t.database.db);
    await sql`create trigger refuse_event_audit before insert on audit_log for each row execute function refuse_event_audit()`.execute(t.database.db);
    try {
      const response = await admin('DELETE', `/tournaments/complete/delete?key=${key}`);
      expect(response.statusCode).toBe(500);
      const rows = await t.database.db
        .selectFrom('tournaments')
        .innerJoin('boardResults', 'boardResults.tournamentId', 'tournaments.id')
        .select('tournaments.key')
        .where('tournaments.key', '=', key)
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await sql`drop trigger refuse_event_audit on audit_log`.execute(t.database.db);
      await sql`drop function refuse_event_audit()`.execute(t.database.db);
    }
  });
});
