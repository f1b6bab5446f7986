import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardsOfSet, formatDeal, mitchell, nsScore, parseDeal, parsePbn, readPbnResults, vulnerabilityOf } from '@bridge/engine';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser, login } from '../../../test/factories.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof buildUser>>;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  organiser = await buildUser(t.app, { names: 'Olga Organiser' });
  cookie = await login(t.app, organiser);
});
afterAll(async () => t.close());

const details = {
  type: 1,
  typeName: 'Monday Pairs',
  players: 12,
  rounds: 3,
  movementType: 'Mitchell',
  scoreType: 'Match Point',
  handgeneratedModeAsString: 'Random',
  liveTableEvent: true,
  kibtzersEnabled: false,
};
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
async function createEvent(overrides: object = {}, gameOverrides: object = {}) {
  const response = await inject('POST', '/api/v1/tournaments', {
    tables: 3,
    boardsPerRound: 2,
    gameDetails: { ...details, ...gameOverrides },
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { id: string; key: string };
}
const countResults = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('boardResults')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('creating an event', () => {
  it('creates a Mitchell with its key and deals every board of a random event', async () => {
    const { key } = await createEvent();
    expect(key).toMatch(/^[a-z2-9]{10}$/);
    const boards = await t.database.db
      .selectFrom('boards')
      .innerJoin('tournaments', 'tournaments.id', 'boards.tournamentId')
      .selectAll('boards')
      .where('tournaments.key', '=', key)
      .orderBy('boardNo')
      .execute();
    expect(boards.map((b) => b.boardNo)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const board of boards) {
      expect(() => parseDeal(board.deal!)).not.toThrow();
      expect(board.vulnerability).toBe(vulnerabilityOf(board.boardNo));
    }
    expect(new Set(boards.map((b) => b.deal)).size).toBe(6);
  });

  it('answers the join record with details as a JSON string', async () => {
    const { id, key } = await createEvent();
    const response = await inject('GET', `/api/v1/tournaments?key=${key}`, undefined, '');
    expect(response.statusCode).toBe(200);
    const record = response.json().result;
    expect(record).toMatchObject({ id, key, tables: 3 });
    expect(JSON.parse(record.details)).toMatchObject({
      type: 1,
      typeName: 'Monday Pairs',
      players: 12,
      movementType: 'Mitchell',
      scoreType: 'Match Point',
      handgeneratedModeAsString: 'Random',
      kibtzersEnabled: false,
    });
    expect((await inject('GET', '/api/v1/tournaments?key=nosuchkey0', undefined, '')).statusCode).toBe(404);
  });

  it.each([
    [{ gameDetails: { ...details, movementType: 'Swiss' } }, 400],
    [{ tables: 0 }, 400],
    [{ gameDetails: { ...details, rounds: 9 } }, 400],
  ])('refuses %j', async (change, status) => {
    const response = await inject('POST', '/api/v1/tournaments', { tables: 3, boardsPerRound: 2, gameDetails: details, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toEqual(expect.any(String));
  });

  it('refuses a movement where no board would be played twice, and takes the same movement played in full', async () => {
    // A 4-pair Howell cut to 3 of its 6 rounds plays each of its 6 sets at one table only.
    const howell = { ...details, movementType: 'Howell', rounds: 3 };
    const cut = await inject('POST', '/api/v1/tournaments', { tables: 2, boardsPerRound: 2, gameDetails: howell });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error).toBe(
      'In 3 rounds this movement plays every board at one table only, so no result could be compared with another: play more rounds',
    );
    const mitchellOneRound = await inject('POST', '/api/v1/tournaments', { tables: 3, boardsPerRound: 2, gameDetails: { ...details, rounds: 1 } });
    expect(mitchellOneRound.statusCode).toBe(400);
    expect((await inject('POST', '/api/v1/tournaments', { tables: 2, boardsPerRound: 2, gameDetails: { ...howell, rounds: 6 } })).statusCode).toBe(
      200,
    );
  });

  it('states its limits in the API documentation', async () => {
    const doc = (await inject('GET', '/api/docs/json', undefined, '')).json();
    const body = doc.paths['/api/v1/tournaments'].post.requestBody.content['application/json'].schema.properties;
    expect(body.tables).toMatchObject({ minimum: 1, maximum: 200, description: expect.stringContaining('1-200') });
    expect(body.boardsPerRound).toMatchObject({ minimum: 1, maximum: 36, description: expect.stringContaining('1-36') });
    const board = doc.paths['/api/v1/tournaments/{key}/boards/{board}'].put.parameters.find((p: { name: string }) => p.name === 'board');
    expect(board.schema).toMatchObject({ minimum: 1, maximum: 7200 });
  });

  it('needs a signed-in, verified organiser', async () => {
    expect((await inject('POST', '/api/v1/tournaments', { tables: 3, boardsPerRound: 2, gameDetails: details }, '')).statusCode).toBe(401);
    const unverified = await buildUser(t.app, { emailVerified: false });
    const response = await inject(
      'POST',
      '/api/v1/tournaments',
      { tables: 3, boardsPerRound: 2, gameDetails: details },
      await login(t.app, unverified),
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('seating players', () => {
  it('seats players by email, linked to their account, and bots by name', async () => {
    const { key } = await createEvent();
    const player = await buildUser(t.app, { names: 'Priya Player' });
    const response = await inject('POST', `/api/v1/tournaments/${key}/participants`, {
      participants: [
        { email: player.email, names: 'Priya P.', table: 1, side: 0 },
        { names: 'Robot East', table: 1, side: 1, isBot: true },
      ],
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('participants').selectAll().where('email', '=', player.email).execute();
    expect(rows).toEqual([expect.objectContaining({ names: 'Priya P.', tableNo: 1, side: 0, isBot: false, userId: player.id })]);
  });

  it('answers alike for an email with an account and one without, and never shows the organiser a phone', async () => {
    const player = await buildUser(t.app, { names: 'Secret Name', contact: '+919812345678' });
    const seat = async (email: string) => {
      const { key } = await createEvent();
      const response = await inject('POST', `/api/v1/tournaments/${key}/participants`, { participants: [{ email, table: 1, side: 0 }] });
      const event = await inject('GET', `/api/v1/tournaments/mine/${key}`);
      return { key, status: response.statusCode, body: response.json(), participants: event.json().result.participants };
    };
    const known = await seat(player.email);
    const unknown = await seat('nobody-at-all@nowhere.example');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // The organiser sees the player's name (no name given: the account's, else the address's local part), never a phone.
    expect(known.participants[0].userData).toEqual({ names: 'Secret Name', email: player.email, contact: null });
    expect(unknown.participants[0].userData).toEqual({ names: 'nobody-at-all', email: 'nobody-at-all@nowhere.example', contact: null });
    expect(JSON.stringify(known.participants)).not.toContain('98123');
  });

  it.each([
    [
      'a seat given twice',
      (email: string) => [
        { email, table: 2, side: 0 },
        { names: 'Bot', table: 2, side: 0, isBot: true },
      ],
      /given twice/,
    ],
    ['a table that does not exist', (email: string) => [{ email, table: 9, side: 0 }], /Table 9 does not exist/],
  ])('refuses %s and seats nobody', async (_label, participants, error) => {
    const { key } = await createEvent();
    const player = await buildUser(t.app);
    const response = await inject('POST', `/api/v1/tournaments/${key}/participants`, { participants: participants(player.email) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(error);
    expect(await t.database.db.selectFrom('participants').selectAll().where('email', '=', player.email).execute()).toEqual([]);
  });

  it('refuses a seat already taken by an earlier call', async () => {
    const { key } = await createEvent();
    await inject('POST', `/api/v1/tournaments/${key}/participants`, { participants: [{ names: 'Bot A', table: 3, side: 3, isBot: true }] });
    const again = await inject('POST', `/api/v1/tournaments/${key}/participants`, {
      participants: [{ names: 'Bot B', table: 3, side: 3, isBot: true }],
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses changes of players and deals once the event is complete, with 409', async () => {
    const { key } = await createEvent({}, { handgeneratedModeAsString: 'Hybrid' });
    await inject('POST', `/api/v1/tournaments/${key}/results`, {
      round: 1,
      board: 1,
      table: 1,
      nsPair: 1,
      ewPair: 1,
      declarer: 'N',
      contract: { level: 1, strain: 'NT', doubled: 0 },
      tricks: 7,
    });
    expect((await inject('POST', `/api/v1/tournaments/${key}/complete`)).statusCode).toBe(200);
    const seated = await inject('POST', `/api/v1/tournaments/${key}/participants`, {
      participants: [{ names: 'Late Bot', table: 2, side: 0, isBot: true }],
    });
    expect(seated.statusCode).toBe(409);
    expect(seated.json().error).toBe('This event is complete; its players can no longer change');
    const deal = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
    const board = await inject('PUT', `/api/v1/tournaments/${key}/boards/2`, { deal });
    expect(board.statusCode).toBe(409);
    expect(board.json().error).toBe('This event is complete; its deals can no longer change');
    const imported = await inject('POST', `/api/v1/tournaments/${key}/import`, { pbn: `[Board "2"]\n[Deal "${deal}"]\n` });
    expect(imported.statusCode).toBe(409);
    expect(await t.database.db.selectFrom('participants').selectAll().where('names', '=', 'Late Bot').execute()).toEqual([]);
  });

  it('lets only the organiser (or an admin) change the event', async () => {
    const { key } = await createEvent();
    const stranger = await buildUser(t.app);
    const payload = { participants: [{ names: 'Bot', table: 1, side: 0, isBot: true }] };
    expect((await inject('POST', `/api/v1/tournaments/${key}/participants`, payload, await login(t.app, stranger))).statusCode).toBe(403);
    const admin = await buildUser(t.app, { role: 'admin' });
    expect((await inject('POST', `/api/v1/tournaments/${key}/participants`, payload, await login(t.app, admin))).statusCode).toBe(200);
  });
});

describe('posting results', () => {
  const line = { round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1, declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 10 };

  it("scores the line by Law 77 with the board's vulnerability", async () => {
    const { key } = await createEvent();
    const response = await inject('POST', `/api/v1/tournaments/${key}/results`, line);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.score).toBe(420); // board 1: nobody vulnerable
    const passOut = await inject('POST', `/api/v1/tournaments/${key}/results`, {
      ...line,
      board: 2,
      declarer: null,
      contract: { level: 0, strain: 'NT', doubled: 0 },
      tricks: 0,
    });
    expect(passOut.json().result.score).toBe(0);
  });

  it.each([
    [{ table: 3, round: 1, nsPair: 1, ewPair: 1 }, /table 3 is NS pair 3 against EW pair 3/],
    [{ round: 7 }, /Table 1 does not play in round 7/],
    [{ board: 3 }, /Board 3 is not played at table 1 in round 1/],
    [{ nsPair: 2 }, /NS pair 1 against EW pair 1/],
    [{ tricks: 14 }, /Tricks must be 0-13/],
    [{ contract: { level: 8, strain: 'S', doubled: 0 } }, /Level must be 0-7/],
    [{ declarer: null }, /needs a declarer/],
    [{ declarer: 'X' }, /./],
  ])('refuses %j with a clear error and changes nothing', async (change, error) => {
    const { key } = await createEvent();
    const before = await countResults();
    const response = await inject('POST', `/api/v1/tournaments/${key}/results`, { ...line, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(error);
    expect(await countResults()).toBe(before);
  });

  it('treats a second post of the same round/board/table as a correction, recorded in the audit log', async () => {
    const { key } = await createEvent();
    await inject('POST', `/api/v1/tournaments/${key}/results`, line);
    const corrected = await inject('POST', `/api/v1/tournaments/${key}/results`, { ...line, tricks: 9 });
    expect(corrected.json().result.score).toBe(-50);
    const rows = await t.database.db
      .selectFrom('boardResults')
      .innerJoin('tournaments', 'tournaments.id', 'boardResults.tournamentId')
      .selectAll('boardResults')
      .where('tournaments.key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tricks: 9, nsScore: -50 });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'result.correct')
      .where('target', 'like', `${key}%`)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ before: { score: 420 }, after: { score: -50 } });
  });
});

describe('adjusted scores', () => {
  it("takes a director's A+ / A- in place of a played result and scores it as 60% / 40% of the top", async () => {
    const { key } = await createEvent();
    const lines = [
      { round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 },
      { round: 3, board: 1, table: 2, nsPair: 2, ewPair: 3, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 10 },
    ];
    // Board 1 travels: table 1 in round 1, table 3 in round 2, table 2 in round 3.
    for (const body of lines) expect((await inject('POST', `/api/v1/tournaments/${key}/results`, body)).statusCode).toBe(200);
    const adjusted = await inject('POST', `/api/v1/tournaments/${key}/results`, {
      round: 2,
      board: 1,
      table: 3,
      nsPair: 3,
      ewPair: 2,
      adjusted: { ns: 'A+', ew: 'A-' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().result.score).toBeNull();
    const board1 = (await inject('GET', `/api/v1/tournaments/${key}/results`)).json().result.boards[0];
    const line = board1.lines.find((l: { table: number }) => l.table === 3);
    // Top 4 on a board of three results: A+ is 60% of it, A- 40%.
    expect(line).toMatchObject({ adjusted: { ns: 'A+', ew: 'A-' }, ns: 2.4, ew: 1.6 });
    // The two real results are Neuberg-factored: 430 beat 400, (2 + 1) x 3/2 - 1 = 3.5.
    expect(board1.lines.find((l: { table: number }) => l.table === 2).ns).toBeCloseTo(3.5);
  });

  it('refuses a line with neither a played result nor an adjusted score, and an unknown adjustment', async () => {
    const { key } = await createEvent();
    const before = await countResults();
    const bare = await inject('POST', `/api/v1/tournaments/${key}/results`, { round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe('A result needs its contract and tricks, or an adjusted score');
    const odd = await inject('POST', `/api/v1/tournaments/${key}/results`, {
      round: 1,
      board: 1,
      table: 1,
      nsPair: 1,
      ewPair: 1,
      adjusted: { ns: 'A++', ew: 'A' },
    });
    expect(odd.statusCode).toBe(400);
    expect(await countResults()).toBe(before);
  });
});

describe('completing an event', () => {
  it('ranks the pairs, serves the USEBIO XML and the PBN, and refuses further results', async () => {
    const { key } = await createEvent();
    await inject('POST', `/api/v1/tournaments/${key}/participants`, {
      participants: [
        { names: 'Asha', table: 1, side: 0, isBot: true },
        { names: 'Bala', table: 1, side: 2, isBot: true },
      ],
    });
    // Every line of the movement, NS making 3NT with a trick count that depends on the table.
    for (const row of mitchell(3).rows) {
      for (const board of boardsOfSet(row.set, 2)) {
        const tricks = 8 + row.table;
        const response = await inject('POST', `/api/v1/tournaments/${key}/results`, {
          round: row.round,
          board,
          table: row.table,
          nsPair: row.ns,
          ewPair: row.ew,
          declarer: 'S',
          contract: { level: 3, strain: 'NT', doubled: 0 },
          tricks,
        });
        expect(response.json().result.score).toBe(nsScore({ level: 3, strain: 'NT', doubled: 0 }, 'S', tricks, vulnerabilityOf(board)));
      }
    }
    const completed = await inject('POST', `/api/v1/tournaments/${key}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    const { xmlToken, resultId } = completed.json().result;
    expect(xmlToken).toMatch(/^[\w-]{32}$/);
    expect(resultId).toMatch(/^[0-9a-f]{20}$/);

    const ranks = await t.database.db
      .selectFrom('pairScores')
      .innerJoin('tournaments', 'tournaments.id', 'pairScores.tournamentId')
      .selectAll('pairScores')
      .where('tournaments.key', '=', key)
      .orderBy('pairKey')
      .execute();
    // NS pair 3 always sits at table 3 (most tricks): 100%; NS 1 at table 1: 0%. EW mirror them.
    expect(ranks.find((p) => p.pairKey === 'NS3')).toMatchObject({ percentage: 100, label: '1', boards: 6 });
    expect(ranks.find((p) => p.pairKey === 'NS1')).toMatchObject({ percentage: 0, label: '3' });
    expect(ranks.filter((p) => p.direction === 'EW').every((p) => p.percentage === 50)).toBe(true);

    const xml = await inject('GET', `/api/v1/tournaments/files/download/${xmlToken}`, undefined, '');
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(xml.body).toContain('<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>');
    expect(xml.body).toContain('<WINNER_TYPE>2</WINNER_TYPE>');
    expect(xml.body.match(/<TRAVELLER_LINE>/g)).toHaveLength(18);
    expect(xml.body).toMatch(/<PAIR_NUMBER>1<\/PAIR_NUMBER>\s*<DIRECTION>NS<\/DIRECTION>(.|\n)*?<PLAYER_NAME>Asha<\/PLAYER_NAME>/);

    const pbn = await inject('GET', `/api/v1/tournaments/${key}/pbn`, undefined, '');
    expect(pbn.statusCode).toBe(200);
    const games = parsePbn(pbn.body);
    expect(games).toHaveLength(18);
    expect(games.every((g) => g.get('Contract')?.value === '3NT' && g.get('Deal')?.value.startsWith(g.get('Dealer')!.value + ':'))).toBe(true);

    const results = await inject('GET', `/api/v1/tournaments/${key}/results`, undefined, '');
    expect(results.statusCode).toBe(200);
    const event = results.json().result;
    expect(event).toMatchObject({
      key,
      name: 'Monday Pairs',
      scoringMethod: 'matchpoints',
      winners: 2,
      status: 'complete',
      xmlUrl: `/api/v1/tournaments/files/download/${xmlToken}`,
      pbnUrl: `/api/v1/tournaments/${key}/pbn`,
    });
    expect(event.pairs.find((p: { key: string }) => p.key === 'NS1')).toMatchObject({ names: ['Asha', 'Bala'], percentage: 0, label: '3' });
    expect(event.boards).toHaveLength(6);
    for (const board of event.boards) {
      expect(board.lines).toHaveLength(3);
      for (const l of board.lines) expect(l.ns + l.ew).toBe(4);
      // The line at table 3 took the most tricks, so its NS pair has the top.
      expect(board.lines.find((l: { table: number }) => l.table === 3).ns).toBe(4);
      expect(() => parseDeal(board.deal)).not.toThrow();
    }

    const late = await inject('POST', `/api/v1/tournaments/${key}/results`, {
      round: 1,
      board: 1,
      table: 1,
      nsPair: 1,
      ewPair: 1,
      declarer: 'N',
      contract: { level: 1, strain: 'C', doubled: 0 },
      tricks: 7,
    });
    expect(late.statusCode).toBe(409);
    expect((await inject('POST', `/api/v1/tournaments/${key}/complete`)).statusCode).toBe(409);
  });

  it("refuses to complete an event with no results, and keeps an active event's PBN from strangers", async () => {
    const { key } = await createEvent();
    const response = await inject('POST', `/api/v1/tournaments/${key}/complete`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('No results have been posted for this event');
    expect((await inject('GET', `/api/v1/tournaments/${key}/pbn`, undefined, '')).statusCode).toBe(401);
    expect((await inject('GET', `/api/v1/tournaments/${key}/results`, undefined, '')).statusCode).toBe(401);
    const stranger = await buildUser(t.app);
    expect((await inject('GET', `/api/v1/tournaments/${key}/results`, undefined, await login(t.app, stranger))).statusCode).toBe(403);
    const live = await inject('GET', `/api/v1/tournaments/${key}/results`);
    expect(live.json().result).toMatchObject({ status: 'active', xmlUrl: null, pairs: [] });
    expect((await inject('GET', `/api/v1/tournaments/${key}/pbn`)).statusCode).toBe(200);
    expect((await inject('GET', '/api/v1/tournaments/files/download/not-a-real-token-at-all', undefined, '')).statusCode).toBe(404);
  });
});

describe('the public list of events', () => {
  it('lists events in play without a results link, and completed ones with theirs; solitaire events are left out', async () => {
    const { key: live } = await createEvent({}, { typeName: 'Live Pairs' });
    const { key: solitaire } = await createEvent({}, { type: 5, typeName: 'Solitaire' });
    const { key: done } = await createEvent({}, { typeName: 'Finished Pairs' });
    await inject('POST', `/api/v1/tournaments/${done}/results`, {
      round: 1,
      board: 1,
      table: 1,
      nsPair: 1,
      ewPair: 1,
      declarer: 'N',
      contract: { level: 1, strain: 'NT', doubled: 0 },
      tricks: 7,
    });
    await inject('POST', `/api/v1/tournaments/${done}/complete`);
    const response = await inject('GET', '/api/v1/tournaments/recent', undefined, '');
    expect(response.statusCode).toBe(200);
    const { live: inPlay, completed } = response.json().result;
    expect(inPlay.find((e: { key: string }) => e.key === live)).toMatchObject({ name: 'Live Pairs', resultsUrl: null, tables: 3 });
    expect(completed.find((e: { key: string }) => e.key === done)).toMatchObject({ name: 'Finished Pairs', resultsUrl: `/results/${done}` });
    expect([...inPlay, ...completed].some((e: { key: string }) => e.key === solitaire)).toBe(false);
    expect(completed.some((e: { key: string }) => e.key === live)).toBe(false);
  });
});

describe('importing a PBN file of deals', () => {
  const deal = (n: number) =>
    [
      'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96',
      'E:AK.QJT9.876.5432 QJT9.876.5432.AK 876.5432.AK.QJT9 5432.AK.QJT9.876',
    ][n % 2]!;
  const file = (boards: number[], bad = false) =>
    boards.map((b) => `[Event "Club"]\n[Board "${b}"]\n[Deal "${bad && b === boards.at(-1) ? deal(b).slice(0, -1) : deal(b)}"]\n`).join('\n');
  const dealsOf = async (key: string) =>
    await t.database.db
      .selectFrom('boards')
      .innerJoin('tournaments', 'tournaments.id', 'boards.tournamentId')
      .select(['boardNo', 'deal'])
      .where('tournaments.key', '=', key)
      .orderBy('boardNo')
      .execute();

  it('sets every board of the file, from JSON or from the raw file', async () => {
    const { key } = await createEvent({}, { handgeneratedModeAsString: 'Imported' });
    const json = await inject('POST', `/api/v1/tournaments/${key}/import`, { pbn: file([1, 2]) });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().result.imported).toBe(2);
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tournaments/${key}/import`,
      headers: { cookie, 'content-type': 'application/x-pbn' },
      payload: file([3]),
    });
    expect(raw.json().result.imported).toBe(1);
    const deals = await dealsOf(key);
    // Stored from North, whatever seat the file started from.
    expect(deals.slice(0, 3).map((d) => d.deal)).toEqual([1, 2, 3].map((b) => formatDeal(parseDeal(deal(b)))));
    expect(deals[3]!.deal).toBeNull();
  });

  it.each([
    ['a bad deal', () => file([1, 2], true), /Board 2: /],
    ['a board the event does not play', () => file([1, 99]), /does not play board 99/],
    ['a file without deals', () => '[Event "x"]\n', /no deals/],
  ])('refuses %s and changes no board', async (_label, body, error) => {
    const { key } = await createEvent({}, { handgeneratedModeAsString: 'Hybrid' });
    const response = await inject('POST', `/api/v1/tournaments/${key}/import`, { pbn: body() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(error);
    expect((await dealsOf(key)).every((d) => d.deal === null)).toBe(true);
  });

  it('refuses a random event, which deals its own hands', async () => {
    const { key } = await createEvent();
    expect((await inject('POST', `/api/v1/tournaments/${key}/import`, { pbn: file([1]) })).statusCode).toBe(400);
  });
});

describe('imported deals', () => {
  it("sets a board's deal from a PBN deal string and refuses a bad one", async () => {
    const { key } = await createEvent({}, { handgeneratedModeAsString: 'Imported' });
    const deal = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
    expect((await inject('PUT', `/api/v1/tournaments/${key}/boards/2`, { deal })).statusCode).toBe(200);
    const bad = await inject('PUT', `/api/v1/tournaments/${key}/boards/2`, { deal: deal.replace('KJ96', 'KJ9') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/12 cards/);
    expect((await inject('PUT', `/api/v1/tournaments/${key}/boards/99`, { deal })).statusCode).toBe(404);
  });
});

describe('an IMP pairs event where a pair missed a board', () => {
  // 3-table Mitchell, one board a round. NS 2's round-2 board (board 3, table 2) is never played.
  // Cross-IMPs: NS 1 13.5 over 3 boards, NS 2 9.5 over 2, factored to 3 boards 14.25: NS 2 wins.
  const n = (level: number, strain: string, tricks: number, declarer = 'N') => ({ declarer, contract: { level, strain, doubled: 0 }, tricks });
  const lines = [
    { round: 1, table: 1, nsPair: 1, ewPair: 1, board: 1, ...n(4, 'S', 10) }, // 420
    { round: 1, table: 2, nsPair: 2, ewPair: 2, board: 2, ...n(3, 'H', 9) }, // 140
    { round: 1, table: 3, nsPair: 3, ewPair: 3, board: 3, ...n(3, 'H', 9) }, // 140
    { round: 2, table: 1, nsPair: 1, ewPair: 3, board: 2, ...n(2, 'H', 8) }, // 110
    { round: 2, table: 3, nsPair: 3, ewPair: 2, board: 1, ...n(4, 'S', 9) }, // -50
    { round: 3, table: 1, nsPair: 1, ewPair: 2, board: 3, ...n(4, 'S', 10) }, // 420
    { round: 3, table: 2, nsPair: 2, ewPair: 3, board: 1, ...n(4, 'S', 11) }, // 450
    { round: 3, table: 3, nsPair: 3, ewPair: 1, board: 2, ...n(1, 'NT', 6) }, // -100
  ];

  it("ranks by the factored total in the results, the stored places and the USEBIO file; the PBN names every result's players and seats", async () => {
    const { key } = await createEvent({ boardsPerRound: 1 }, { scoreType: 'IMP', impMethod: 'Cross', typeName: 'IMP Pairs' });
    await inject('POST', `/api/v1/tournaments/${key}/participants`, {
      participants: [
        { names: 'Nina North', table: 2, side: 0, isBot: true },
        { names: 'Sam South', table: 2, side: 2, isBot: true },
        { names: 'Eli East', table: 3, side: 1, isBot: true },
        { names: 'Wes West', table: 3, side: 3, isBot: true },
      ],
    });
    for (const body of lines) {
      const response = await inject('POST', `/api/v1/tournaments/${key}/results`, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    const ns = (await inject('GET', `/api/v1/tournaments/${key}/results`))
      .json()
      .result.pairs.filter((p: { direction: string }) => p.direction === 'NS');
    expect(
      ns.map((p: { key: string; boards: number; total: number; factoredTotal: number; label: string }) => [
        p.key,
        p.boards,
        p.total,
        p.factoredTotal,
        p.label,
      ]),
    ).toEqual([
      ['NS2', 2, 9.5, 14.25, '1'],
      ['NS1', 3, 13.5, 13.5, '2'],
      ['NS3', 3, -23, -23, '3'],
    ]);

    const completed = await inject('POST', `/api/v1/tournaments/${key}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    const stored = await t.database.db
      .selectFrom('pairScores')
      .innerJoin('tournaments', 'tournaments.id', 'pairScores.tournamentId')
      .select(['pairKey', 'label'])
      .where('tournaments.key', '=', key)
      .where('direction', '=', 'NS')
      .orderBy('place')
      .execute();
    expect(stored.map((p) => [p.pairKey, p.label])).toEqual([
      ['NS2', '1'],
      ['NS1', '2'],
      ['NS3', '3'],
    ]);

    const xml = (await inject('GET', `/api/v1/tournaments/files/download/${completed.json().result.xmlToken}`, undefined, '')).body;
    expect(xml).toMatch(/<PAIR_NUMBER>2<\/PAIR_NUMBER>\s*<DIRECTION>NS<\/DIRECTION>\s*<PLACE>1<\/PLACE>\s*<TOTAL_SCORE>14.25<\/TOTAL_SCORE>/);
    expect(xml).toContain('<NS_CROSS_IMP_POINTS>');
    expect(xml).not.toContain('<NS_MATCH_POINTS>');
    expect(xml).toMatch(/<\/CLUB>\s*<EVENT EVENT_TYPE="PAIRS">/);

    const results = readPbnResults((await inject('GET', `/api/v1/tournaments/${key}/pbn`, undefined, '')).body);
    expect(results).toHaveLength(lines.length);
    expect(results.map((r) => [r.round, r.table, r.nsPair, r.ewPair, r.board])).toEqual(
      [...lines].sort((a, b) => a.board - b.board || a.round - b.round).map((l) => [l.round, l.table, l.nsPair, l.ewPair, l.board]),
    );
    // NS 2 sat at table 2 in round 1 and EW 3 at table 3: their names follow them to every table.
    const r3t2 = results.find((r) => r.round === 3 && r.table === 2)!;
    expect(r3t2.players).toEqual({ N: 'Nina North', S: 'Sam South', E: 'Eli East', W: 'Wes West' });
    expect(r3t2.nsScore).toBe(450);
  });
});

describe('importing deals with unknown values', () => {
  it('takes a board of "?" as the one after the previous game\'s and a deal of "?" as none', async () => {
    const { key } = await createEvent({}, { handgeneratedModeAsString: 'Imported' });
    const deal = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
    const pbn = `[Board "1"]\n[Deal "${deal}"]\n\n[Board "?"]\n[Dealer "?"]\n[Vulnerable "?"]\n[Deal "${deal}"]\n\n[Board "?"]\n[Deal "?"]\n`;
    const response = await inject('POST', `/api/v1/tournaments/${key}/import`, { pbn });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.imported).toBe(2);
    const boards = await t.database.db
      .selectFrom('boards')
      .innerJoin('tournaments', 'tournaments.id', 'boards.tournamentId')
      .select(['boardNo', 'deal'])
      .where('tournaments.key', '=', key)
      .orderBy('boardNo')
      .execute();
    expect(boards.slice(0, 3).map((b) => b.deal !== null)).toEqual([true, true, false]);
  });

  it('refuses a board that is not a number, changing nothing', async () => {
    const { key } = await createEvent({}, { handgeneratedModeAsString: 'Imported' });
    const response = await inject('POST', `/api/v1/tournaments/${key}/import`, { pbn: '[Board "two"]\n[Deal "N:- - - -"]\n' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Board "two" is not a board number');
  });
});
