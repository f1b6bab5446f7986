import { afterAll, describe, expect, it } from 'vitest';
import { actingSeat, applyAction, legalPlays, parseDeal, robotPlay, startBoard, type Actor, type BoardState, type TableAction } from '@bridge/engine';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { playPositionOf } from './service.ts';
import { SolverPool } from './solver-pool.ts';

// The cards a robot may choose for the seat to play, from the real DDS library in real solver processes.

const DEAL = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';

const quietLog = { warn: () => undefined, error: () => undefined };
/** A second, separate solver for the deal's table. */
const reference = new SolverPool({ size: 1, libraryPath: 'libdds.so.0', log: quietLog });
afterAll(() => reference.close());

function act(state: BoardState, actor: Actor, action: TableAction): BoardState {
  const outcome = applyAction(state, actor, action);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.state;
}

/** Board 1 (North deals): North opens `bid` and everyone passes, so North declares and East leads. */
const northDeclares = (bid: '3NT' | '4H') =>
  [bid, 'Pass', 'Pass', 'Pass'].reduce(
    (state, call, i) => act(state, (['N', 'E', 'S', 'W'] as const)[i % 4]!, { type: 'call', call: call as '3NT' }),
    startBoard(1, parseDeal(DEAL)),
  );

describe('the position of the play the solver reads', () => {
  it('holds the trump, the leader of the trick, its cards, and the cards left in each hand from North', () => {
    // North declares 3NT; East leads the king of diamonds and dummy (South) follows.
    let state = northDeclares('3NT');
    expect(playPositionOf(state)).toEqual({ trump: 'NT', first: 'E', trick: [], remaining: DEAL });
    state = act(act(state, 'E', { type: 'play', card: 'DK' }), 'N', { type: 'play', card: 'DT' });
    expect(playPositionOf(state)).toEqual({
      trump: 'NT',
      first: 'E',
      trick: ['DK', 'DT'],
      remaining: 'N:KT8.A96.A95.7542 Q5.KJ52.Q874.T8 AJ92.874.J6.AQ3 7643.QT3.32.KJ96',
    });
  });
});

describe('the cards that keep the best result', () => {
  it('lead robots at all four seats, each card among them, to exactly the tricks of the double-dummy table', { timeout: 60_000 }, async () => {
    const t = await buildTestApp({ analysis: { workers: 1, library: 'libdds.so.0' } });
    const [table] = await reference.tables([DEAL]);
    for (const bid of ['3NT', '4H'] as const) {
      let state = northDeclares(bid);
      while (!state.result) {
        const best = await t.app.analysis.bestCardsFor(state);
        expect(best).not.toBeNull();
        expect(best!.length).toBeGreaterThan(0);
        for (const card of best!) expect(legalPlays(state)).toContain(card);
        state = act(state, actingSeat(state)!, { type: 'play', card: robotPlay(state, { bestCards: best! }) });
      }
      // Every card kept the best result for the side that played it, so the board ends where the table says.
      expect(state.result.tricks).toBe(table!.N[bid === '3NT' ? 'NT' : 'H']);
    }
  });

  it('are none when the library is missing: the robot plays by its heuristic', async () => {
    const t = await buildTestApp({ analysis: { workers: 1, library: '/nonexistent/libdds.so.0' } });
    const state = northDeclares('3NT');
    expect(await t.app.analysis.bestCardsFor(state)).toBeNull();
    expect(legalPlays(state)).toContain(robotPlay(state, { bestCards: undefined }));
  });

  it('are none when analysis is turned off', async () => {
    const t = await buildTestApp();
    expect(await t.app.analysis.bestCardsFor(northDeclares('4H'))).toBeNull();
  });
});

describe('the most tricks the side to play can take', () => {
  it(
    'are those of the double-dummy table before the lead, and of the best card in a trick under way, a claim waiting or not',
    { timeout: 60_000 },
    async () => {
      const t = await buildTestApp({ analysis: { workers: 1, library: 'libdds.so.0' } });
      const [table] = await reference.tables([DEAL]);
      // East is on lead against North's 3NT: the defenders take what North does not.
      let state = northDeclares('3NT');
      expect(await t.app.analysis.mostTricksFor(state)).toBe(13 - table!.N.NT);
      // A trick under way: the side to play is South's (dummy), after East's lead; then West's.
      for (let cards = 1; cards <= 3; cards++) {
        state = act(state, actingSeat(state)!, { type: 'play', card: legalPlays(state)[0]! });
        const { cards: solved } = await reference.bestCards(playPositionOf(state));
        const most = Math.max(...solved.map((card) => card.tricks));
        expect(await t.app.analysis.mostTricksFor(state)).toBe(most);
        // North claims now: the position the solver reads is the same.
        const claimed = act(state, 'N', { type: 'claim', tricks: 13 });
        expect(await t.app.analysis.mostTricksFor(claimed)).toBe(most);
      }
    },
  );

  it('are not known without the solver', async () => {
    const t = await buildTestApp();
    expect(await t.app.analysis.mostTricksFor(northDeclares('3NT'))).toBeNull();
  });
});
