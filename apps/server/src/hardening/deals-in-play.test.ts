import { describe, expect, it } from 'vitest';
import type { LiveView } from '@bridge/api';
import type { Seat } from '@bridge/engine';
import { buildApp } from '../app.ts';
import { testConfig, type TestApp } from '../../test/build-test-app.ts';
import { buildClient, buildSeatedEvent } from '../../test/factories.ts';
import { legalCard, onlineEvent, PlayClient, startPlayServer, type PlayUser } from '../../test/play.ts';

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
      expect((view.json() as { result: LiveView }).result.directorCalls).toMatchObject([{ table: 1, seat: 'E' }]);

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
