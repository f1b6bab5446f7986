import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parseCall, parseDeal, scoreContract, isVulnerable, handCards, OPENING_LEAD_STANDS, type Seat } from '@bridge/engine';
import type { LiveView, PlayServerMessage, PlayTableState } from '@bridge/api';
import { buildApp } from '../../app.ts';
import { testConfig, type TestApp } from '../../../test/build-test-app.ts';
import { buildClient, buildSeatedEvent, clientOf } from '../../../test/factories.ts';
import {
  actorOf,
  legalCard,
  onlineEvent,
  PlayClient,
  positionOf,
  sharedPlayServer,
  startPlayServer,
  type PlayServer,
  type PlayUser,
} from '../../../test/play.ts';
import { unheardChanges } from '../../lib/event-changes.ts';
import { findEvent } from '../events/service.ts';
import { readEvent } from './event-reading.ts';
import { directorCalledMessage, LiveTable, noDirectorCallMessage, seatWithRobotMessage, type LiveTableHooks } from './live-table.ts';
import { kibitzersClosedMessage, notOnlineMessage, notSeatedMessage, PlayHost } from './play-host.ts';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
// One server for the file; each test makes its own event in it. A test that stops the server, changes the schema or
// needs other settings starts its own.
const shared = sharedPlayServer();
const partner = (seat: Seat) => SEATS[(SEATS.indexOf(seat) + 2) % 4]!;

/** Four sockets, one a seat of table 1, each sat down. */
async function seatAll(wsUrl: string, key: string, players: Partial<Record<Seat, PlayUser>>) {
  const sockets = {} as Record<Seat, PlayClient>;
  for (const seat of SEATS) {
    sockets[seat] = await PlayClient.open(wsUrl, players[seat]!.cookie);
    const { state } = await sockets[seat].sit(key);
    expect(state.seat).toBe(seat);
  }
  return sockets;
}

/** Table 1 of an event opened on its own, outside the server's host: nobody hears it but its callers. */
async function tableAlone(t: TestApp, key: string, hooks: Partial<LiveTableHooks> = {}) {
  return LiveTable.open(t.database.db, (await findEvent(t.database.db, key))!, 1, {
    changes: unheardChanges,
    ...hooks,
  });
}

/** Waits until every socket has seen the table at `count` auction calls and `plays` cards. */
const settle = (sockets: Record<Seat, PlayClient>, done: (state: PlayTableState) => boolean) =>
  Promise.all(SEATS.map((seat) => sockets[seat].until(done)));

const playedCards = (state: PlayTableState) => state.tricks.ns + state.tricks.ew;

/**
 * The people at a table pass in the auction and play any legal card, each from their own frames, while robots play
 * the other seats; until `done` says so on the watcher's frames. With `open`, a person opens the bidding with it when
 * nobody has bid yet, so no board is passed out.
 */
async function playAlong(people: [Seat, PlayClient][], watcher: PlayClient, done: (state: PlayTableState) => boolean, open?: string) {
  for (let guard = 0; guard < 1000; guard++) {
    const state = watcher.latest()!;
    if (done(state)) return state;
    const person = state.turn && !state.result ? people.find(([seat]) => seat === actorOf(state)) : undefined;
    if (person) {
      const own = await person[1].until((s) => positionOf(s) === positionOf(state));
      const sent = person[1].frames.length;
      const opening = open !== undefined && own.auction.every((entry) => entry.call === 'Pass');
      person[1].send(own.declarer === null ? { type: 'call', call: opening ? open : 'Pass' } : { type: 'play', card: legalCard(own) });
      // Its answer: the table moved on, or an error (which fails the test).
      for (;;) {
        await person[1].next();
        const refused = person[1].frames.slice(sent).find((frame) => frame.type === 'error');
        if (refused) throw new Error(`${person[0]} was refused: ${JSON.stringify(refused)}`);
        if (positionOf(person[1].latest()!) !== positionOf(state)) break;
      }
    }
    if (positionOf(watcher.latest()!) === positionOf(state)) await watcher.next();
  }
  throw new Error(
    `the table did not get there: ${JSON.stringify(people.map(([, c]) => c.frames.filter((f) => f.type === 'error').slice(-3)))} ${JSON.stringify(watcher.latest())}`,
  );
}

describe('the table socket', () => {
  it('refuses an upgrade without a session, or from another site', async () => {
    const { t, wsUrl } = shared();
    const { players } = await onlineEvent(t);
    await expect(PlayClient.open(wsUrl, undefined)).rejects.toThrow('HTTP 401');
    await expect(PlayClient.open(wsUrl, players.N!.cookie, 'https://evil.example')).rejects.toThrow('HTTP 403');
  });

  it("marks a seat of an online event as one to take in the player's tables in play, once the director has started it", async () => {
    const { t } = shared();
    const tablesOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/video/tables', headers: { cookie } })).json().result.tables as {
        key: string;
        play: boolean;
      }[];
    const waiting = await onlineEvent(t, { start: false });
    expect(await tablesOf(waiting.players.N!.cookie)).toMatchObject([{ key: waiting.key, play: false }]);
    const started = await onlineEvent(t);
    expect(await tablesOf(started.players.N!.cookie)).toMatchObject([{ key: started.key, play: true }]);
  });

  it('seats a player at their seat, a kibitzer where the event allows, and refuses a player of another table', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { kibitzers: true });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const { state } = await north.sit(event.key);
    expect(state).toMatchObject({ key: event.key, table: 1, round: 1, seat: 'N', kibitzer: false, turn: 'N', auction: [], contract: null });
    expect(Object.keys(state.hands)).toEqual(['N']);
    expect(state.hands.N).toHaveLength(13);
    expect(state.players.E).toEqual({ name: 'Eric East', robot: false, away: expect.any(String) });

    const elsewhere = await PlayClient.open(wsUrl, event.elsewhere.cookie);
    // A player of another table may not watch this one (they may play its boards later): they are told their own.
    elsewhere.send({ type: 'sit', key: event.key, table: 1 });
    expect(await elsewhere.next()).toEqual({ type: 'moved', key: event.key, round: 1, table: 2 });

    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    const watched = (await kibitzer.sit(event.key)).state;
    expect(watched).toMatchObject({ seat: null, kibitzer: true, hands: {} });

    const closed = await onlineEvent(t, { kibitzers: false });
    const outsider = await PlayClient.open(wsUrl, closed.outsider.cookie);
    outsider.send({ type: 'sit', key: closed.key, table: 1 });
    expect(await outsider.nextOf('error')).toEqual({ type: 'error', message: kibitzersClosedMessage });
  });

  it('answers an illegal, out-of-turn or unreadable message with an error and changes nothing', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t);
    const sockets = await seatAll(wsUrl, event.key, event.players);
    const actions = () => t.database.db.selectFrom('playActions').selectAll().where('tournamentId', '=', event.id).where('tableNo', '=', 1).execute();

    sockets.E.send({ type: 'call', call: '1C' });
    expect((await sockets.E.nextOf('error')).message).toMatch(/turn/i);
    sockets.N.send({ type: 'call', call: '8NT' });
    expect((await sockets.N.nextOf('error')).message).toBe('"8NT" is not a call: 1C to 7NT, Pass, X or XX');
    sockets.N.send({ type: 'call', call: 'X' });
    expect((await sockets.N.nextOf('error')).message).toMatch(/double/i);
    sockets.N.send({ type: 'play', card: 'SA' });
    expect((await sockets.N.nextOf('error')).type).toBe('error');
    sockets.N.socket.send('not json');
    expect((await sockets.N.nextOf('error')).message).toBe('A message is a JSON object');
    sockets.N.send({ type: 'shout' });
    expect((await sockets.N.nextOf('error')).type).toBe('error');
    expect(await actions()).toEqual([]);

    // A legal call is stored, then every seat hears it.
    sockets.N.send({ type: 'call', call: '1nt' });
    const states = await settle(sockets, (s) => s.auction.length === 1);
    for (const state of states) expect(state.auction).toEqual([{ seat: 'N', call: '1NT', alert: false }]);
    expect(await actions()).toHaveLength(1);
  });

  it('plays a whole board with four people: the result is posted as the table line and the next board is dealt', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t);
    const sockets = await seatAll(wsUrl, event.key, event.players);
    const board = sockets.N.latest()!.board;
    // 1NT - 3NT by North, East's double alerted with an explanation.
    const auction: [Seat, object][] = [
      ['N', { call: '1NT', alert: true, explanation: '15-17 balanced' }],
      ['E', { call: 'Pass' }],
      ['S', { call: '3NT' }],
      ['W', { call: 'Pass' }],
      ['N', { call: 'Pass' }],
      ['E', { call: 'Pass' }],
    ];
    for (const [index, [seat, call]] of auction.entries()) {
      const state = sockets[seat].latest()!;
      expect(state.turn).toBe(seat);
      sockets[seat].send({ type: 'call', ...call });
      await settle(sockets, (s) => s.auction.length === index + 1);
    }
    // The explanation goes to the opponents of the caller, never to partner.
    expect(sockets.E.latest()!.auction[0]).toEqual({ seat: 'N', call: '1NT', alert: true, explanation: '15-17 balanced' });
    expect(sockets.S.latest()!.auction[0]).toEqual({ seat: 'N', call: '1NT', alert: true });
    expect(sockets.N.latest()!).toMatchObject({ contract: { level: 3, strain: 'NT', doubled: 0 }, declarer: 'N', turn: 'E' });

    for (let card = 0; card < 52; card++) {
      const state = sockets.N.latest()!;
      const seat = actorOf(state);
      const own = await sockets[seat].until((s) => positionOf(s) === positionOf(state));
      sockets[seat].send({ type: 'play', card: legalCard(own) });
      if (card < 51) await settle(sockets, (s) => 4 * playedCards(s) + s.trick.length === card + 1);
    }
    // The board's end: every seat sees the result and all four hands, then the next board comes.
    const ended = await sockets.W.until((s) => s.result !== null);
    expect(Object.keys(ended.hands).sort()).toEqual(['E', 'N', 'S', 'W']);
    const line = await t.database.db
      .selectFrom('boardResults')
      .selectAll()
      .where('tournamentId', '=', event.id)
      .where('boardNo', '=', board)
      .executeTakeFirstOrThrow();
    const stored = await t.database.db
      .selectFrom('boards')
      .selectAll()
      .where('tournamentId', '=', event.id)
      .where('boardNo', '=', board)
      .executeTakeFirstOrThrow();
    const expected = scoreContract({ level: 3, strain: 'NT', doubled: 0 }, ended.result!.tricks, isVulnerable(stored.vulnerability, 'N'));
    expect(line).toMatchObject({ tableNo: 1, round: 1, declarer: 'N', level: 3, strain: 'NT', tricks: ended.result!.tricks, status: 'confirmed' });
    expect(line.nsScore).toBe(expected);
    expect(ended.result!.score).toBe(expected);
    expect(line.lead).toMatch(/^[SHDC][AKQJT2-9]$/);
    const next = await sockets.N.until((s) => s.board !== board);
    expect(next).toMatchObject({ auction: [], result: null, boards: { played: 1, total: 2 } });
  });
});

describe('the API description', () => {
  it('documents the table socket, its messages and the board review at /api/docs', async () => {
    const { t } = shared();
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const socket = docs.paths['/ws/play'].get;
    for (const part of ['"sit"', '"call"', '"play"', '"claim"', '"claimResponse"', '"undo"', '"undoResponse"', '"table"', '"error"'])
      expect(socket.description).toContain(part);
    for (const part of ['"callDirector"', '"directorHere"', 'directorCall']) expect(socket.description).toContain(part);
    const review = docs.paths['/api/v1/play/{key}/boards/{board}'].get;
    for (const part of ['lines', 'deal', 'kibitzer', 'director']) expect(review.description).toContain(part);
  });
});

describe('claims and undo', () => {
  /** Four people at table 1 with 1NT - 3NT by North bid and the opening lead made. */
  async function inPlay({ t, wsUrl }: PlayServer = shared()) {
    const event = await onlineEvent(t);
    const sockets = await seatAll(wsUrl, event.key, event.players);
    for (const [index, [seat, call]] of (
      [
        ['N', '1NT'],
        ['E', 'Pass'],
        ['S', '3NT'],
        ['W', 'Pass'],
        ['N', 'Pass'],
        ['E', 'Pass'],
      ] as const
    ).entries()) {
      sockets[seat].send({ type: 'call', call });
      await settle(sockets, (s) => s.auction.length === index + 1);
    }
    sockets.E.send({ type: 'play', card: legalCard(sockets.E.latest()!) });
    await settle(sockets, (s) => s.trick.length === 1);
    return { t, wsUrl, event, sockets };
  }

  it('a claim accepted by both defenders ends the board with the tricks claimed', async () => {
    const { t, event, sockets } = await inPlay();
    sockets.N.send({ type: 'claim', tricks: 9, statement: 'Nine top tricks' });
    const pending = await sockets.E.until((s) => s.claim !== null);
    expect(pending.claim).toEqual({ seat: 'N', tricks: 9, statement: 'Nine top tricks', awaiting: ['E', 'W'] });
    // The claimer's hand is faced to the defenders with the statement (Law 68).
    expect(pending.hands.N).toEqual(sockets.N.latest()!.hands.N);
    // Dummy does not answer; declarer's partner has no say.
    sockets.S.send({ type: 'claimResponse', accept: true });
    expect((await sockets.S.nextOf('error')).type).toBe('error');
    sockets.E.send({ type: 'claimResponse', accept: true });
    await sockets.W.until((s) => s.claim?.awaiting.length === 1);
    sockets.W.send({ type: 'claimResponse', accept: true });
    const ended = await sockets.N.until((s) => s.result !== null);
    expect(ended.result!.tricks).toBe(9);
    const line = await t.database.db
      .selectFrom('boardResults')
      .selectAll()
      .where('tournamentId', '=', event.id)
      .where('tableNo', '=', 1)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ level: 3, strain: 'NT', declarer: 'N', tricks: 9 });
  });

  it('a claim rejected is withdrawn and play goes on; the live view flags it and the director rules from the director seat', async () => {
    const { t, wsUrl, event, sockets } = await inPlay();
    const liveView = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/direct/events/${event.key}`, headers: { cookie: event.organiser.cookie } })).json<{
        result: LiveView;
      }>().result;
    sockets.N.send({ type: 'claim', tricks: 12 });
    await sockets.E.until((s) => s.claim !== null);
    sockets.E.send({ type: 'claimResponse', accept: false });
    const [withdrawn] = await settle(sockets, (s) => s.disputed !== null);
    // Play goes on at once from where it stood: dummy's card, played by declarer; North's hand is hidden again.
    expect(withdrawn).toMatchObject({ claim: null, turn: 'S', result: null, disputed: { seat: 'N', tricks: 12, rejectedBy: 'E', left: 13 } });
    expect(Object.keys(sockets.E.latest()!.hands).sort()).toEqual(['E', 'S']);
    const board = withdrawn!.board;
    expect((await liveView()).disputedClaims).toEqual([
      { table: 1, round: 1, board, seat: 'N', tricks: 12, rejectedBy: 'E', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    sockets.N.send({ type: 'play', card: legalCard(sockets.N.latest()!) });
    await settle(sockets, (s) => s.trick.length === 2);
    sockets.N.send({ type: 'ruling', tricks: 12 });
    expect((await sockets.N.nextOf('error')).message).toBe('Only the director rules on a claim');

    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    const seen = (await director.sit(event.key)).state;
    // The director's seat sees every hand, and the dispute.
    expect(Object.keys(seen.hands).sort()).toEqual(['E', 'N', 'S', 'W']);
    expect(seen).toMatchObject({ seat: null, disputed: { seat: 'N', tricks: 12 } });
    director.send({ type: 'call', call: 'Pass' });
    expect((await director.nextOf('error')).message).toBe('Only a player at the table can do that');
    director.send({ type: 'ruling', tricks: 14 });
    expect((await director.nextOf('error')).type).toBe('error');
    director.send({ type: 'ruling', tricks: 10 });
    const ruled = await sockets.W.until((s) => s.result !== null);
    // Ten of the thirteen tricks there were at the claim go to declarer's side, whatever was played since.
    expect(ruled.result!.tricks).toBe(10);
    const line = await t.database.db
      .selectFrom('boardResults')
      .selectAll()
      .where('tournamentId', '=', event.id)
      .where('tableNo', '=', 1)
      .executeTakeFirstOrThrow();
    expect(line.tricks).toBe(10);
    // Ruled: the live view's flag is gone.
    expect((await liveView()).disputedClaims).toEqual([]);
  });

  it(
    'a rejection whose flag the database refused stands at every seat, and the flag is written once the database is back',
    { timeout: 60_000 },
    async () => {
      // Its own server: the trigger below changes the database's schema.
      const { t, event, sockets } = await inPlay(await startPlayServer());
      const db = t.database.db;
      // A real failure of the database for the flags: every write of one is refused by a trigger until it is dropped.
      await sql`create sequence flags_refused`.execute(db);
      await sql`create function refuse_flag() returns trigger language plpgsql as $$
      begin
        perform nextval('flags_refused');
        raise exception 'the database is out of service';
      end $$`.execute(db);
      await sql`create trigger refuse_flag before insert or update on disputed_claims for each row execute function refuse_flag()`.execute(db);
      const refusals = async () =>
        Number((await sql<{ n: string }>`select case when is_called then last_value else 0 end as n from flags_refused`.execute(db)).rows[0]!.n);
      const flags = async () =>
        (await t.app.inject({ method: 'GET', url: `/api/v1/direct/events/${event.key}`, headers: { cookie: event.organiser.cookie } })).json<{
          result: LiveView;
        }>().result.disputedClaims;
      sockets.N.send({ type: 'claim', tricks: 12 });
      await settle(sockets, (s) => s.claim !== null);
      const sent = sockets.E.frames.length;
      sockets.E.send({ type: 'claimResponse', accept: false });
      // Every seat sees the claim withdrawn and play go on; the rejecting player is not told of a failure.
      const [withdrawn] = await settle(sockets, (s) => s.claim === null && s.disputed !== null);
      expect(withdrawn).toMatchObject({ claim: null, turn: 'S', disputed: { seat: 'N', tricks: 12, rejectedBy: 'E' } });
      expect(await refusals()).toBeGreaterThanOrEqual(1);
      sockets.N.send({ type: 'play', card: legalCard(sockets.N.latest()!) });
      await settle(sockets, (s) => s.trick.length === 2);
      expect(sockets.E.frames.slice(sent).filter((frame) => frame.type === 'error')).toEqual([]);
      expect(await flags()).toEqual([]);
      // The database back, the flag is written by the table's next round of upkeep.
      await sql`drop trigger refuse_flag on disputed_claims`.execute(db);
      await expect
        .poll(() => flags(), { timeout: 20_000 })
        .toEqual([{ table: 1, round: 1, board: withdrawn!.board, seat: 'N', tricks: 12, rejectedBy: 'E', at: expect.any(String) }]);
    },
  );

  it("takes back one's last card when an opponent agrees, and keeps it when refused; never the opening lead", async () => {
    const { sockets } = await inPlay();
    sockets.E.send({ type: 'undo' });
    expect((await sockets.E.nextOf('error')).message).toBe(OPENING_LEAD_STANDS);
    // Declarer plays dummy's card, then asks for it back.
    sockets.N.send({ type: 'play', card: legalCard(sockets.N.latest()!) });
    await settle(sockets, (s) => s.trick.length === 2);
    const played = sockets.N.latest()!.trick[1]!.card;
    sockets.N.send({ type: 'undo' });
    // Each step waits until every seat has seen it, so no seat reads an older frame as the answer.
    const [asked] = await settle(sockets, (s) => s.undo !== null);
    expect(asked!.undo).toEqual({ seat: 'N', awaiting: ['E', 'W'] });
    sockets.W.send({ type: 'undoResponse', accept: false });
    const [kept] = await settle(sockets, (s) => s.undo === null);
    expect(kept!.trick[1]).toEqual({ seat: 'S', card: played });
    sockets.N.send({ type: 'undo' });
    await settle(sockets, (s) => s.undo !== null);
    sockets.E.send({ type: 'undoResponse', accept: true });
    await settle(sockets, (s) => s.undo === null && s.trick.length === 1);
    const back = sockets.N.latest()!;
    expect(back.hands.S).toContain(played);
    expect(back.turn).toBe('S');
  });
});

describe('what each seat may see', () => {
  it('no frame to any seat holds a card that seat may not see, over whole boards with robots', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { humans: ['N', 'E'] });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const east = await PlayClient.open(wsUrl, event.players.E!.cookie);
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    await north.sit(event.key);
    await east.sit(event.key);
    await kibitzer.sit(event.key);
    const deals = new Map(
      (await t.database.db.selectFrom('boards').select(['boardNo', 'deal']).where('tournamentId', '=', event.id).execute()).map((b) => [
        b.boardNo,
        parseDeal(b.deal!),
      ]),
    );
    // The people open the bidding if nobody has, else pass, and play whatever is legal when it is their turn; robots
    // play the other seats, until the round is over. Opening keeps any board from being passed out with nothing to check.
    await playAlong(
      [
        ['N', north],
        ['E', east],
      ],
      north,
      (state) => state.roundOver,
      '1C',
    );
    expect(north.latest()!.roundOver).toBe(true);
    // Every socket has had every frame of the round before its frames are read.
    await east.until((state) => state.roundOver);
    await kibitzer.until((state) => state.roundOver);

    /** Checks one socket's frames: no card of a hand its viewer may not see, in any field. */
    const check = (frames: PlayServerMessage[], viewer: Seat | 'kibitzer') => {
      let checked = 0;
      for (const frame of frames) {
        if (frame.type !== 'table') continue;
        const state = frame.state;
        const deal = deals.get(state.board)!;
        const leadMade = state.trick.length > 0 || playedCards(state) > 0;
        const dummy = state.declarer ? partner(state.declarer) : null;
        const text = JSON.stringify({ ...state, trick: [], lastTrick: [] });
        for (const seat of SEATS) {
          // A kibitzer never sees a hand but dummy's, even once the board is over: it may be played at other tables.
          const visible = (state.result !== null && viewer !== 'kibitzer') || seat === viewer || (leadMade && seat === dummy);
          if (visible) continue;
          for (const card of handCards(deal[seat]!))
            expect(text, `${viewer} saw ${card} of ${seat} in board ${state.board}`).not.toContain(`"${card}"`);
          expect(state.hands[seat]).toBeUndefined();
        }
        checked++;
      }
      return checked;
    };
    expect(check(north.frames, 'N')).toBeGreaterThan(20);
    expect(check(east.frames, 'E')).toBeGreaterThan(20);
    expect(check(kibitzer.frames, 'kibitzer')).toBeGreaterThan(20);
    // Both boards of the round were played out and posted.
    expect(
      await t.database.db.selectFrom('boardResults').select('boardNo').where('tournamentId', '=', event.id).where('tableNo', '=', 1).execute(),
    ).toHaveLength(2);
  });
});

describe("a kibitzer's frames", () => {
  it('hold dummy after the opening lead and no other hand over a whole board, its end included', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t);
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    const board = (await kibitzer.sit(event.key)).state.board;
    const sockets = await seatAll(wsUrl, event.key, event.players);
    // 1NT by North and three passes: South is dummy.
    for (const [index, seat] of (['N', 'E', 'S', 'W'] as const).entries()) {
      sockets[seat].send({ type: 'call', call: seat === 'N' ? '1NT' : 'Pass' });
      await settle(sockets, (s) => s.auction.length === index + 1);
    }
    for (let card = 0; card < 52; card++) {
      const state = sockets.N.latest()!;
      const seat = actorOf(state);
      const own = await sockets[seat].until((s) => positionOf(s) === positionOf(state));
      sockets[seat].send({ type: 'play', card: legalCard(own) });
      if (card < 51) await settle(sockets, (s) => 4 * playedCards(s) + s.trick.length === card + 1);
    }
    await kibitzer.until((s) => s.board !== board);

    const deal = parseDeal(
      (
        await t.database.db
          .selectFrom('boards')
          .select('deal')
          .where('tournamentId', '=', event.id)
          .where('boardNo', '=', board)
          .executeTakeFirstOrThrow()
      ).deal!,
    );
    const frames = kibitzer.frames.flatMap((frame) => (frame.type === 'table' && frame.state.board === board ? [frame.state] : []));
    const ended = frames.filter((state) => state.result !== null);
    expect(ended).toHaveLength(1);
    // The board's end: dummy's thirteen cards, as the seats saw them, and nothing of the other three hands.
    expect(ended[0]!.hands).toEqual({ S: handCards(deal.S!) });
    for (const state of frames) {
      const leadMade = state.trick.length > 0 || playedCards(state) > 0;
      expect(Object.keys(state.hands)).toEqual(leadMade ? ['S'] : []);
      // Played cards are public (the trick, the last trick); no other card of a hidden hand is anywhere in the frame.
      const text = JSON.stringify({ ...state, trick: [], lastTrick: [] });
      const hidden = (['N', 'E', 'W', ...(leadMade ? [] : ['S'])] as Seat[]).flatMap((seat) => handCards(deal[seat]!));
      for (const card of hidden) expect(text, `the kibitzer saw ${card}`).not.toContain(`"${card}"`);
    }
    expect(frames.length).toBeGreaterThan(52);
    // The seats themselves saw every hand at the board's end.
    await sockets.E.until((s) => s.board !== board);
    const seen = sockets.E.frames.find((frame) => frame.type === 'table' && frame.state.board === board && frame.state.result !== null);
    expect(seen?.type === 'table' && Object.keys(seen.state.hands).sort()).toEqual(['E', 'N', 'S', 'W']);
  });
});

describe('robots', () => {
  it('play the empty seats: one person with three robots finishes a board', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { humans: ['S'] });
    const south = await PlayClient.open(wsUrl, event.players.S!.cookie);
    const first = (await south.sit(event.key)).state;
    expect(first.players).toMatchObject({ N: { robot: true }, E: { robot: true }, W: { robot: true }, S: { robot: false, name: 'Sara South' } });
    await playAlong([['S', south]], south, (state) => state.board !== first.board || state.result !== null);
    const line = await t.database.db
      .selectFrom('boardResults')
      .selectAll()
      .where('tournamentId', '=', event.id)
      .where('boardNo', '=', first.board)
      .where('tableNo', '=', 1)
      .executeTakeFirst();
    expect(line).toBeDefined();
  });
});

describe('robots answering a claim', () => {
  /** North holds every top card: four spades, three of each other suit. */
  const NORTH_TOP_CARDS = 'N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.876.765 432.432.5432.432';
  /** The same hands turned a seat: East holds the top cards, North nothing. */
  const EAST_TOP_CARDS = 'N:765.8765.876.765 AKQJ.AKQ.AKQ.AKQ 432.432.5432.432 T98.JT9.JT9.JT98';
  const withSolver = sharedPlayServer({ analysis: { workers: 1, library: 'libdds.so.0' } });

  /**
   * People at North and South, robots at East and West, every board dealt `deal`: North bids 7NT at the first
   * chance and the people pass after it, then East's robot leads. Answers once declarer plays dummy's card.
   */
  async function sevenNotrumpsByNorth(deal: string, { t, wsUrl }: PlayServer = shared()) {
    const event = await onlineEvent(t, { humans: ['N', 'S'], deal });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const south = await PlayClient.open(wsUrl, event.players.S!.cookie);
    await north.sit(event.key);
    await south.sit(event.key);
    for (;;) {
      const state = await north.until((s) => s.trick.length === 1 || (s.declarer === null && (s.turn === 'N' || s.turn === 'S')));
      if (state.trick.length === 1) {
        expect(state).toMatchObject({ declarer: 'N', contract: { level: 7, strain: 'NT' }, turn: 'S' });
        return { t, wsUrl, event, north, board: state.board };
      }
      const bid = state.turn === 'N' && !state.auction.some((c) => c.call === '7NT');
      (state.turn === 'N' ? north : south).send({ type: 'call', call: bid ? '7NT' : 'Pass' });
      await north.until((s) => s.auction.length > state.auction.length);
    }
  }

  const lineOf = (t: PlayServer['t'], event: { id: string }, board: number) =>
    t.database.db
      .selectFrom('boardResults')
      .selectAll()
      .where('tournamentId', '=', event.id)
      .where('boardNo', '=', board)
      .where('tableNo', '=', 1)
      .executeTakeFirst();

  it('accept a sound claim, checked double dummy, and the board ends with the tricks claimed', { timeout: 60_000 }, async () => {
    const { t, event, north, board } = await sevenNotrumpsByNorth(NORTH_TOP_CARDS, withSolver());
    // Mid-trick, dummy to play: only the solver makes the robots sure of it.
    north.send({ type: 'claim', tricks: 13, statement: 'All top cards' });
    const ended = await north.until((s) => s.result !== null);
    expect(ended.result!.tricks).toBe(13);
    expect(await lineOf(t, event, board)).toMatchObject({ declarer: 'N', level: 7, strain: 'NT', tricks: 13, status: 'confirmed' });
  });

  it('accept, without the solver, a claim of the winners of the hand on lead', { timeout: 60_000 }, async () => {
    const { t, event, north, board } = await sevenNotrumpsByNorth(NORTH_TOP_CARDS);
    // Declarer plays dummy's card, West's robot follows, and North wins the trick with a top card.
    north.send({ type: 'play', card: legalCard(north.latest()!) });
    const third = await north.until((s) => s.trick.length === 3);
    north.send({ type: 'play', card: legalCard(third) });
    const onLead = await north.until((s) => s.tricks.ns === 1 && s.trick.length === 0);
    expect(onLead.turn).toBe('N');
    north.send({ type: 'claim', tricks: 12 });
    const ended = await north.until((s) => s.result !== null);
    expect(ended.result!.tricks).toBe(13);
    expect(await lineOf(t, event, board)).toMatchObject({ tricks: 13 });
  });

  it('reject an impossible claim: it is withdrawn, play goes on, and the director may still rule', { timeout: 60_000 }, async () => {
    const { t, wsUrl, event, north, board } = await sevenNotrumpsByNorth(EAST_TOP_CARDS, withSolver());
    north.send({ type: 'claim', tricks: 13 });
    const withdrawn = await north.until((s) => s.disputed !== null);
    expect(withdrawn).toMatchObject({ result: null, turn: 'S', claim: null, disputed: { seat: 'N', tricks: 13, left: 13 } });
    expect(await lineOf(t, event, board)).toBeUndefined();
    // Play goes on at once: declarer plays dummy's card.
    north.send({ type: 'play', card: legalCard(withdrawn) });
    await north.until((s) => s.trick.length >= 2);
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    await director.sit(event.key);
    director.send({ type: 'ruling', tricks: 0 });
    const ruled = await north.until((s) => s.result !== null);
    expect(ruled.result!.tricks).toBe(0);
    expect(await lineOf(t, event, board)).toMatchObject({ declarer: 'N', level: 7, strain: 'NT', tricks: 0 });
  });
});

describe("the director's robot", () => {
  it('takes a player’s seat for the rest of the round at the director’s word, and gives it back', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { humans: ['N', 'E', 'S', 'W'] });
    const sockets = await seatAll(wsUrl, event.key, event.players);
    // North is away: it is North's turn to call, and nothing happens.
    expect(sockets.N.latest()!.turn).toBe('N');
    sockets.E.send({ type: 'robot', seat: 'N', robot: true });
    expect((await sockets.E.nextOf('error')).message).toBe('Only the director gives a seat to a robot');
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    await director.sit(event.key);
    director.send({ type: 'robot', seat: 'N', robot: true });
    // The robot calls for North at once; the seat shows its player's name, played by a robot.
    const called = await sockets.E.until((s) => s.auction.length >= 1);
    expect(called.auction[0]!.seat).toBe('N');
    expect(called.players.N).toEqual({ name: 'Nina North', robot: true, away: null });
    const stored = await t.database.db.selectFrom('playSubstitutes').selectAll().where('tournamentId', '=', event.id).execute();
    expect(stored).toMatchObject([{ tableNo: 1, seat: 'N', round: 1 }]);
    // The seat is the robot's now: its player's own calls are refused.
    sockets.N.send({ type: 'call', call: 'Pass' });
    expect(await sockets.N.nextOf('error')).toEqual({ type: 'error', message: seatWithRobotMessage });

    director.send({ type: 'robot', seat: 'N', robot: false });
    expect((await sockets.E.until((s) => s.players.N.robot === false)).players.N).toEqual({ name: 'Nina North', robot: false, away: null });
    expect(await t.database.db.selectFrom('playSubstitutes').selectAll().where('tournamentId', '=', event.id).execute()).toEqual([]);
  });
});

describe('a board for review', () => {
  it('shows its deal and traveller to a player once their table has finished it, to a kibitzer once every table has, to the director always', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t);
    const admin = await buildClient(t.app, { names: 'Ada Admin', role: 'admin' });
    const review = async (who: { cookie?: string }, board: number, key = event.key) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/play/${key}/boards/${board}`, headers: { cookie: who.cookie! } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result as {
        board: number;
        lines: { round: number; table: number; tricks: number | null }[];
        deal: PlayTableState['hands'] | null;
      };
    };
    const sockets = await seatAll(wsUrl, event.key, event.players);
    const board = sockets.N.latest()!.board;
    const stored = parseDeal(
      (
        await t.database.db
          .selectFrom('boards')
          .select('deal')
          .where('tournamentId', '=', event.id)
          .where('boardNo', '=', board)
          .executeTakeFirstOrThrow()
      ).deal!,
    );
    const deal = Object.fromEntries(SEATS.map((seat) => [seat, handCards(stored[seat]!)]));
    const hidden = { board, lines: [], deal: null };

    // Nobody has finished the board: only the director sees it.
    for (const who of [event.players.N!, event.elsewhere, event.kibitzer, event.outsider]) expect(await review(who, board)).toEqual(hidden);
    expect(await review(event.organiser, board)).toEqual({ board, lines: [], deal });
    expect((await review(admin, board)).deal).toEqual(deal);

    // Table 1 plays it: 1NT by North, the lead, and seven tricks claimed and accepted.
    for (const [index, seat] of (['N', 'E', 'S', 'W'] as const).entries()) {
      sockets[seat].send({ type: 'call', call: seat === 'N' ? '1NT' : 'Pass' });
      await settle(sockets, (s) => s.auction.length === index + 1);
    }
    sockets.E.send({ type: 'play', card: legalCard(sockets.E.latest()!) });
    await settle(sockets, (s) => s.trick.length === 1);
    sockets.N.send({ type: 'claim', tricks: 7 });
    await settle(sockets, (s) => s.claim !== null);
    sockets.E.send({ type: 'claimResponse', accept: true });
    await settle(sockets, (s) => s.claim?.awaiting.length === 1);
    sockets.W.send({ type: 'claimResponse', accept: true });
    await settle(sockets, (s) => s.board !== board);

    // Its players see it now; a player whose table plays it in a later round, and the kibitzers, do not yet.
    expect(await review(event.players.N!, board)).toEqual({ board, lines: [expect.objectContaining({ round: 1, table: 1, tricks: 7 })], deal });
    for (const who of [event.elsewhere, event.kibitzer, event.outsider]) expect(await review(who, board)).toEqual(hidden);

    // The director enters the board at the other tables that play it in the movement, one after another.
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/v1/direct/events/${event.key}`, headers: { cookie: event.organiser.cookie } })
    ).json().result as LiveView;
    const elsewhere = view.grid.filter((cell) => cell.boards.some((b) => b.board === board) && !(cell.round === 1 && cell.table === 1));
    expect(elsewhere.length).toBe(2);
    const post = async (cell: LiveView['grid'][number]) => {
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/tournaments/${event.key}/results`,
        headers: { cookie: event.organiser.cookie },
        payload: {
          round: cell.round,
          table: cell.table,
          board,
          nsPair: cell.nsPair,
          ewPair: cell.ewPair,
          declarer: 'S',
          contract: { level: 2, strain: 'S', doubled: 0 },
          tricks: 8,
        },
      });
      expect(posted.statusCode, posted.body).toBe(200);
    };
    await post(elsewhere[0]!);
    for (const who of [event.kibitzer, event.outsider]) expect(await review(who, board)).toEqual(hidden);
    await post(elsewhere[1]!);
    for (const who of [event.kibitzer, event.outsider, event.elsewhere]) {
      const seen = await review(who, board);
      expect(seen.deal).toEqual(deal);
      expect(seen.lines.map((line) => line.table).sort()).toEqual([1, 2, 3]);
    }

    // Where the event shows no travellers, the players and kibitzers see the deal alone; the director everything.
    await t.database.db.updateTable('tournaments').set({ showTravellers: false }).where('key', '=', event.key).execute();
    for (const who of [event.players.N!, event.kibitzer]) expect(await review(who, board)).toEqual({ board, lines: [], deal });
    expect((await review(event.organiser, board)).lines).toHaveLength(3);
    // Where it allows no kibitzers, someone who does not play in it sees nothing.
    await t.database.db.updateTable('tournaments').set({ kibitzersEnabled: false }).where('key', '=', event.key).execute();
    for (const who of [event.kibitzer, event.outsider]) expect(await review(who, board)).toEqual(hidden);
    expect((await review(event.players.N!, board)).deal).toEqual(deal);
  });

  it('answers 404 for an unknown event or board, 400 for an event not played online, and 401 signed out', async () => {
    const { t } = shared();
    const event = await onlineEvent(t, { start: false });
    const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const unknown = await get('/api/v1/play/nosuchevent/boards/1', event.players.N!.cookie);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Tournament not found']);
    expect((await get(`/api/v1/play/${event.key}/boards/99`, event.players.N!.cookie)).statusCode).toBe(404);
    expect((await get(`/api/v1/play/${event.key}/boards/1`)).statusCode).toBe(401);
    const club = await buildSeatedEvent(t.app, {
      organiser: clientOf(t.app, event.organiser, event.organiser.cookie),
      gameDetails: { liveTableEvent: false },
    });
    const offline = await get(`/api/v1/play/${club.key}/boards/1`, event.organiser.cookie);
    expect([offline.statusCode, offline.json().error]).toEqual([400, notOnlineMessage]);
  });
});

describe('a call for the director', () => {
  /** The director's live view of the event. */
  const liveView = async (app: FastifyInstance, key: string, cookie: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/direct/events/${key}`, headers: { cookie } })).json<{ result: LiveView }>().result;

  it('from a player shows at the table and in the live view at once, until the director answers it', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t);
    const heard: string[] = [];
    const stopHearing = t.app.eventChanges.on((subject) => heard.push(subject));
    const sockets = await seatAll(wsUrl, event.key, event.players);
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    expect((await kibitzer.sit(event.key)).state.directorCall).toBeNull();

    sockets.E.send({ type: 'callDirector' });
    const [called] = await settle(sockets, (s) => s.directorCall !== null);
    expect(called!.directorCall).toEqual({ seat: 'E', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await kibitzer.until((s) => s.directorCall !== null)).directorCall).toEqual(called!.directorCall);
    // The live view's stream hears the table's change, and the view lists the call.
    await expect.poll(() => heard).toContain(`${event.key}/1`);
    stopHearing();
    expect((await liveView(t.app, event.key, event.organiser.cookie)).directorCalls).toEqual([{ table: 1, ...called!.directorCall }]);
    const stored = await t.database.db.selectFrom('directorCalls').selectAll().where('tournamentId', '=', event.id).execute();
    expect(stored).toMatchObject([{ tableNo: 1, seat: 'E' }]);

    // A second call while one is open is refused; only a player at the table calls, only the director answers.
    sockets.W.send({ type: 'callDirector' });
    expect((await sockets.W.nextOf('error')).message).toBe(directorCalledMessage);
    kibitzer.send({ type: 'callDirector' });
    expect((await kibitzer.nextOf('error')).message).toBe('Only a player at the table calls the director');
    sockets.E.send({ type: 'directorHere' });
    expect((await sockets.E.nextOf('error')).message).toBe('Only the director answers a call to the table');
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    expect((await director.sit(event.key)).state.directorCall).toEqual(called!.directorCall);
    director.send({ type: 'callDirector' });
    expect((await director.nextOf('error')).message).toBe('Only a player at the table calls the director');

    director.send({ type: 'directorHere' });
    await settle(sockets, (s) => s.directorCall === null);
    expect((await liveView(t.app, event.key, event.organiser.cookie)).directorCalls).toEqual([]);
    expect(await t.database.db.selectFrom('directorCalls').selectAll().where('tournamentId', '=', event.id).execute()).toEqual([]);
    director.send({ type: 'directorHere' });
    expect((await director.nextOf('error')).message).toBe(noDirectorCallMessage);
    // The table may call again once answered.
    sockets.N.send({ type: 'callDirector' });
    expect((await sockets.S.until((s) => s.directorCall !== null)).directorCall!.seat).toBe('N');
  });

  it('survives a restart of the server: the table and the live view still show it', async () => {
    // Its own server: the test stops it.
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t, { humans: ['N', 'S'] });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    await north.sit(event.key);
    north.send({ type: 'callDirector' });
    const call = (await north.until((s) => s.directorCall !== null)).directorCall;

    await t.app.close();
    const app = await buildApp({ config: testConfig(), database: t.database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/play`;
      const south = await PlayClient.open(url, event.players.S!.cookie);
      expect((await south.sit(event.key)).state.directorCall).toEqual(call);
      expect((await liveView(app, event.key, event.organiser.cookie)).directorCalls).toEqual([{ table: 1, ...call }]);
      south.send({ type: 'callDirector' });
      expect((await south.nextOf('error')).message).toBe(directorCalledMessage);
    } finally {
      await app.close();
    }
  });
});

describe('nothing lost', () => {
  it('a server stopped mid-board and started again on the same database resumes the table exactly', async () => {
    // Its own server: the test stops it.
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t);
    const sockets = await seatAll(wsUrl, event.key, event.players);
    for (const [index, [seat, call]] of (
      [
        ['N', '1S'],
        ['E', 'Pass'],
        ['S', '4S'],
        ['W', 'Pass'],
        ['N', 'Pass'],
        ['E', 'Pass'],
      ] as const
    ).entries()) {
      sockets[seat].send({ type: 'call', call });
      await settle(sockets, (s) => s.auction.length === index + 1);
    }
    sockets.E.send({ type: 'play', card: legalCard(sockets.E.latest()!) });
    const before = await sockets.N.until((s) => s.trick.length === 1);

    // The server goes; another starts on the same database.
    await t.app.close();
    const app = await buildApp({ config: testConfig(), database: t.database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/play`;
      const north = await PlayClient.open(url, event.players.N!.cookie);
      const after = (await north.sit(event.key)).state;
      // The same table; its round clock ran on meanwhile, and the others have not come back to the new server yet:
      // they are away.
      expect({ ...after, clock: null, players: null }).toEqual({ ...before, clock: null, players: null });
      expect(after.clock).toMatchObject({ running: true, roundMs: before.clock.roundMs });
      expect(after.players.N.away).toBeNull();
      expect(['E', 'S', 'W'].map((seat) => after.players[seat as Seat].away !== null)).toEqual([true, true, true]);
      // And the table goes on from there.
      const south = await PlayClient.open(url, event.players.S!.cookie);
      await south.sit(event.key);
      north.send({ type: 'play', card: legalCard(after) });
      expect((await south.until((s) => s.trick.length === 2)).trick[0]).toEqual(before.trick[0]);
    } finally {
      await app.close();
    }
  });
});

describe('a new round', () => {
  it("moves a player on to the movement's next table, and never shows them the hand of whoever sits in their old seat", async () => {
    const { t, wsUrl } = shared();
    // A Mitchell: North-South stay at their table, East-West move on.
    const event = await onlineEvent(t, { humans: ['N', 'E'] });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const east = await PlayClient.open(wsUrl, event.players.E!.cookie);
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    await north.sit(event.key);
    await east.sit(event.key);
    await kibitzer.sit(event.key);
    await kibitzer.until((s) => s.players.N.away === null);
    const eastHand = east.latest()!.hands.E;
    const next = await t.app.inject({
      method: 'POST',
      url: `/api/v1/direct/events/${event.key}/next-round`,
      headers: { cookie: event.organiser.cookie },
    });
    expect(next.statusCode).toBe(200);

    const moved = await east.nextOf('moved');
    expect(moved).toMatchObject({ type: 'moved', key: event.key, round: 2 });
    expect(moved.table).not.toBeNull();
    expect(moved.table).not.toBe(1);
    // North stays, at the same seat, and hears the new round.
    const stayed = await north.until((s) => s.round === 2);
    expect(stayed).toMatchObject({ table: 1, seat: 'N' });
    // North's seat stayed North's throughout: the table never showed North away.
    await kibitzer.until((s) => s.round === 2);
    const told = kibitzer.frames.flatMap((f) => (f.type === 'table' ? [f.state] : []));
    expect(told.filter((s) => s.round === 2 && s.players.N.away !== null)).toEqual([]);
    // East heard nothing of table 1 in round 2: no frame, so no hand of the player now in East's old seat.
    expect(east.frames.some((f) => f.type === 'table' && f.state.round === 2)).toBe(false);
    // Nor acts there: a call from the old socket is not the table's, and the table refuses the old seat's user.
    east.send({ type: 'call', call: 'Pass' });
    expect(await east.nextOf('error')).toEqual({ type: 'error', message: 'Take a seat first: send sit with the event key and the table' });
    const table = await tableAlone(t, event.key);
    try {
      const pass = { type: 'call', call: parseCall('Pass')!, alert: false } as const;
      expect((await table.act('E', pass, { userId: event.players.E!.id, round: 1 })).refusal).toBe(notSeatedMessage);
      expect((await table.callDirector('E', { userId: event.players.E!.id, round: 1 })).refusal).toBe(notSeatedMessage);
      // North stays at the table, but a message sent for round 1 is not played in round 2.
      expect((await table.act('N', pass, { userId: event.players.N!.id, round: 1 })).refusal).toBe(notSeatedMessage);
      expect((await table.callDirector('N', { userId: event.players.N!.id, round: 1 })).refusal).toBe(notSeatedMessage);
    } finally {
      table.close();
    }
    // At the table the movement gives, East plays the new round with a hand of that table's board.
    const { state } = await east.sit(event.key, moved.table!);
    expect(state).toMatchObject({ table: moved.table, round: 2, seat: 'E' });
    expect(state.hands.E).toHaveLength(13);
    expect(state.hands.E).not.toEqual(eastHand);
  });

  it("tells who is away only in turn with the table's own changes, never halfway through one", async () => {
    const { t } = shared();
    const event = await onlineEvent(t, { start: true });
    const told: number[] = [];
    const table = await tableAlone(t, event.key);
    try {
      // A change of the table under way (a reload reading the next round, say): the report waits for its end.
      let finish!: () => void;
      const change = table.run(() => new Promise<void>((resolve) => (finish = resolve)));
      const reported = table.reportPresence('another instance', 1, { [event.players.N!.id]: 1 });
      void reported.then((outcome) => told.push(...outcome.told.map((snapshot) => snapshot.round)));
      await Promise.resolve();
      expect(told).toEqual([]);
      finish();
      await change;
      expect(await reported).toMatchObject({ refusal: null, moved: false });
      expect(told).toEqual([1]);
    } finally {
      table.close();
    }
  });
});

describe('who is away', () => {
  const isTime = (text: string | null) => text !== null && new Date(text).toISOString() === text;

  it('shows a seat whose player never came as away, a seat whose socket closed as away since then, and back once it sits again', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { humans: ['N', 'E', 'S'] });
    const east = await PlayClient.open(wsUrl, event.players.E!.cookie);
    const first = (await east.sit(event.key)).state;
    // East is there; North and South have not come yet; West is a robot's, never away.
    expect(first.players.E.away).toBeNull();
    expect(isTime(first.players.N.away) && isTime(first.players.S.away)).toBe(true);
    expect(first.players.W).toEqual({ name: 'Robot', robot: true, away: null });

    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    expect((await north.sit(event.key)).state.players.N.away).toBeNull();
    await east.until((s) => s.players.N.away === null);
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    await kibitzer.sit(event.key);

    // North closes the page: East and the kibitzer see North away, since a time that is not before it closed.
    const closing = new Date().toISOString();
    north.close();
    const gone = await east.until((s) => s.players.N.away !== null);
    expect(isTime(gone.players.N.away) && gone.players.N.away! >= closing).toBe(true);
    expect((await kibitzer.until((s) => s.players.N.away !== null)).players.N.away).toBe(gone.players.N.away);
    // South is still away since the table first saw the seat.
    expect(gone.players.S.away).toBe(first.players.S.away);

    // North comes back on a new socket: there again, for everyone.
    const back = await PlayClient.open(wsUrl, event.players.N!.cookie);
    expect((await back.sit(event.key)).state.players.N.away).toBeNull();
    await east.until((s) => s.players.N.away === null);
    await kibitzer.until((s) => s.players.N.away === null);
  });

  it('counts every socket of a player: closing one of two pages leaves them there', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { humans: ['N', 'E'] });
    const east = await PlayClient.open(wsUrl, event.players.E!.cookie);
    await east.sit(event.key);
    const one = await PlayClient.open(wsUrl, event.players.N!.cookie);
    await one.sit(event.key);
    const two = await PlayClient.open(wsUrl, event.players.N!.cookie);
    await two.sit(event.key);
    await east.until((s) => s.players.N.away === null);
    one.close();
    await one.closed;
    // North is still there: the frame of North's call says so.
    two.send({ type: 'call', call: 'Pass' });
    const called = await east.until((s) => s.auction.length === 1);
    expect(called.players.N.away).toBeNull();
    two.close();
    expect(isTime((await east.until((s) => s.players.N.away !== null)).players.N.away)).toBe(true);
  });

  it("is never said of a seat the director gave to a robot; the seat's player away is away again once it is given back", async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { humans: ['N', 'E'] });
    const east = await PlayClient.open(wsUrl, event.players.E!.cookie);
    const since = (await east.sit(event.key)).state.players.N.away;
    expect(isTime(since)).toBe(true);
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    // The director sees who is away too.
    expect((await director.sit(event.key)).state.players.N.away).toBe(since);
    director.send({ type: 'robot', seat: 'N', robot: true });
    expect((await east.until((s) => s.players.N.robot)).players.N).toEqual({ name: 'Nina North', robot: true, away: null });
    director.send({ type: 'robot', seat: 'N', robot: false });
    expect((await east.until((s) => !s.players.N.robot)).players.N).toEqual({ name: 'Nina North', robot: false, away: since });
  });
});

describe('changes of the whole event', () => {
  it('tells a table whose board stays only its clock; a result the director gives for the board in play deals the next', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t);
    const sockets = await seatAll(wsUrl, event.key, event.players);
    // Every seat's player is there, as North hears it: no frame of someone sitting down is still on its way.
    const first = await sockets.N.until((s) => SEATS.every((seat) => s.players[seat].away === null));
    const direct = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: event.organiser.cookie } });

    // The director pauses the round's clock: the event changes, this table's board does not.
    const seen = sockets.N.frames.length;
    expect((await direct(`/api/v1/direct/events/${event.key}/clock`, { running: false })).statusCode).toBe(200);
    await sockets.N.until((s) => !s.clock.running);
    sockets[actorOf(first)].send({ type: 'call', call: 'Pass' });
    await sockets.N.until((s) => s.auction.length === 1);

    // The director gives the board in play its result: the table moves to its next board.
    const line = {
      round: 1,
      board: first.board,
      table: 1,
      nsPair: 1,
      ewPair: 1,
      declarer: 'N',
      contract: { level: 3, strain: 'NT', doubled: 0 },
      tricks: 9,
    };
    expect((await direct(`/api/v1/tournaments/${event.key}/results`, line)).statusCode).toBe(200);
    const next = await sockets.N.until((s) => s.board !== first.board);
    expect(next).toMatchObject({ round: 1, auction: [], result: null, boards: { played: 1, total: 2 } });
    // North heard the paused clock on the same board, then the call, then the next board: the pause dealt nothing.
    expect(sockets.N.frames.slice(seen).map((f) => f.type === 'table' && [f.state.board, f.state.auction.length, f.state.clock.running])).toEqual([
      [first.board, 0, false],
      [first.board, 1, false],
      [next.board, 0, false],
    ]);
  });

  it('tells a table whose round is over only its clock while the event changes, until its next round', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t, { humans: [] });
    const direct = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: event.organiser.cookie } });
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    await kibitzer.sit(event.key);
    // The robots play both boards of the round: the last one stays on show.
    await kibitzer.until((s) => s.roundOver);
    const over = kibitzer.frames.length;
    expect((await direct(`/api/v1/direct/events/${event.key}/clock`, { running: false })).statusCode).toBe(200);
    expect((await direct(`/api/v1/direct/events/${event.key}/next-round`)).statusCode).toBe(200);
    await kibitzer.until((s) => s.round === 2);
    // After the round's end: the paused clock on the last board still on show, then the next round's first board,
    // its clock running from the start again.
    expect(
      kibitzer.frames
        .slice(over, over + 2)
        .map((f) => f.type === 'table' && { round: f.state.round, roundOver: f.state.roundOver, running: f.state.clock.running }),
    ).toEqual([
      { round: 1, roundOver: true, running: false },
      { round: 2, roundOver: false, running: true },
    ]);
  });

  it("takes a change in from its own read when the table wrote something after the event's reading began", async () => {
    const { t } = shared();
    const event = await onlineEvent(t);
    const tournament = (await findEvent(t.database.db, event.key))!;
    const table = await tableAlone(t, event.key);
    try {
      const board = table.snapshot().state!.board;
      // The director gives the board in play its result; the event is read; then the table's North goes to a robot.
      const line = { round: 1, board, table: 1, nsPair: 1, ewPair: 1, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 };
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/tournaments/${event.key}/results`,
        payload: line,
        headers: { cookie: event.organiser.cookie },
      });
      expect(posted.statusCode).toBe(200);
      const reading = await readEvent(t.database.db, tournament);
      expect((await table.setRobot('N', true)).refusal).toBeNull();
      // The reading missed the robot: the table, dealing its next board, reads its own part and keeps it.
      await table.reload(tournament, reading);
      expect(table.snapshot()).toMatchObject({ boards: { played: 1 }, players: { N: { robot: true } } });
      expect(table.snapshot().state!.board).not.toBe(board);
    } finally {
      table.close();
    }
  });

  it('is read once for all the tables of the event, however many: when they open, and when the event changes', async () => {
    // Robots that never act in the test, so only the readings are counted; its own server, so the only events to
    // resume are these two.
    const { t } = await startPlayServer({ play: { ...testConfig().play, robotDelayMs: 3_600_000 } });
    const small = await onlineEvent(t, { tables: 3 });
    const large = await onlineEvent(t, { tables: 9 });
    let queries = 0;
    const db = t.database.db.withPlugin({
      transformQuery: ({ node }) => {
        queries++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const errors: string[] = [];
    const host = new PlayHost({
      db,
      robotDelayMs: 3_600_000,
      changes: unheardChanges,
      log: { error: (_, message) => errors.push(message) },
    });
    try {
      const counted = async (work: () => Promise<unknown>) => {
        queries = 0;
        await work();
        return queries;
      };
      // Nobody runs the tables for this host yet: it opens them all, then takes a change of each event in.
      const opening = [await counted(() => host.openEvent(small.key)), await counted(() => host.openEvent(large.key))];
      const change = [await counted(() => host.openEvent(small.key)), await counted(() => host.openEvent(large.key))];
      expect(opening[1]).toBe(opening[0]);
      expect(change[1]).toBe(change[0]);
      expect(change[0]).toBeLessThan(10);
      expect(await host.resumeAll()).toBe(3 + 9);
      expect(errors).toEqual([]);
    } finally {
      await host.close();
    }
  });
});

describe('the round clock', () => {
  /** The director's clock of the event, as the live view has it. */
  const clockOf = async (app: FastifyInstance, key: string, cookie: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/direct/events/${key}`, headers: { cookie } })).json<{ result: LiveView }>().result.clock;

  it('reaches every socket at the table: paused when the director pauses it, running on resume, again in a new round', async () => {
    const { t, wsUrl } = shared();
    const event = await onlineEvent(t);
    const direct = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: event.organiser.cookie } });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    const first = (await north.sit(event.key)).state;
    await kibitzer.sit(event.key);
    const { roundMs } = await clockOf(t.app, event.key, event.organiser.cookie);
    expect(roundMs).toBeGreaterThan(0);
    expect(first.clock).toEqual({ running: true, elapsedMs: expect.any(Number), roundMs });

    // Paused: every socket hears the clock stand where the director stopped it, on the same board.
    const paused = await direct(`/api/v1/direct/events/${event.key}/clock`, { running: false });
    expect(paused.statusCode).toBe(200);
    const stopped = paused.json<{ result: PlayTableState['clock'] }>().result;
    expect(stopped).toMatchObject({ running: false, roundMs });
    const heard = await north.until((s) => !s.clock.running);
    expect(heard.clock).toEqual(stopped);
    expect({ ...heard, clock: null }).toEqual({ ...first, clock: null });
    expect((await kibitzer.until((s) => !s.clock.running)).clock).toEqual(stopped);
    // A socket that sits down now finds it paused, as it stood.
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    expect((await director.sit(event.key)).state.clock).toEqual(stopped);

    // Run again: it runs on from where it stood.
    expect((await direct(`/api/v1/direct/events/${event.key}/clock`, { running: true })).statusCode).toBe(200);
    const running = await north.until((s) => s.clock.running);
    expect(running.clock.elapsedMs).toBeGreaterThanOrEqual(stopped.elapsedMs);
    expect((await director.until((s) => s.clock.running)).clock.roundMs).toBe(roundMs);

    // Paused again, then a new round: the table of the next round has the clock running, from its start.
    expect((await direct(`/api/v1/direct/events/${event.key}/clock`, { running: false })).statusCode).toBe(200);
    await kibitzer.until((s) => !s.clock.running);
    expect((await direct(`/api/v1/direct/events/${event.key}/next-round`)).statusCode).toBe(200);
    const next = await kibitzer.until((s) => s.round === 2);
    expect(next.clock).toEqual({ running: true, elapsedMs: expect.any(Number), roundMs });
    expect(await clockOf(t.app, event.key, event.organiser.cookie)).toMatchObject({ running: true });
  });

  it('is there again when the table opens after a restart of the server: a paused clock as it stood', async () => {
    // Its own server: the test stops it.
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t);
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    await north.sit(event.key);
    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/direct/events/${event.key}/clock`,
      payload: { running: false },
      headers: { cookie: event.organiser.cookie },
    });
    const stopped = paused.json<{ result: PlayTableState['clock'] }>().result;
    await north.until((s) => !s.clock.running);

    await t.app.close();
    const app = await buildApp({ config: testConfig(), database: t.database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/play`;
      const south = await PlayClient.open(url, event.players.S!.cookie);
      expect((await south.sit(event.key)).state.clock).toEqual(stopped);
    } finally {
      await app.close();
    }
  });
});
