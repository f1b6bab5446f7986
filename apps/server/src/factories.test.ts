import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { buildCompletedEvent, buildSeatedEvent, buildUser, firstResult } from '../test/factories.ts';

// The factories stand in for the set-ups the tests once wrote by hand: each option must seat and post exactly what
// it says, or the tests built on it check something else than they claim.

const t = await buildTestApp();

const seatsOf = (key: string) =>
  t.database.db
    .selectFrom('participants')
    .innerJoin('tournaments', 'tournaments.id', 'participants.tournamentId')
    .select(['participants.names', 'participants.tableNo', 'participants.side', 'participants.isBot', 'participants.userId'])
    .where('tournaments.key', '=', key)
    .orderBy('participants.tableNo')
    .orderBy('participants.side')
    .execute();
const resultsOf = async (key: string) =>
  (
    await t.database.db
      .selectFrom('boardResults')
      .innerJoin('tournaments', 'tournaments.id', 'boardResults.tournamentId')
      .select(['boardResults.boardNo', 'boardResults.tableNo'])
      .where('tournaments.key', '=', key)
      .orderBy('boardResults.boardNo')
      .execute()
  ).map((r) => [r.boardNo, r.tableNo]);

describe('the event factories', () => {
  it('seat two new players North and South of table 1 and bots East and West by default', async () => {
    const event = await buildSeatedEvent(t.app);
    expect(await seatsOf(event.key)).toEqual([
      { names: 'Nora North', tableNo: 1, side: 0, isBot: false, userId: event.players[0]!.id },
      { names: 'Robot 1', tableNo: 1, side: 1, isBot: true, userId: null },
      { names: 'Sam South', tableNo: 1, side: 2, isBot: false, userId: event.players[1]!.id },
      { names: 'Robot 3', tableNo: 1, side: 3, isBot: true, userId: null },
    ]);
  });

  it('seat exactly the seats given, bots by name and kibitzers too, and post the results given in order', async () => {
    const pia = await buildUser(t.app, { names: 'Pia Player' });
    const line = (table: number) => ({ ...firstResult, round: 1, board: table * 2 - 1, table, nsPair: table, ewPair: table });
    const event = await buildSeatedEvent(t.app, {
      seats: [
        { user: pia, table: 2, side: 1 },
        { bot: 'Kay Kibitzer', table: 1, side: 7 },
      ],
      results: [line(1), line(3)],
    });
    expect(await seatsOf(event.key)).toEqual([
      { names: 'Kay Kibitzer', tableNo: 1, side: 7, isBot: true, userId: null },
      { names: 'Pia Player', tableNo: 2, side: 1, isBot: false, userId: pia.id },
    ]);
    expect(event.players.map((p) => p.id)).toEqual([pia.id]);
    expect(await resultsOf(event.key)).toEqual([
      [1, 1],
      [5, 3],
    ]);
  });

  it('complete an event with nobody seated and only the results given', async () => {
    const event = await buildCompletedEvent(t.app, { seats: [], results: [{ ...firstResult, board: 2 }] });
    expect(await seatsOf(event.key)).toEqual([]);
    expect(event.players).toEqual([]);
    expect(await resultsOf(event.key)).toEqual([[2, 1]]);
    const stored = await t.database.db
      .selectFrom('tournaments')
      .select(['status', 'xmlToken'])
      .where('key', '=', event.key)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'complete', xmlToken: event.xmlToken });
  });
});
