import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardsOfSet, mitchell } from '@bridge/engine';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildClient, buildTournament, buildUser, login, type Client, type EventOptions } from '../../test/factories.ts';

// Attacks on the organiser API: statements too large for the database, races between changes of one event,
// numbers and dates out of the database's ranges. Races fire their requests together; on PostgreSQL they run
// at once on the pool's connections.

let t: TestApp;
let organiser: Client;
let cookie: string;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  organiser = await buildClient(t.app, { names: 'Olga Organiser' });
  cookie = organiser.cookie!;
  adminCookie = await login(t.app, await buildUser(t.app, { role: 'admin' }), '/api/admin/v1/user/login');
});
afterAll(async () => t.close());

const details = {
  type: 1,
  typeName: 'Race Pairs',
  players: 12,
  rounds: 3,
  movementType: 'Mitchell',
  scoreType: 'Match Point',
  handgeneratedModeAsString: 'Random',
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });
const createEvent = async (options: EventOptions = {}) =>
  (await buildTournament(t.app, { organiser, ...options, gameDetails: { ...details, liveTableEvent: false, ...options.gameDetails } })).key;
/** Every line of a 3-table Mitchell with 2 boards a round, NS making 3NT with tricks that depend on the table. */
const allLines = () =>
  mitchell(3).rows.flatMap((row) =>
    boardsOfSet(row.set, 2).map((board) => ({
      round: row.round,
      board,
      table: row.table,
      nsPair: row.ns,
      ewPair: row.ew,
      declarer: 'S',
      contract: { level: 3, strain: 'NT', doubled: 0 },
      tricks: 7 + row.table + (board % 2),
    })),
  );

describe('a very large event', () => {
  it('creates 200 tables of 30 boards (6,000 boards) and the database still answers the next request', async () => {
    const key = await createEvent({ tables: 200, boardsPerRound: 30, gameDetails: { rounds: 2 } });
    const boards = await t.database.db
      .selectFrom('boards')
      .innerJoin('tournaments', 'tournaments.id', 'boards.tournamentId')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tournaments.key', '=', key)
      .executeTakeFirstOrThrow();
    expect(Number(boards.n)).toBe(6000);
    const next = await createEvent();
    expect((await call('GET', `/api/v1/tournaments?key=${next}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/tournaments/${next}/results`, allLines()[0])).statusCode).toBe(200);
  });

  it('refuses sizes past what the movements and the database hold, with a clear message', async () => {
    for (const change of [{ tables: 201 }, { boardsPerRound: 37 }, { gameDetails: { ...details, rounds: 61 } }]) {
      const response = await call('POST', '/api/v1/tournaments', { tables: 3, boardsPerRound: 2, gameDetails: details, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });
});

describe('races on one event', () => {
  it('keeps "complete" final: results racing it land before it (and are ranked) or answer 409', async () => {
    const key = await createEvent();
    const [first, ...rest] = allLines();
    expect((await call('POST', `/api/v1/tournaments/${key}/results`, first)).statusCode).toBe(200);
    const posts = rest.map((line) => call('POST', `/api/v1/tournaments/${key}/results`, line));
    const [completed, ...answers] = await Promise.all([call('POST', `/api/v1/tournaments/${key}/complete`), ...posts]);
    expect(completed.statusCode, completed.body).toBe(200);
    for (const answer of answers) {
      expect([200, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409) expect(answer.json().error).toBe('This event is complete; its results can no longer change');
    }
    const stored = await t.database.db
      .selectFrom('boardResults')
      .innerJoin('tournaments', 'tournaments.id', 'boardResults.tournamentId')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tournaments.key', '=', key)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1 + answers.filter((a) => a.statusCode === 200).length);
    // The ranks stored at completion are the ones the results page computes from every stored line.
    const page = (await call('GET', `/api/v1/tournaments/${key}/results`)).json().result;
    const ranks = await t.database.db
      .selectFrom('pairScores')
      .innerJoin('tournaments', 'tournaments.id', 'pairScores.tournamentId')
      .select(['pairKey', 'boards', 'total', 'label'])
      .where('tournaments.key', '=', key)
      .execute();
    const byKey = (list: { pairKey?: string; key?: string; boards: number; total: number; label: string }[]) =>
      Object.fromEntries(list.map((p) => [p.pairKey ?? p.key, { boards: p.boards, total: p.total, label: p.label }]));
    expect(byKey(ranks)).toEqual(byKey(page.pairs));
  });

  it('answers the same result posted many times at once with 200 each, and stores it once', async () => {
    const key = await createEvent();
    const line = allLines()[0]!;
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('POST', `/api/v1/tournaments/${key}/results`, line)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await t.database.db
      .selectFrom('boardResults')
      .innerJoin('tournaments', 'tournaments.id', 'boardResults.tournamentId')
      .selectAll('boardResults')
      .where('tournaments.key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers a result posted while an admin deletes the event with 200 (before) or 404 (after), never 500', async () => {
    const key = await createEvent();
    const lines = allLines();
    const [deleted, ...answers] = await Promise.all([
      call('DELETE', `/api/admin/v1/tournaments/complete/delete?key=${key}`, undefined, adminCookie),
      ...lines.map((line) => call('POST', `/api/v1/tournaments/${key}/results`, line)),
    ]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const answer of answers) {
      expect([200, 404], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 404) expect(answer.json().error).toBe('Tournament not found');
    }
    expect(await t.database.db.selectFrom('tournaments').select('id').where('key', '=', key).execute()).toEqual([]);
  });

  it('answers seats and deals racing "complete" with 200 before it or 409 after', async () => {
    const key = await createEvent({ gameDetails: { handgeneratedModeAsString: 'Hybrid' } });
    expect((await call('POST', `/api/v1/tournaments/${key}/results`, allLines()[0])).statusCode).toBe(200);
    const deal = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
    const [completed, seat, board] = await Promise.all([
      call('POST', `/api/v1/tournaments/${key}/complete`),
      call('POST', `/api/v1/tournaments/${key}/participants`, { participants: [{ names: 'Bot', table: 2, side: 0, isBot: true }] }),
      call('PUT', `/api/v1/tournaments/${key}/boards/3`, { deal }),
    ]);
    expect(completed.statusCode).toBe(200);
    expect([200, 409]).toContain(seat.statusCode);
    expect([200, 409]).toContain(board.statusCode);
  });
});

describe('numbers and dates out of range', () => {
  it.each(['2147483648', '99999999999999999999', '7201', '0', '-1', '1.5'])('answers board %s in a path with 400', async (board) => {
    const key = await createEvent({ gameDetails: { handgeneratedModeAsString: 'Imported' } });
    const response = await call('PUT', `/api/v1/tournaments/${key}/boards/${board}`, {
      deal: 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96',
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('answers out-of-range numbers in a posted result with 400', async () => {
    const key = await createEvent();
    for (const field of ['round', 'board', 'table', 'nsPair', 'ewPair']) {
      const response = await call('POST', `/api/v1/tournaments/${key}/results`, { ...allLines()[0]!, [field]: 2147483648 });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
    }
    const seat = await call('POST', `/api/v1/tournaments/${key}/participants`, {
      participants: [{ names: 'Bot', table: 2147483648, side: 0, isBot: true }],
    });
    expect(seat.statusCode).toBe(400);
  });

  it.each([
    ['year 0000', 'startDate=0000-01-01&endDate=0000-01-02'],
    ['9999-12-31', 'startDate=9999-12-31&endDate=9999-12-31'],
    ['a day that does not exist', 'startDate=2026-02-30&endDate=2026-03-01'],
  ])('refuses %s on admin lists and their exports with 400 before any query or file', async (_label, range) => {
    const key = await createEvent();
    const urls = [
      `/api/admin/v1/participants/all?key=${key}&${range}`,
      `/api/admin/v1/audits?${range}`,
      `/api/admin/v1/analytics/events?${range}`,
      `/api/admin/v1/analytics/downloads-summary?${range}`,
      `/api/admin/v1/export/participants?format=csv&key=${key}&${range}`,
      `/api/admin/v1/export/audits?format=csv&${range}`,
      `/api/admin/v1/export/downloads?format=xlsx&${range}`,
    ];
    for (const url of urls) {
      const response = await call('GET', url, undefined, adminCookie);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error).toMatch(/date/i);
    }
    // The database still answers.
    expect((await call('GET', `/api/admin/v1/participants/all?key=${key}`, undefined, adminCookie)).statusCode).toBe(200);
  });
});
