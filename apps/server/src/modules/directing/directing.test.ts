import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import type { EntryView, LiveView, MovementProposal } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildClient, buildTournament, buildUser, type Client, type TestUser } from '../../../test/factories.ts';

const t = await buildTestApp();
const as = await t.roles();
const D = '/api/v1/direct';
const db = t.database.db;

const proposalsFor = async (pairs: number): Promise<MovementProposal[]> => (await as.owner.get(`${D}/proposals?pairs=${pairs}`)).json().result;
const proposalId = async (pairs: number, name: string) => (await proposalsFor(pairs)).find((p) => p.name === name)!.id;

const sessionBody = (movement: object, overrides: Record<string, unknown> = {}) => ({
  name: 'Tuesday Pairs',
  startsAt: '2026-12-01T19:30:00+00:00',
  pairs: 6,
  movement,
  scoring: 'matchpoints',
  deals: 'random',
  ...overrides,
});

/** A new session of the owner's (a 3-table Mitchell for 6 pairs unless told), its key. */
async function newSession(options: { who?: Client; pairs?: number; name?: string; overrides?: Record<string, unknown> } = {}) {
  const pairs = options.pairs ?? 6;
  const id = await proposalId(pairs, options.name ?? 'Mitchell');
  const response = await (options.who ?? as.owner).post(`${D}/events`, sessionBody({ kind: 'proposal', id }, { pairs, ...options.overrides }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.key as string;
}

const event = (key: string) => db.selectFrom('tournaments').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const audits = (key: string, action: string) =>
  db.selectFrom('auditLog').selectAll().where('target', '=', key).where('action', '=', action).execute();
const live = async (key: string, who: Client = as.owner): Promise<LiveView> => {
  const response = await who.get(`${D}/events/${key}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
};

/** Players with accounts, verified, with their names, who chose to be found by directors. */
const players = await Promise.all(
  ['Ann Archer', 'Bob Baker', 'Cat Cole', 'Dan Dale', 'Eve Ede', 'Fay Ford'].map((names) => buildUser(t.app, { names, findable: true })),
);
const guestPair = (n: number) => [{ name: `Guest ${n}a` }, { name: `Guest ${n}b` }];
const accountPair = (a: TestUser, b: TestUser) => [{ userId: a.id }, { userId: b.id }];

/** Six pairs of a two-winner Mitchell: NS1 and EW1 with accounts, the others guests. */
const sixPairs = () => [
  { pair: 'NS1', players: accountPair(players[0]!, players[1]!) },
  { pair: 'EW1', players: accountPair(players[2]!, players[3]!) },
  { pair: 'NS2', players: guestPair(2) },
  { pair: 'EW2', players: guestPair(3) },
  { pair: 'NS3', players: guestPair(4) },
  { pair: 'EW3', players: guestPair(5) },
];

/** A result of a cell of the live view's grid: 4S by North, made with an overtrick unless told. */
const resultAt = (cell: LiveView['grid'][number], board: number, tricks = 11) => ({
  round: cell.round,
  table: cell.table,
  board,
  nsPair: cell.nsPair,
  ewPair: cell.ewPair,
  declarer: 'N',
  contract: { level: 4, strain: 'S', doubled: 0 },
  tricks,
});

describe('the movements the wizard offers and checks', () => {
  it('proposes the movements that fit the pairs, with their figures', async () => {
    const proposals = await proposalsFor(6);
    const mitchell = proposals.find((p) => p.name === 'Mitchell')!;
    expect(mitchell).toMatchObject({ tables: 3, rounds: 3, winners: 2, sitOut: false });
    expect(mitchell.totalBoards).toBe(mitchell.rounds * mitchell.boardsPerRound);
    expect(proposals.map((p) => p.name)).toContain('Howell');
    const refused = await as.owner.get(`${D}/proposals?pairs=3`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Movements are proposed for 4 to 60 pairs');
  });

  const howellFive = [
    '# kind: howell',
    'round,table,ns,ew,set',
    '1,1,0,1,1',
    '1,2,3,4,2',
    '1,3,5,2,4',
    '2,1,0,2,2',
    '2,2,4,5,3',
    '2,3,1,3,4',
    '3,1,0,3,3',
    '3,2,5,1,2',
    '3,3,2,4,1',
    '4,1,0,4,4',
    '4,2,1,2,3',
    '4,3,3,5,1',
    '5,1,0,5,5',
    '5,2,2,3,5',
    '5,3,4,1,5',
  ].join('\n');

  it('reads an uploaded movement and answers its figures', async () => {
    const response = await as.owner.post(`${D}/movements/check`, { format: 'csv', text: howellFive, boardsPerRound: 4, minutesPerBoard: 7 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({
      tables: 3,
      rounds: 5,
      pairs: 5,
      boardsPerRound: 4,
      totalBoards: 20,
      winners: 1,
      sitOut: true,
      minutes: 145,
    });
  });

  it('names each broken rule of an upload at the field of its text', async () => {
    const broken = howellFive.replace('1,2,3,4,2', '1,2,3,1,2');
    const response = await as.owner.post(`${D}/movements/check`, { format: 'csv', text: broken, boardsPerRound: 4 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toContain('Round 1: pair 1 sits at table 1 and table 2');
    expect(body.issues).toEqual([{ path: 'text', message: body.error }]);
    const unreadable = await as.owner.post(`${D}/movements/check`, { format: 'json', text: '{"rows": [{"round": 1}]}', boardsPerRound: 2 });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error).toContain("'table' is not a table number");
  });

  it('creates an event from an uploaded movement for as many pairs, and refuses one for another number', async () => {
    const upload = { kind: 'upload', format: 'csv', text: howellFive, boardsPerRound: 4 };
    const wrong = await as.owner.post(`${D}/events`, sessionBody(upload, { pairs: 6 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: 'movement.text', message: 'The uploaded movement is for 5 pairs, not 6: change the number of pairs or the file' },
    ]);
    const response = await as.owner.post(`${D}/events`, sessionBody(upload, { pairs: 5, scoring: 'butler', deals: 'by-hand' }));
    expect(response.statusCode, response.body).toBe(200);
    const stored = await event(response.json().result.key);
    expect(stored).toMatchObject({ movementName: 'Uploaded movement', movementType: 'Howell', tables: 3, rounds: 5, boardsPerRound: 4, players: 10 });
    expect(stored).toMatchObject({ scoreType: 'IMP', impMethod: 'Butler', handMode: 'Imported' });
    const boards = await db.selectFrom('boards').select(['boardNo', 'deal']).where('tournamentId', '=', stored.id).execute();
    expect(boards).toHaveLength(20);
    expect(boards.every((b) => b.deal === null)).toBe(true);
  });
});

describe('a new event from the wizard', () => {
  it('stores the chosen movement with the session, deals random boards and audits the creation', async () => {
    const key = await newSession({ overrides: { minutesPerBoard: 8, online: true, showTravellers: false } });
    const stored = await event(key);
    const proposal = (await proposalsFor(6)).find((p) => p.name === 'Mitchell')!;
    expect(stored).toMatchObject({
      typeName: 'Tuesday Pairs',
      movementName: 'Mitchell',
      movementType: 'Mitchell',
      tables: 3,
      rounds: 3,
      boardsPerRound: proposal.boardsPerRound,
      type: 1,
      players: 12,
      scoreType: 'Match Point',
      impMethod: null,
      handMode: 'Random',
      liveTableEvent: true,
      showTravellers: false,
      startedAt: null,
    });
    expect(Number(stored.minutesPerBoard)).toBe(8);
    expect(stored.startsAt?.toISOString()).toBe('2026-12-01T19:30:00.000Z');
    expect(stored.movement).toMatchObject({ kind: 'mitchell', tables: 3, winners: 2 });
    const boards = await db.selectFrom('boards').select('deal').where('tournamentId', '=', stored.id).execute();
    expect(boards).toHaveLength(proposal.totalBoards);
    expect(boards.every((b) => b.deal)).toBe(true);
    expect(await audits(key, 'direct.create')).toHaveLength(1);
  });

  it('stores a one-winner movement as a Mitchell when it is one, and cross-IMPs', async () => {
    const key = await newSession({ name: 'Arrow-switch Mitchell', overrides: { scoring: 'cross-imps' } });
    expect(await event(key)).toMatchObject({ movementType: 'Mitchell', movementName: 'Arrow-switch Mitchell', scoreType: 'IMP', impMethod: 'Cross' });
    expect((await live(key)).event.winners).toBe(1);
  });

  it('refuses a movement not offered for the pairs, changing nothing', async () => {
    const before = await db.selectFrom('tournaments').select('id').execute();
    const id = await proposalId(8, 'Howell');
    const response = await as.owner.post(`${D}/events`, sessionBody({ kind: 'proposal', id }, { pairs: 6 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'movement.id', message: 'This movement is not offered for 6 pairs' }]);
    expect(await db.selectFrom('tournaments').select('id').execute()).toHaveLength(before.length);
  });
});

describe("the director's list of events", () => {
  it('groups the caller’s own events by phase, newest first; an admin sees every event', async () => {
    const director = await buildClient(t.app, { names: 'Dora Director' });
    const first = await newSession({ who: director });
    const second = await newSession({ who: director });
    const own = (await director.get(`${D}/events`)).json().result;
    expect(own.preparation.map((e: { key: string }) => e.key)).toEqual([second, first]);
    expect(own.preparation[0]).toMatchObject({
      name: 'Tuesday Pairs',
      phase: 'preparation',
      movementName: 'Mitchell',
      scoring: 'matchpoints',
      organiser: 'Dora Director',
    });
    expect(own.play).toEqual([]);
    const others = JSON.stringify((await as.otherOrganiser.get(`${D}/events`)).json().result);
    expect(others).not.toContain(first);
    expect(JSON.stringify((await as.admin.get(`${D}/events`)).json().result)).toContain(first);
  });

  it('names the movement of an event the organiser API made by its type, and lists a started event in play', async () => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    await as.owner.post(`${D}/events/${key}/start`);
    const listed = (await as.owner.get(`${D}/events`)).json().result;
    expect(listed.play.map((e: { key: string }) => e.key)).toContain(key);
    const made = await buildTournament(t.app, { organiser: as.owner, gameDetails: { typeName: 'From the organiser API' } });
    const again = (await as.owner.get(`${D}/events`)).json().result;
    expect(again.preparation.find((e: { key: string }) => e.key === made.key)).toMatchObject({ movementName: 'Mitchell', startsAt: null, tables: 3 });
  });
});

describe('finding players', () => {
  it('finds verified accounts in use by name or BFI number, never with their phone or address', async () => {
    const found = await buildUser(t.app, { names: 'Quentin Quarles', bfiId: 'BFI-77123', contact: '+919876543210', findable: true });
    await buildUser(t.app, { names: 'Quentin Unverified', emailVerified: false, findable: true });
    await buildUser(t.app, { names: 'Quentin Disabled', disabled: true, findable: true });
    const byName = await as.owner.get(`${D}/players?q=quentin`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().result).toEqual([{ userId: found.id, name: 'Quentin Quarles', bfiId: 'BFI-77123' }]);
    expect(byName.body).not.toContain('9876543210');
    expect(byName.body).not.toContain(found.email);
    expect((await as.owner.get(`${D}/players?q=77123`)).json().result).toHaveLength(1);
    // Whom it finds, how an address answers and its limit: hardening/player-search.test.ts.
  });

  it('answers at most 10 players', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => buildUser(t.app, { names: `Zebedee Many ${i}`, findable: true })));
    expect((await as.owner.get(`${D}/players?q=zebedee`)).json().result).toHaveLength(10);
  });

  it('is limited per director', async () => {
    const limited = await buildTestApp({
      rateLimits: { ...(await import('../../../test/build-test-app.ts')).testConfig().rateLimits, playerSearch: 2 },
    });
    const director = await buildClient(limited.app);
    expect((await director.get(`${D}/players?q=ann`)).statusCode).toBe(200);
    expect((await director.get(`${D}/players?q=ann`)).statusCode).toBe(200);
    expect((await director.get(`${D}/players?q=ann`)).statusCode).toBe(429);
  });
});

describe('entries', () => {
  it('seats each pair at its round-1 places, accounts by their names and guests by the names given, audited', async () => {
    const key = await newSession();
    const response = await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    expect(response.statusCode, response.body).toBe(200);
    const { pairs } = (await as.owner.get(`${D}/events/${key}/entries`)).json().result;
    expect(pairs).toHaveLength(6);
    expect(pairs[0]).toEqual({
      pair: 'NS1',
      table: 1,
      direction: 'NS',
      players: [
        { userId: players[0]!.id, name: 'Ann Archer', guest: false },
        { userId: players[1]!.id, name: 'Bob Baker', guest: false },
      ],
    });
    expect(pairs.find((p: { pair: string }) => p.pair === 'EW3')).toMatchObject({
      table: 3,
      direction: 'EW',
      players: [
        { name: 'Guest 5a', guest: true },
        { name: 'Guest 5b', guest: true },
      ],
    });
    const seats = await db
      .selectFrom('participants')
      .selectAll()
      .where('tournamentId', '=', (await event(key)).id)
      .execute();
    expect(seats).toHaveLength(12);
    expect(seats.find((s) => s.userId === players[0]!.id)).toMatchObject({ tableNo: 1, side: 0, email: null });
    expect(seats.find((s) => s.names === 'Guest 5a')).toMatchObject({ tableNo: 3, side: 1, email: null, userId: null });
    expect(await audits(key, 'direct.entries')).toHaveLength(1);
  });

  it('is replaced whole: a withdrawal and a swap are a new list', async () => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    const swapped = [
      { pair: 'NS1', players: guestPair(2) },
      { pair: 'NS2', players: accountPair(players[0]!, players[1]!) },
    ];
    expect((await as.owner.put(`${D}/events/${key}/entries`, { pairs: swapped })).statusCode).toBe(200);
    const { pairs } = (await as.owner.get(`${D}/events/${key}/entries`)).json().result as { pairs: EntryView[] };
    expect(pairs.map((p) => [p.pair, p.players[0]?.name ?? null])).toEqual([
      ['NS1', 'Guest 2a'],
      ['NS2', 'Ann Archer'],
      ['NS3', null],
      ['EW1', null],
      ['EW2', null],
      ['EW3', null],
    ]);
  });

  it.each([
    [
      'a pair the movement does not have',
      [{ pair: 'NS4', players: guestPair(1) }],
      'pairs.0.pair',
      'NS4 is not a pair of this movement: its pairs are NS1 to NS3 and EW1 to EW3',
    ],
    [
      'a one-winner key in a two-winner movement',
      [{ pair: '3', players: guestPair(1) }],
      'pairs.0.pair',
      '3 is not a pair of this movement: its pairs are NS1 to NS3 and EW1 to EW3',
    ],
    [
      'a pair twice',
      [
        { pair: 'NS1', players: guestPair(1) },
        { pair: 'NS1', players: guestPair(2) },
      ],
      'pairs.1.pair',
      'Pair NS1 is entered twice',
    ],
    [
      'an account twice',
      [
        { pair: 'NS1', players: accountPair(players[0]!, players[1]!) },
        { pair: 'EW1', players: accountPair(players[2]!, players[0]!) },
      ],
      'pairs.1.players.1',
      'Ann Archer is entered twice',
    ],
  ])('refuses %s at its field, changing nothing', async (_name, pairs, path, message) => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs().slice(0, 1) });
    const response = await as.owner.put(`${D}/events/${key}/entries`, { pairs });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path, message }]);
    const listed = (await as.owner.get(`${D}/events/${key}/entries`)).json().result.pairs as EntryView[];
    expect(listed.filter((p) => p.players.length > 0).map((p) => p.pair)).toEqual(['NS1']);
  });

  it('refuses an account that is not verified', async () => {
    const key = await newSession();
    const unverified = await buildUser(t.app, { emailVerified: false, findable: true });
    const response = await as.owner.put(`${D}/events/${key}/entries`, { pairs: [{ pair: 'NS1', players: accountPair(players[0]!, unverified) }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('pairs.0.players.1');
  });

  it('gives the sit-out to the pair opposite the phantom with an odd number of pairs', async () => {
    const key = await newSession({ pairs: 5 });
    const pairs = ['NS1', 'NS2', 'NS3', 'EW1', 'EW2'].map((pair, i) => ({ pair, players: guestPair(i) }));
    expect(
      (await as.owner.put(`${D}/events/${key}/entries`, { pairs: [...pairs, { pair: 'EW3', players: guestPair(9) }] })).json().issues[0].message,
    ).toBe('EW3 is not a pair of this movement: its pairs are NS1 to NS3 and EW1 to EW2');
    const response = await as.owner.put(`${D}/events/${key}/entries`, { pairs });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().result.pairs;
    expect(entries.find((p: { pair: string }) => p.pair === 'NS3')).toMatchObject({ table: null, direction: null });
    expect(entries.find((p: { pair: string }) => p.pair === 'NS1')).toMatchObject({ table: 1, direction: 'NS' });
    const view = await live(key);
    const sitOuts = view.grid.filter((cell) => cell.sitOut);
    expect(sitOuts).toHaveLength(3);
    expect(sitOuts.every((cell) => cell.ewPair === 3 && cell.boards.length === 0)).toBe(true);
  });

  it('cannot change once the event has started', async () => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    expect((await as.owner.post(`${D}/events/${key}/start`)).statusCode).toBe(200);
    const response = await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs().slice(0, 2) });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('The event has started: its entries can no longer change');
    const listed = (await as.owner.get(`${D}/events/${key}/entries`)).json().result.pairs as EntryView[];
    expect(listed.filter((p) => p.players.length === 2)).toHaveLength(6);
  });

  it('lists every pair of the movement, the ones not entered yet without players', async () => {
    const key = await newSession();
    const { pairs } = (await as.owner.get(`${D}/events/${key}/entries`)).json().result as { pairs: EntryView[] };
    expect(pairs.map((p) => [p.pair, p.players.length])).toEqual([
      ['NS1', 0],
      ['NS2', 0],
      ['NS3', 0],
      ['EW1', 0],
      ['EW2', 0],
      ['EW3', 0],
    ]);
  });
});

describe('the round and its clock', () => {
  it('starts only an event with entries, and only once', async () => {
    const key = await newSession();
    const empty = await as.owner.post(`${D}/events/${key}/start`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe('Enter the pairs before the start: this event has no entries');
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    const started = await as.owner.post(`${D}/events/${key}/start`);
    expect(started.json()).toEqual({ result: { round: 1 } });
    expect(await event(key)).toMatchObject({ currentRound: 1, roundElapsedMs: 0, startedAt: expect.any(Date), roundStartedAt: expect.any(Date) });
    expect((await as.owner.post(`${D}/events/${key}/start`)).statusCode).toBe(409);
    expect(await audits(key, 'direct.start')).toHaveLength(1);
  });

  it('refuses the clock and the next round before the start', async () => {
    const key = await newSession();
    expect((await as.owner.post(`${D}/events/${key}/clock`, { running: false })).statusCode).toBe(409);
    expect((await as.owner.post(`${D}/events/${key}/next-round`)).json().error).toBe('The event has not started yet: start it first');
  });

  it('pauses keeping the time run, runs again, and moves round by round to the last', async () => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    await as.owner.post(`${D}/events/${key}/start`);
    // Five minutes into the round.
    await db
      .updateTable('tournaments')
      .set({ roundStartedAt: new Date(Date.now() - 300_000) })
      .where('key', '=', key)
      .execute();
    const paused = (await as.owner.post(`${D}/events/${key}/clock`, { running: false })).json().result;
    expect(paused.running).toBe(false);
    expect(paused.elapsedMs).toBeGreaterThanOrEqual(300_000);
    expect(paused.elapsedMs).toBeLessThan(310_000);
    const stored = await event(key);
    expect(stored.roundStartedAt).toBeNull();
    expect(stored.roundElapsedMs).toBe(paused.elapsedMs);
    const view = await live(key);
    expect(view.clock).toEqual({ running: false, elapsedMs: paused.elapsedMs, roundMs: stored.boardsPerRound * 7.5 * 60_000 });
    const running = (await as.owner.post(`${D}/events/${key}/clock`, { running: true })).json().result;
    expect(running.running).toBe(true);
    expect(running.elapsedMs).toBe(paused.elapsedMs);
    expect(await audits(key, 'direct.clock')).toHaveLength(2);

    expect((await as.owner.post(`${D}/events/${key}/next-round`)).json()).toEqual({ result: { round: 2 } });
    expect(await event(key)).toMatchObject({ currentRound: 2, roundElapsedMs: 0, roundStartedAt: expect.any(Date) });
    expect((await as.owner.post(`${D}/events/${key}/next-round`)).json()).toEqual({ result: { round: 3 } });
    const past = await as.owner.post(`${D}/events/${key}/next-round`);
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toBe('Round 3 is the last round of this movement: complete the event instead');
    expect((await event(key)).currentRound).toBe(3);
    expect(await audits(key, 'direct.next_round')).toHaveLength(2);
  });
});

describe('the live view', () => {
  it('shows each board entered, confirmed, not played, missing or late, and the provisional ranking', async () => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    await as.owner.post(`${D}/events/${key}/start`);
    let view = await live(key);
    expect(view.grid).toHaveLength(9);
    const first = view.grid.find((cell) => cell.round === 1 && cell.table === 1)!;
    const [b1, b2] = first.boards.map((b) => b.board);
    expect((await as.owner.post(`/api/v1/tournaments/${key}/results`, resultAt(first, b1!))).statusCode).toBe(200);
    const notPlayed = await as.owner.post(`${D}/events/${key}/not-played`, { round: 1, table: 1, board: b2, notPlayed: true });
    expect(notPlayed.json()).toEqual({ result: { notPlayed: true } });
    // A table's entry waiting for East-West.
    const second = view.grid.find((cell) => cell.round === 1 && cell.table === 2)!;
    await as.owner.post(`/api/v1/tournaments/${key}/results`, resultAt(second, second.boards[0]!.board, 9));
    await db
      .updateTable('boardResults')
      .set({ status: 'entered' })
      .where('tableNo', '=', 2)
      .where('tournamentId', '=', (await event(key)).id)
      .execute();

    view = await live(key);
    const cell = view.grid.find((c) => c.round === 1 && c.table === 1)!;
    expect(cell.boards[0]).toEqual({
      board: b1,
      status: 'confirmed',
      late: false,
      nsScore: 450,
      adjusted: null,
      contract: '4S N',
      // As entered, for the director's correction to start from.
      entry: { declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 11, lead: null },
      withdrawn: [],
    });
    expect(cell.boards[1]).toMatchObject({ board: b2, status: 'notPlayed', late: false });
    expect(view.grid.find((c) => c.round === 1 && c.table === 2)!.boards[0]).toMatchObject({ status: 'entered', nsScore: -50 });
    expect(view.grid.find((c) => c.round === 1 && c.table === 3)!.boards[0]).toMatchObject({ status: 'missing', late: false });
    expect(view.ranking.length).toBeGreaterThan(0);
    expect(view.ranking.find((p) => p.key === 'NS1')?.names).toEqual(['Ann Archer', 'Bob Baker']);
    expect(view.entries).toHaveLength(6);
    expect(view.event).toMatchObject({ key, phase: 'play', currentRound: 1, deals: 'random', winners: 2, minutesPerBoard: 7.5 });

    // Past the round's time: round 1's missing boards are late.
    await db
      .updateTable('tournaments')
      .set({ roundStartedAt: null, roundElapsedMs: 10 * 3600_000 })
      .where('key', '=', key)
      .execute();
    view = await live(key);
    expect(view.grid.find((c) => c.round === 1 && c.table === 3)!.boards[0]).toMatchObject({ status: 'missing', late: true });
    expect(view.grid.find((c) => c.round === 2 && c.table === 3)!.boards[0]).toMatchObject({ status: 'missing', late: false });
    // The next round: round 1 is behind, so still late though the new round's clock starts at 0.
    await as.owner.post(`${D}/events/${key}/next-round`);
    view = await live(key);
    expect(view.grid.find((c) => c.round === 1 && c.table === 3)!.boards[0]!.late).toBe(true);
    expect(view.grid.find((c) => c.round === 2 && c.table === 3)!.boards[0]!.late).toBe(false);
    expect(view.grid.find((c) => c.round === 1 && c.table === 1)!.boards[1]!.late).toBe(false);

    // Unmarked, the board is missing (and late) again.
    await as.owner.post(`${D}/events/${key}/not-played`, { round: 1, table: 1, board: b2, notPlayed: false });
    expect((await live(key)).grid.find((c) => c.round === 1 && c.table === 1)!.boards[1]).toMatchObject({ status: 'missing', late: true });
    expect(await audits(key, 'direct.not_played')).toHaveLength(2);
  });

  it('keeps the opening lead through a correction, or changes it when the director gives one', async () => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    await as.owner.post(`${D}/events/${key}/start`);
    const cell = (await live(key)).grid.find((c) => c.round === 1 && c.table === 1)!;
    const board = cell.boards[0]!.board;
    const entryOf = async () => (await live(key)).grid.find((c) => c.round === 1 && c.table === 1)!.boards[0]!.entry;

    expect((await as.owner.post(`/api/v1/tournaments/${key}/results`, { ...resultAt(cell, board), lead: 'HK' })).statusCode).toBe(200);
    expect(await entryOf()).toEqual({ declarer: 'N', contract: { level: 4, strain: 'S', doubled: 0 }, tricks: 11, lead: 'HK' });
    // A correction without a lead (as before leads were sent) keeps the one there.
    expect((await as.owner.post(`/api/v1/tournaments/${key}/results`, resultAt(cell, board, 10))).statusCode).toBe(200);
    expect(await entryOf()).toMatchObject({ tricks: 10, lead: 'HK' });
    expect((await as.owner.post(`/api/v1/tournaments/${key}/results`, { ...resultAt(cell, board, 10), lead: 'D2' })).statusCode).toBe(200);
    expect(await entryOf()).toMatchObject({ tricks: 10, lead: 'D2' });
    expect((await as.owner.post(`/api/v1/tournaments/${key}/results`, { ...resultAt(cell, board, 10), lead: null })).statusCode).toBe(200);
    expect(await entryOf()).toMatchObject({ tricks: 10, lead: null });

    const wrong = await as.owner.post(`/api/v1/tournaments/${key}/results`, { ...resultAt(cell, board, 9), lead: 'K' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'lead', message: 'A lead is a suit and a rank: SA, HT, D2' }]);
    expect(await entryOf()).toMatchObject({ tricks: 10, lead: null });
  });

  it('refuses a board not played at that table in that round', async () => {
    const key = await newSession();
    const view = await live(key);
    const cell = view.grid.find((c) => c.round === 1 && c.table === 1)!;
    const elsewhere = view.grid.find((c) => c.round === 1 && c.table === 2)!.boards[0]!.board;
    const response = await as.owner.post(`${D}/events/${key}/not-played`, { round: 1, table: 1, board: elsewhere, notPlayed: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'board', message: `Board ${elsewhere} is not played at table 1 in round 1` }]);
    const noTable = await as.owner.post(`${D}/events/${key}/not-played`, { round: 1, table: 9, board: cell.boards[0]!.board, notPlayed: true });
    expect(noTable.json().issues[0]).toEqual({ path: 'table', message: 'Table 9 does not play in round 1' });
    expect(
      await db
        .selectFrom('boardsNotPlayed')
        .selectAll()
        .where('tournamentId', '=', (await event(key)).id)
        .execute(),
    ).toEqual([]);
  });

  it('is the organiser’s or an admin’s alone', async () => {
    const key = await newSession();
    expect((await as.otherOrganiser.get(`${D}/events/${key}`)).statusCode).toBe(403);
    expect((await as.otherOrganiser.post(`${D}/events/${key}/start`)).statusCode).toBe(403);
    expect((await as.admin.get(`${D}/events/${key}`)).statusCode).toBe(200);
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    expect((await as.admin.post(`${D}/events/${key}/start`)).statusCode).toBe(200);
    expect((await audits(key, 'direct.start'))[0]).toMatchObject({ actorId: as.admin.user!.id });
  });

  it("gives each table's video room in an online event, and none at a club", async () => {
    const online = await newSession({ overrides: { online: true } });
    expect((await live(online)).event).toMatchObject({ online: true, videoChannels: [`${online}table0`, `${online}table1`, `${online}table2`] });
    const club = await newSession();
    expect((await live(club)).event).toMatchObject({ online: false, videoChannels: null });
  });
});

/** Opens the event's stream on a listening app; answers the response and the text read so far. */
async function openStream(app: TestApp['app'], who: Client, key: string) {
  const { port } = app.server.address() as AddressInfo;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: `${D}/events/${key}/stream`, headers: { cookie: who.cookie! } }, resolve).on('error', reject);
  });
  let text = '';
  const waiters: { pattern: string; resolve: () => void }[] = [];
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    text += chunk;
    for (const waiter of [...waiters]) if (text.includes(waiter.pattern)) waiter.resolve();
  });
  const ended = new Promise<void>((resolve) => response.on('end', resolve));
  const read = (pattern: string) => (text.includes(pattern) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ pattern, resolve })));
  return { response, ended, read, text: () => text };
}

describe('the live stream', () => {
  it('tells the open console of each change of its event, and ends when the app closes', async () => {
    const app = await buildTestApp();
    const owner = await buildClient(app.app, { names: 'Sid Stream' });
    const id = (await owner.get(`${D}/proposals?pairs=6`)).json().result.find((p: MovementProposal) => p.name === 'Mitchell').id;
    const key = (await owner.post(`${D}/events`, sessionBody({ kind: 'proposal', id }))).json().result.key;
    const other = (await owner.post(`${D}/events`, sessionBody({ kind: 'proposal', id }))).json().result.key;
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(app.app, owner, key);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await stream.read(': open');

    // Another event's change is not this console's.
    await owner.put(`${D}/events/${other}/entries`, { pairs: [{ pair: 'NS1', players: guestPair(1) }] });
    await owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs().slice(2) });
    await stream.read('event: change');
    expect(stream.text().match(/event: change/g)).toHaveLength(1);

    const view = (await owner.get(`${D}/events/${key}`)).json().result as LiveView;
    const cell = view.grid[0]!;
    expect((await owner.post(`/api/v1/tournaments/${key}/results`, resultAt(cell, cell.boards[0]!.board))).statusCode).toBe(200);
    await expect.poll(() => stream.text().match(/event: change/g)?.length).toBe(2);

    const closing = app.close();
    await stream.ended;
    await closing;
  });

  it("tells a burst of changes as two: the first at once and one after the burst, with every table's change", async () => {
    const app = await buildTestApp({ liveHeartbeatMs: 60_000 });
    const owner = await buildClient(app.app);
    const id = (await owner.get(`${D}/proposals?pairs=6`)).json().result[0].id;
    const key = (await owner.post(`${D}/events`, sessionBody({ kind: 'proposal', id }))).json().result.key;
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    // The heartbeat on a clock of the test's own: written after the burst's last change, it marks the end of what
    // the burst sent.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await openStream(app.app, owner, key);
      await stream.read(': open');
      // Twenty changes at once, of the event and of its tables: a busy club's second.
      for (let i = 0; i < 20; i++) void app.app.eventChanges.changed(i % 2 ? key : `${key}/${(i % 3) + 1}`);
      await expect.poll(() => stream.text().match(/event: change/g)?.length).toBe(2);
      vi.advanceTimersByTime(60_000);
      await stream.read(': heartbeat');
      expect(stream.text().match(/event: change/g)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a heartbeat comment while nothing changes', async () => {
    const app = await buildTestApp({ liveHeartbeatMs: 200 });
    const owner = await buildClient(app.app);
    const id = (await owner.get(`${D}/proposals?pairs=6`)).json().result[0].id;
    const key = (await owner.post(`${D}/events`, sessionBody({ kind: 'proposal', id }))).json().result.key;
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(app.app, owner, key);
    await stream.read(': heartbeat');
    expect(stream.text()).not.toContain('event: change');
  });

  it('is refused to another organiser', async () => {
    const key = await newSession();
    expect((await as.otherOrganiser.get(`${D}/events/${key}/stream`)).statusCode).toBe(403);
  });
});

describe('completing the event', () => {
  it('mails each player with an account their place, score and a link to their pair; guests get none', async () => {
    const key = await newSession();
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    await as.owner.post(`${D}/events/${key}/start`);
    const view = await live(key);
    // The first board at the three tables that play it: NS1 makes 4S+1 against EW1; the other NS pairs go one down.
    const board = view.grid.find((c) => c.round === 1 && c.table === 1)!.boards[0]!.board;
    const playing = view.grid.filter((c) => c.boards.some((b) => b.board === board));
    expect(playing).toHaveLength(3);
    for (const cell of playing) {
      const made = cell.nsPair === 1 ? 11 : 9;
      expect((await as.owner.post(`/api/v1/tournaments/${key}/results`, resultAt(cell, board, made))).statusCode).toBe(200);
    }
    const before = new Set((await db.selectFrom('outbox').select('id').execute()).map((m) => String(m.id)));
    expect((await as.owner.post(`/api/v1/tournaments/${key}/complete`)).statusCode).toBe(200);
    const mails = (await db.selectFrom('outbox').selectAll().execute()).filter((m) => !before.has(String(m.id)));
    expect(mails.map((m) => m.toAddress).sort()).toEqual(
      players
        .slice(0, 4)
        .map((p) => p.email)
        .sort(),
    );
    const ann = mails.find((m) => m.toAddress === players[0]!.email)!;
    expect(ann.subject).toBe('Your result in Tuesday Pairs');
    expect(ann.textBody).toContain('You came 1st of 3, with 100.00%.');
    expect(ann.link).toBe(`http://bridge.test/results/${key}?pair=NS1`);
    const cat = mails.find((m) => m.toAddress === players[2]!.email)!;
    expect(cat.textBody).toContain('You came 3rd of 3, with 0.00%.');
    expect(cat.link).toBe(`http://bridge.test/results/${key}?pair=EW1`);
    expect((await audits(key, 'tournament.complete'))[0]).toMatchObject({ details: { mailed: 4 } });
  });

  it('says a shared place with "=" and IMPs for an IMP event', async () => {
    const key = await newSession({ overrides: { scoring: 'cross-imps' } });
    await as.owner.put(`${D}/events/${key}/entries`, { pairs: sixPairs() });
    const view = await live(key);
    const board = view.grid.find((c) => c.round === 1 && c.table === 1)!.boards[0]!.board;
    for (const cell of view.grid.filter((c) => c.boards.some((b) => b.board === board))) {
      await as.owner.post(`/api/v1/tournaments/${key}/results`, resultAt(cell, board, 10));
    }
    expect((await as.owner.post(`/api/v1/tournaments/${key}/complete`)).statusCode).toBe(200);
    const mail = await db.selectFrom('outbox').selectAll().where('toAddress', '=', players[0]!.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.textBody).toContain('You came 1= of 3, with 0 IMPs.');
  });
});
