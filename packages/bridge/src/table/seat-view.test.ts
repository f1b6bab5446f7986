import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEAL_COUNT } from '../random-deal.ts';
import { SEATS, type Seat } from '../types.ts';
import { act, bidding, boardOf, playing, randomBoard, TOP_CARDS_NORTH } from './table-test-helper.ts';
import { declarerOf, type BoardState } from './board-play.ts';
import { handCards } from './cards.ts';
import { partnerOf } from './seats.ts';
import { seatView, type SeatView, type Viewer } from './seat-view.ts';

/** 1NT by North, alerted and explained, then East's 2C explained; South is dummy once the auction ends. */
const explainedAuction = () => {
  let state = act(boardOf(TOP_CARDS_NORTH), 'N', { type: 'call', call: '1NT', alert: true, explanation: '20-22' });
  state = act(state, 'E', { type: 'call', call: '2C', alert: true, explanation: 'both majors' });
  return bidding(state, 'Pass', 'Pass', 'X', 'Pass', 'Pass', 'Pass');
};

describe('what a seat sees', () => {
  it('gives a player only their own hand during the auction, and a kibitzer none', () => {
    const state = bidding(boardOf(TOP_CARDS_NORTH), '1S');
    expect(seatView(state, 'E').hands).toEqual({ E: handCards(state.deal.E) });
    expect(seatView(state, 'kibitzer').hands).toEqual({});
    expect(seatView(state, { kibitz: 'W' }).hands).toEqual({ W: handCards(state.deal.W) });
    expect(Object.keys(seatView(state, 'all').hands)).toEqual(['N', 'E', 'S', 'W']);
  });

  it('shows dummy to every seat after the opening lead, not before', () => {
    const beforeLead = bidding(boardOf(TOP_CARDS_NORTH), '1S', 'Pass', '4S', 'Pass', 'Pass', 'Pass');
    expect(Object.keys(seatView(beforeLead, 'E').hands)).toEqual(['E']);
    const state = playing(beforeLead, 'CJ');
    for (const seat of ['N', 'E', 'W'] as const) expect(Object.keys(seatView(state, seat).hands).sort()).toEqual([seat, 'S'].sort());
    expect(Object.keys(seatView(state, 'S').hands)).toEqual(['S']);
    expect(seatView(state, 'E').hands.E).not.toContain('CJ');
    expect(seatView(state, 'W').trick).toEqual([{ seat: 'E', card: 'CJ' }]);
    expect(seatView(state, 'W')).toMatchObject({
      seat: 'W',
      kibitzer: false,
      turn: 'S',
      declarer: 'N',
      contract: { level: 4, strain: 'S', doubled: 0 },
    });
  });

  it('shows a player every whole hand once the board is over', () => {
    const state = bidding(boardOf(TOP_CARDS_NORTH), 'Pass', 'Pass', 'Pass', 'Pass');
    const view = seatView(state, 'E');
    expect(view.hands).toEqual(Object.fromEntries(SEATS.map((seat) => [seat, handCards(state.deal[seat])])));
    expect(view.result).toEqual({ tricks: 0, score: 0 });
  });

  it('shows a kibitzer dummy after the opening lead, and no other hand even once the board is over', () => {
    const auction = bidding(boardOf(TOP_CARDS_NORTH), '1S', 'Pass', '4S', 'Pass', 'Pass', 'Pass');
    expect(seatView(auction, 'kibitzer').hands).toEqual({});
    const led = playing(auction, 'CJ');
    expect(Object.keys(seatView(led, 'kibitzer').hands)).toEqual(['S']);
    expect(Object.keys(seatView(led, { kibitz: 'E' }).hands).sort()).toEqual(['E', 'S']);
    const claimed = act(act(led, 'N', { type: 'claim', tricks: 13 }), 'E', { type: 'claimResponse', accept: true });
    const over = act(claimed, 'W', { type: 'claimResponse', accept: true });
    expect(over.result).not.toBeNull();
    expect(seatView(over, 'kibitzer').hands).toEqual({ S: handCards(over.deal.S) });
    expect(seatView(over, { kibitz: 'E' }).hands).toEqual({ E: handCards(over.deal.E), S: handCards(over.deal.S) });
    expect(Object.keys(seatView(over, 'W').hands).sort()).toEqual(['E', 'N', 'S', 'W']);
    // A board passed out has no dummy: a kibitzer sees no hand of it.
    expect(seatView(bidding(boardOf(TOP_CARDS_NORTH), 'Pass', 'Pass', 'Pass', 'Pass'), 'kibitzer').hands).toEqual({});
  });

  it('gives an explanation to the caller’s opponents and the caller, never to partner', () => {
    const state = explainedAuction();
    const explanations = (viewer: Viewer) => seatView(state, viewer).auction.map((call) => call.explanation ?? null);
    expect(explanations('N')).toEqual(['20-22', 'both majors', null, null, null, null, null, null]);
    expect(explanations('S')).toEqual([null, 'both majors', null, null, null, null, null, null]);
    expect(explanations('E')).toEqual(['20-22', 'both majors', null, null, null, null, null, null]);
    expect(explanations('W')).toEqual(['20-22', null, null, null, null, null, null, null]);
    expect(explanations({ kibitz: 'W' })).toEqual(explanations('W'));
    expect(explanations('kibitzer')).toEqual([null, null, null, null, null, null, null, null]);
    // Partner's frame holds the alert but no explanation at all.
    expect(seatView(state, 'S').auction[0]).toStrictEqual({ seat: 'N', call: '1NT', alert: true });
  });

  it('names the pending claim and who must answer it', () => {
    // 2C doubled by East: South leads, West is dummy.
    const state = act(playing(explainedAuction(), 'S7'), 'E', { type: 'claim', tricks: 6, statement: 'clubs run' });
    expect(seatView(state, 'N').claim).toEqual({ seat: 'E', tricks: 6, statement: 'clubs run', awaiting: ['S', 'N'] });
    expect(seatView(state, 'N').undo).toBeNull();
  });

  it('faces the claimer’s hand to the table while the claim is open, and hides it again once it is withdrawn', () => {
    // 2C doubled by East: South leads, West is dummy. East (declarer) claims.
    const led = playing(explainedAuction(), 'S7');
    const claimed = act(led, 'E', { type: 'claim', tricks: 6, statement: 'clubs run' });
    const east = handCards(claimed.deal.E);
    for (const seat of ['N', 'S', 'W'] as const) expect(seatView(claimed, seat).hands.E).toEqual(east);
    expect(seatView(claimed, { kibitz: 'N' }).hands.E).toEqual(east);
    expect(Object.keys(seatView(claimed, 'kibitzer').hands)).toEqual(['W']);
    const rejected = act(claimed, 'N', { type: 'claimResponse', accept: false });
    expect(Object.keys(seatView(rejected, 'N').hands).sort()).toEqual(['N', 'W']);
    expect(seatView(rejected, 'N').claim).toBeNull();
    expect(seatView(rejected, 'N').disputed).toEqual({ seat: 'E', tricks: 6, statement: 'clubs run', rejectedBy: 'N', left: 13 });
    // A defender's claim faces the defender's hand to declarer (and partner).
    const defence = act(playing(led, 'S2'), 'S', { type: 'claim', tricks: 1 });
    expect(seatView(defence, 'E').hands.S).toEqual(handCards(defence.deal.S).filter((card) => card !== 'S7'));
    expect(seatView(defence, 'N').hands.S).toBeDefined();
  });
});

describe('no view holds a card its seat may not see', () => {
  /**
   * What a frame for a viewer shows that it must not: a card still in a hand the viewer may not see (any unplayed
   * card but its own and, after the lead, dummy's), or a partner's explanation. Also the viewer's own unplayed
   * cards missing from it, so the search is known to look at a real frame.
   */
  function problems(state: BoardState, viewer: Seat | 'kibitzer', view: SeatView): string[] {
    // A seat's player sees every hand once the board is over; a kibitzer never does.
    if (state.result && viewer !== 'kibitzer') return [];
    const frame = JSON.stringify(view);
    const declarer = declarerOf(state);
    const dummy = declarer && state.plays.length > 0 ? [partnerOf(declarer)] : [];
    // While a claim is open its claimer's hand is faced to the table (Law 68), not to a kibitzer of the whole table.
    const claimer = state.claim ? [state.claim.seat] : [];
    const visible = viewer === 'kibitzer' ? dummy : [viewer, ...dummy, ...claimer];
    const played = new Set(state.plays.map((play) => play.card));
    const unplayed = (seat: Seat) => handCards(state.deal[seat]).filter((card) => !played.has(card));
    const hidden = SEATS.filter((seat) => !visible.includes(seat)).flatMap(unplayed);
    const own = viewer === 'kibitzer' ? [] : unplayed(viewer);
    const partner = viewer === 'kibitzer' ? null : partnerOf(viewer);
    return [
      // Played cards are public, but never a hidden hand as a whole (its thirteen cards at the board's end).
      ...Object.keys(view.hands)
        .filter((seat) => !visible.includes(seat as Seat))
        .map((seat) => `${viewer} is shown ${seat}'s hand`),
      ...hidden.filter((card) => frame.includes(`"${card}"`)).map((card) => `${viewer} is shown ${card}`),
      ...own.filter((card) => !frame.includes(`"${card}"`)).map((card) => `${viewer} is not shown its own ${card}`),
      ...view.auction
        .filter((call) => call.seat === partner && call.explanation !== undefined)
        .map((call) => `${viewer} reads partner's ${call.call}`),
    ];
  }

  it('over every state of random whole boards with alerts, claims, rulings and undos', () => {
    const deals = fc.bigInt({ min: 0n, max: DEAL_COUNT - 1n });
    fc.assert(
      fc.property(deals, fc.integer({ min: 1, max: 16 }), fc.integer(), (dealIndex, board, seed) => {
        const found: string[] = [];
        for (const state of randomBoard(dealIndex, board, seed, true)) {
          for (const seat of SEATS)
            found.push(...problems(state, seat, seatView(state, seat)), ...problems(state, seat, seatView(state, { kibitz: seat })));
          found.push(...problems(state, 'kibitzer', seatView(state, 'kibitzer')));
        }
        expect(found).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
