import { describe, expect, it } from 'vitest';
import type { LiveView } from '@bridge/api';
import type { Seat } from '@bridge/engine';
import { buildApp } from '../app.ts';
import { testConfig, type TestApp } from '../../test/build-test-app.ts';
import { buildClient, buildSeatedEvent, buildUser, clientOf, login } from '../../test/factories.ts';
import { legalCard, onlineEvent, PlayClient, startPlayServer, type PlayUser } from '../../test/play.ts';
import { Client as VideoClient, startServer as startVideoServer } from '../../test/video.ts';

/**
 * Attack regressions for a deal changed under a board in play: the organiser API refuses to change the deal of a
 * board with actions at an online table or a result line, by hand or by an import; and a table whose stored actions
 * no longer fit its deal (changed by an older server, or behind the server's back) stops and calls the director,
 * keeping every action it has.
 */

const DEAL = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
/** The same four hands, each moved on a seat: every card of the first deal's play is in another hand now. */
const OTHER_DEAL = 'N:Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96 KT8.A96.A95.7542';
const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

const eventId = async (t: TestApp, key: string) =>
  (await t.database.db.selectFrom('tournaments').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
const dealOf = async (t: TestApp, key: string, board: number) =>
  (
    await t.database.db
      .selectFrom('boards')
      .select('deal')
      .where('tournamentId', '=', await eventId(t, key))
      .where('boardNo', '=', board)
      .executeTakeFirstOrThrow()
  ).deal;
/** Table 1's stored actions (robots play the other tables on their own meanwhile). */
const actionsOf = async (t: TestApp, key: string) =>
  t.database.db
    .selectFrom('playActions')
    .select(['round', 'tableNo', 'boardNo', 'seq', 'actor', 'action'])
    .where('tournamentId', '=', await eventId(t, key))
    .where('tableNo', '=', 1)
    .orderBy('boardNo')
    .orderBy('seq')
    .execute();

const put = (t: TestApp, key: string, board: number, deal: string, cookie: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/tournaments/${key}/boards/${board}`, payload: { deal }, headers: { cookie } });
const importPbn = (t: TestApp, key: string, boards: Record<number, string>, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/tournaments/${key}/import`,
    payload: {
      pbn: Object.entries(boards)
        .map(([board, deal]) => `[Board "${board}"]\n[Deal "${deal}"]\n`)
        .join('\n'),
    },
    headers: { cookie },
  });

describe('a deal changed while its board is in play', () => {
  it('is refused with 409 once a table has acted on the board, by hand or by an import, and the deal stays', async () => {
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t, { humans: SEATS, hands: 'Imported', deal: DEAL });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const { state } = await north.sit(event.key);
    north.send({ type: 'call', call: '1S' });
    await north.until((s) => s.auction.length === 1);
    const board = state.board;

    const changed = await put(t, event.key, board, OTHER_DEAL, event.organiser.cookie);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe(`Board ${board} is in play or played: its deal can no longer change`);
    const imported = await importPbn(t, event.key, { [board]: OTHER_DEAL }, event.organiser.cookie);
    expect(imported.statusCode).toBe(409);
    expect(imported.json().error).toBe(`Board ${board} is in play or played: its deal can no longer change`);
    expect(await dealOf(t, event.key, board)).toBe(DEAL);
    // The table plays on with the deal it was dealt.
    expect(await actionsOf(t, event.key)).toMatchObject([{ boardNo: board, seq: 1, actor: 'N' }]);
  });

  it('is refused with 409 for a board with a result line, and an import touching it changes none of its boards', async () => {
    const { t } = await startPlayServer();
    const organiser = await buildClient(t.app, { names: 'Olga Organiser' });
    const { key } = await buildSeatedEvent(t.app, {
      organiser,
      gameDetails: { liveTableEvent: false, handgeneratedModeAsString: 'Imported' },
    });
    expect((await importPbn(t, key, { 1: DEAL, 3: DEAL }, organiser.cookie!)).statusCode).toBe(200);
    const line = { round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 };
    expect((await organiser.post(`/api/v1/tournaments/${key}/results`, line)).statusCode).toBe(200);

    const changed = await put(t, key, 1, OTHER_DEAL, organiser.cookie!);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe('Board 1 is in play or played: its deal can no longer change');
    const imported = await importPbn(t, key, { 1: OTHER_DEAL, 3: OTHER_DEAL }, organiser.cookie!);
    expect(imported.statusCode).toBe(409);
    expect(imported.json().error).toBe('Board 1 is in play or played: its deal can no longer change');
    expect(await dealOf(t, key, 1)).toBe(DEAL);
    expect(await dealOf(t, key, 3)).toBe(DEAL);
    // A board nobody has played still takes a new deal.
    expect((await put(t, key, 3, OTHER_DEAL, organiser.cookie!)).statusCode).toBe(200);
    expect(await dealOf(t, key, 3)).toBe(OTHER_DEAL);
  });

  it('dealt to a table but not acted on yet: the table takes the new deal at once', async () => {
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t, { humans: SEATS, hands: 'Imported', deal: DEAL });
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const { state } = await north.sit(event.key);
    expect(state.hands.N).toContain('SK');
    expect((await put(t, event.key, state.board, OTHER_DEAL, event.organiser.cookie)).statusCode).toBe(200);
    // North now holds East's old hand, and the table plays it.
    const dealt = await north.until((s) => !s.hands.N!.includes('SK'));
    expect(dealt.hands.N).toContain('SQ');
    north.send({ type: 'call', call: '1H' });
    await north.until((s) => s.auction.length === 1);
    expect((await put(t, event.key, state.board, DEAL, event.organiser.cookie)).statusCode).toBe(409);
  });
});

describe("a table whose stored actions no longer fit the board's deal", () => {
  it('stops, shows why at the table, calls the director, and keeps every stored action', async () => {
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t, { humans: SEATS, hands: 'Imported', deal: DEAL });
    const sockets = {} as Record<Seat, PlayClient>;
    for (const seat of SEATS) {
      sockets[seat] = await PlayClient.open(wsUrl, event.players[seat]!.cookie);
      await sockets[seat].sit(event.key);
    }
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
      await sockets.N.until((s) => s.auction.length === index + 1);
    }
    sockets.E.send({ type: 'play', card: legalCard(sockets.E.latest()!) });
    const before = await sockets.N.until((s) => s.trick.length === 1);
    const stored = await actionsOf(t, event.key);
    expect(stored).toHaveLength(7);

    // The server goes; the deal is changed underneath (as an older server let an organiser do); a server starts again.
    await t.app.close();
    await t.database.db
      .updateTable('boards')
      .set({ deal: OTHER_DEAL })
      .where('tournamentId', '=', await eventId(t, event.key))
      .where('boardNo', '=', before.board)
      .execute();
    const app = await buildApp({ config: testConfig(), database: t.database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/play`;
      const north = await PlayClient.open(url, event.players.N!.cookie);
      const after = (await north.sit(event.key)).state;
      const stopped = `Board ${before.board} cannot go on at this table: its stored play no longer fits its deal (action 7 of 7). Play has stopped and the director is called.`;
      expect(after.stopped).toBe(stopped);
      expect(after.directorCall).toMatchObject({ seat: 'E' });
      // The director's live view lists the call.
      const view = await app.inject({ method: 'GET', url: `/api/v1/direct/events/${event.key}`, headers: { cookie: event.organiser.cookie } });
      expect(view.json<{ result: LiveView }>().result.directorCalls).toMatchObject([{ table: 1, seat: 'E' }]);

      // Nothing more is played on it, and nothing stored is lost or written over.
      const west = await PlayClient.open(url, (event.players.W as PlayUser).cookie);
      await west.sit(event.key);
      west.send({ type: 'play', card: 'SA' });
      expect((await west.nextOf('error')).message).toBe(stopped);
      expect(await actionsOf(t, event.key)).toEqual(stored);

      // The director gives the board a score: the table moves on to its next board.
      const line = {
        round: 1,
        board: before.board,
        table: 1,
        nsPair: 1,
        ewPair: 1,
        declarer: 'N',
        contract: { level: 4, strain: 'S', doubled: 0 },
        tricks: 10,
      };
      const scored = await app.inject({
        method: 'POST',
        url: `/api/v1/tournaments/${event.key}/results`,
        payload: line,
        headers: { cookie: event.organiser.cookie },
      });
      expect(scored.statusCode).toBe(200);
      const next = await north.until((s) => s.board !== before.board);
      expect(next.stopped).toBeNull();
      expect(await actionsOf(t, event.key)).toEqual(stored);
    } finally {
      await app.close();
    }
  });
});

describe('an organiser or admin who plays in the event', () => {
  const refusal = 'You play in this event: until it is complete you see only your own table, as every player does';

  async function playingDirectors() {
    const { t, wsUrl } = await startPlayServer();
    const make = async (names: string, role: 'player' | 'admin' = 'player') => {
      const user = await buildUser(t.app, { names, role });
      return { ...user, cookie: await login(t.app, user) };
    };
    const organiser = await make('Olga Organiser');
    const admin = await make('Ada Admin', 'admin');
    const { key } = await buildSeatedEvent(t.app, {
      organiser: clientOf(t.app, organiser, organiser.cookie),
      gameDetails: { typeName: 'Online Pairs', liveTableEvent: true, kibtzersEnabled: true },
      // The organiser sits North and the admin East at table 1; robots play every other seat.
      seats: [
        { user: organiser, table: 1, side: 0 },
        { user: admin, table: 1, side: 1 },
      ],
    });
    const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    return { t, wsUrl, key, organiser, admin, get };
  }

  /** The director's views over HTTP that show other tables or deals of boards still to be played. */
  const views = (key: string) => [
    `/api/v1/direct/events/${key}`,
    `/api/v1/direct/events/${key}/stream`,
    `/api/v1/tournaments/${key}/results`,
    `/api/v1/tournaments/${key}/pbn`,
    `/api/v1/tournaments/${key}/hand-records.pdf`,
  ];

  it('is a player while the event is in play: no other table, no live view, no deals; all open again once it is complete', async () => {
    const { t, wsUrl, key, organiser, admin, get } = await playingDirectors();
    const started = await t.app.inject({ method: 'POST', url: `/api/v1/direct/events/${key}/start`, headers: { cookie: organiser.cookie } });
    expect(started.statusCode).toBe(200);

    // At the table: their own seat, and no other table as the director or a kibitzer.
    for (const [who, table] of [
      [organiser, 2],
      [admin, 3],
    ] as const) {
      const socket = await PlayClient.open(wsUrl, who.cookie);
      socket.send({ type: 'sit', key, table });
      expect((await socket.nextOf('error')).message).toBe(refusal);
      expect(socket.frames.some((frame) => frame.type === 'table')).toBe(false);
      const own = await socket.sit(key, 1);
      expect(own.state.seat).toBe(who === organiser ? 'N' : 'E');
      socket.close();
    }

    for (const who of [organiser, admin]) {
      for (const url of views(key)) {
        const answer = await get(url, who.cookie);
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 403 });
        expect(answer.json().error).toBe(refusal);
      }
    }
    // A board of another table, not played by their pair yet: the deal as a player sees it, none.
    const review = await get(`/api/v1/play/${key}/boards/3`, organiser.cookie);
    expect(review.statusCode).toBe(200);
    expect(review.json().result.deal).toBeNull();

    // An admin who does not play directs as before.
    const director = await buildUser(t.app, { names: 'Dora Director', role: 'admin' });
    const cookie = await login(t.app, director);
    expect((await get(`/api/v1/direct/events/${key}`, cookie)).statusCode).toBe(200);
    expect((await get(`/api/v1/play/${key}/boards/3`, cookie)).json().result.deal).not.toBeNull();

    // Complete (once the robots of tables 2 and 3 have a board in): the organiser sees it all again.
    await expect
      .poll(async () => (await t.database.db.selectFrom('boardResults').select('id').execute()).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const completed = await t.app.inject({ method: 'POST', url: `/api/v1/tournaments/${key}/complete`, headers: { cookie: organiser.cookie } });
    expect(completed.statusCode).toBe(200);
    for (const url of views(key).filter((u) => !u.endsWith('/stream'))) {
      expect({ url, status: (await get(url, organiser.cookie)).statusCode }).toEqual({ url, status: 200 });
    }
    expect((await get(`/api/v1/play/${key}/boards/3`, organiser.cookie)).json().result.deal).not.toBeNull();
  });

  it("reads only their own pair's lines in their own event's page until it is complete", async () => {
    const { t, key, organiser, get } = await playingDirectors();
    // Table 3's first board, which the organiser's pair (North-South 1) plays in a later round.
    const line = { round: 1, board: 5, table: 3, nsPair: 3, ewPair: 3, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 };
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tournaments/${key}/results`,
      payload: line,
      headers: { cookie: organiser.cookie },
    });
    expect(posted.statusCode).toBe(200);
    const before = (await get(`/api/v1/tournaments/mine/${key}`, organiser.cookie)).json().result;
    expect(before.scoreData).toEqual({});
    const completed = await t.app.inject({ method: 'POST', url: `/api/v1/tournaments/${key}/complete`, headers: { cookie: organiser.cookie } });
    expect(completed.statusCode).toBe(200);
    const after = (await get(`/api/v1/tournaments/mine/${key}`, organiser.cookie)).json().result;
    expect(Object.keys(after.scoreData.round_number_1)).toEqual(['board_number_5']);
  });

  it('before the start sets the event up and starts it, but reads none of its deals', async () => {
    const { t, key, organiser, get } = await playingDirectors();
    expect((await get(`/api/v1/direct/events/${key}`, organiser.cookie)).statusCode).toBe(200);
    expect((await get(`/api/v1/direct/events/${key}/entries`, organiser.cookie)).statusCode).toBe(200);
    for (const url of views(key).slice(2)) {
      const answer = await get(url, organiser.cookie);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 403 });
    }
    const started = await t.app.inject({ method: 'POST', url: `/api/v1/direct/events/${key}/start`, headers: { cookie: organiser.cookie } });
    expect(started.statusCode).toBe(200);
  });

  /** A club event (3 tables, played at the tables with phones), the organiser North and an admin East at table 1. */
  async function clubDirectors(t: TestApp) {
    const make = async (names: string, role: 'player' | 'admin' = 'player') => {
      const user = await buildUser(t.app, { names, role });
      return { ...user, cookie: await login(t.app, user) };
    };
    const organiser = await make('Olga Organiser');
    const admin = await make('Ada Admin', 'admin');
    const director = await make('Dora Director', 'admin');
    const { key } = await buildSeatedEvent(t.app, {
      organiser: clientOf(t.app, organiser, organiser.cookie),
      tables: 3,
      gameDetails: { typeName: 'Club Pairs', liveTableEvent: false },
      seats: [
        { user: organiser, table: 1, side: 0 },
        { user: admin, table: 1, side: 1 },
      ],
    });
    const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    const start = async () => expect((await send('POST', `/api/v1/direct/events/${key}/start`, organiser.cookie)).statusCode).toBe(200);
    const complete = async () => {
      const line = { round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 };
      expect((await send('POST', `/api/v1/tournaments/${key}/results`, organiser.cookie, line)).statusCode).toBe(200);
      const completed = await send('POST', `/api/v1/tournaments/${key}/complete`, organiser.cookie);
      expect(completed.statusCode, completed.body).toBe(200);
    };
    return { key, organiser, admin, director, send, start, complete };
  }

  it("joins only their own table's video room while the event is in play", async () => {
    const { t, wsUrl } = await startVideoServer();
    const { key, organiser, admin, director, start, complete } = await clubDirectors(t);
    const sockets: VideoClient[] = [];
    const connect = async (cookie: string) => {
      const socket = await VideoClient.open(wsUrl, cookie);
      sockets.push(socket);
      return socket;
    };
    // Before the start they set the rooms up as the event's director.
    expect((await (await connect(organiser.cookie)).join(`${key}table2`)).body.peer.seat).toBe('Organiser');
    await start();
    for (const [who, other, seat] of [
      [organiser, `${key}table1`, 'North'],
      [admin, `${key}table2`, 'East'],
    ] as const) {
      const socket = await connect(who.cookie);
      socket.send('join', other, { strict: true });
      // The join's answer, whichever it is: a refusal, not a seat in the room.
      const answer = () => socket.received.find((m) => ['error', 'joined', 'alreadyJoined'].includes(m.type));
      await expect.poll(answer).toBeDefined();
      expect(answer()).toEqual({ type: 'error', channelName: other, body: { message: refusal, code: 'forbidden' } });
      expect((await socket.join(`${key}table0`)).body.peer.seat).toBe(seat);
    }
    // An admin who does not play directs every room as before.
    expect((await (await connect(director.cookie)).join(`${key}table2`)).body.peer.seat).toBe('Director');
    await complete();
    expect((await (await connect(organiser.cookie)).join(`${key}table1`)).body.peer.seat).toBe('Organiser');
    sockets.forEach((socket) => socket.close());
  });

  it('reads and prints the table codes before the start, and neither while the event is in play', async () => {
    const { t } = await startPlayServer();
    const { key, organiser, admin, director, send, start, complete } = await clubDirectors(t);
    const codes = `/api/v1/tournaments/${key}/tables`;
    const cards = `/api/v1/direct/events/${key}/table-cards.pdf`;
    // Before the start: the cards are printed and handed out (decision 057).
    for (const url of [codes, cards]) expect({ url, status: (await send('GET', url, organiser.cookie)).statusCode }).toEqual({ url, status: 200 });
    await start();
    for (const who of [organiser, admin]) {
      for (const url of [codes, cards]) {
        const answer = await send('GET', url, who.cookie);
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 403 });
        expect(answer.json().error).toBe(refusal);
        expect(answer.body).not.toMatch(/"code":"\d{6}"/);
      }
    }
    for (const url of [codes, cards]) expect({ url, status: (await send('GET', url, director.cookie)).statusCode }).toEqual({ url, status: 200 });
    await complete();
    expect((await send('GET', codes, organiser.cookie)).statusCode).toBe(200);
  });
});
