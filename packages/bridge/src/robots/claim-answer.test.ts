import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sideOf } from '../board.ts';
import { DEAL_COUNT, dealFromIndex } from '../random-deal.ts';
import { SEATS, type Seat } from '../types.ts';
import { BIDS } from '../table/calls.ts';
import {
  awaitedAnswers,
  contractOf,
  completedTricks,
  legalPlays,
  remainingHand,
  seatToPlay,
  startBoard,
  type BoardState,
} from '../table/board-play.ts';
import { rankValue, suitOf, type Card } from '../table/cards.ts';
import { ONE_SUIT_EACH, TOP_CARDS_NORTH, act, bidding, boardOf, playing } from '../table/table-test-helper.ts';
import { robotAcceptsClaim, robotAcceptsUndo, sureTricks } from './claim-answer.ts';

// North holds the top cards but only the ace and king of spades; West holds the queen, jack, ten and nine.
const WEST_HOLDS_TRUMPS = 'N:AK2.AKQJ.AKQ.AKQ 8765.765.J76.J76 43.432.5432.5432 QJT9.T98.T98.T98';

/** Board 1, North deals and declares `bid` at once; East leads. */
const northDeclares = (deal: string, bid: '6NT' | '6S' | '7NT' | '7S') => bidding(boardOf(deal, 1), bid, 'Pass', 'Pass', 'Pass');

/** The first trick played out with North winning it: North is on lead to the second trick, twelve tricks left. */
const northOnLead = (deal: string, bid: '6NT' | '6S' | '7NT' | '7S', cards: string[]) => playing(northDeclares(deal, bid), ...cards);

const claimBy = (state: BoardState, seat: Seat, tricks: number) => act(state, seat, { type: 'claim', tricks });

describe('a robot without the solver', () => {
  it('accepts a claim of the top winners of the hand on lead, or fewer', () => {
    // 7NT: North wins the club lead and holds every top card left: four spades, three hearts and diamonds, two clubs.
    const state = northOnLead(TOP_CARDS_NORTH, '7NT', ['CJ', 'C5', 'C2', 'CA']);
    expect(robotAcceptsClaim(claimBy(state, 'N', 12))).toBe(true);
    expect(robotAcceptsClaim(claimBy(state, 'N', 9))).toBe(true);
  });

  it('counts side winners in a trump contract once the hand on lead draws every trump the opponents hold', () => {
    // 7♠: North's four top trumps draw East's three and West's three; then the side suits' winners stand.
    const state = northOnLead(TOP_CARDS_NORTH, '7S', ['CJ', 'C5', 'C2', 'CA']);
    expect(robotAcceptsClaim(claimBy(state, 'N', 12))).toBe(true);
  });

  it('rejects a claim of winners an opponent could ruff: only the top trumps are sure', () => {
    // In 6NT North has eleven top cards; in 6♠ West's four trumps outlast North's ace and king.
    const notrumps = northOnLead(WEST_HOLDS_TRUMPS, '6NT', ['H7', 'H2', 'H8', 'HA']);
    expect(robotAcceptsClaim(claimBy(notrumps, 'N', 11))).toBe(true);
    expect(robotAcceptsClaim(claimBy(notrumps, 'N', 12))).toBe(false);
    const spades = northOnLead(WEST_HOLDS_TRUMPS, '6S', ['H7', 'H2', 'H8', 'HA']);
    expect(sureTricks(spades, 'NS')).toBe(2);
    expect(robotAcceptsClaim(claimBy(spades, 'N', 2))).toBe(true);
    expect(robotAcceptsClaim(claimBy(spades, 'N', 3))).toBe(false);
    expect(robotAcceptsClaim(claimBy(spades, 'N', 12))).toBe(false);
  });

  it('rejects any claim of tricks while the opponents are on lead or a trick is under way: it cannot be sure', () => {
    // North could take every trick, but East is on lead, then the first trick is under way.
    const opening = northDeclares(TOP_CARDS_NORTH, '7NT');
    expect(robotAcceptsClaim(claimBy(opening, 'N', 13))).toBe(false);
    expect(robotAcceptsClaim(claimBy(playing(opening, 'CJ'), 'N', 13))).toBe(false);
  });

  it('accepts a concession, and a defender on lead claiming winners nobody can ruff', () => {
    const opening = northDeclares(ONE_SUIT_EACH, '7NT');
    expect(robotAcceptsClaim(claimBy(opening, 'N', 0))).toBe(true);
    // East leads thirteen hearts against no trumps: declarer answers for the defenders' claim.
    expect(robotAcceptsClaim(claimBy(opening, 'E', 13))).toBe(true);
    // Against 7♠ North ruffs the first heart.
    expect(robotAcceptsClaim(claimBy(northDeclares(ONE_SUIT_EACH, '7S'), 'E', 13))).toBe(false);
  });

  it('answers nothing once the claim was rejected, or with no claim', () => {
    const claimed = claimBy(northOnLead(TOP_CARDS_NORTH, '7NT', ['CJ', 'C5', 'C2', 'CA']), 'N', 12);
    expect(robotAcceptsClaim(act(claimed, 'E', { type: 'claimResponse', accept: false }))).toBe(false);
    expect(robotAcceptsClaim(northDeclares(TOP_CARDS_NORTH, '7NT'))).toBe(false);
  });
});

describe('a robot with the solver', () => {
  it("accepts when the claimer's side on play can take the tricks claimed double dummy, and rejects when it cannot", () => {
    // North claims after East's lead: dummy (South) plays next, so the solver counts for North-South.
    const state = claimBy(playing(northDeclares(TOP_CARDS_NORTH, '7NT'), 'CJ'), 'N', 13);
    expect(robotAcceptsClaim(state, { solverTricks: 13 })).toBe(true);
    expect(robotAcceptsClaim(state, { solverTricks: 12 })).toBe(false);
  });

  it("counts the opponents' tricks when they are on play: the claimer's side takes the rest", () => {
    // East is on lead to the first trick: the solver's number is East-West's.
    const opening = northDeclares(TOP_CARDS_NORTH, '7NT');
    expect(robotAcceptsClaim(claimBy(opening, 'N', 13), { solverTricks: 0 })).toBe(true);
    expect(robotAcceptsClaim(claimBy(opening, 'N', 13), { solverTricks: 1 })).toBe(false);
    expect(robotAcceptsClaim(claimBy(opening, 'N', 12), { solverTricks: 1 })).toBe(true);
    // A defender's claim with the defenders on play: the number is theirs.
    expect(robotAcceptsClaim(claimBy(opening, 'E', 2), { solverTricks: 2 })).toBe(true);
    expect(robotAcceptsClaim(claimBy(opening, 'E', 3), { solverTricks: 2 })).toBe(false);
  });

  it('trusts the solver over its own count: a sure claim the solver says fails is rejected', () => {
    const claimed = claimBy(northOnLead(TOP_CARDS_NORTH, '7NT', ['CJ', 'C5', 'C2', 'CA']), 'N', 12);
    expect(robotAcceptsClaim(claimed, { solverTricks: 11 })).toBe(false);
  });
});

describe('the winners a robot counts as sure', () => {
  /** A small repeatable generator (mulberry32). */
  function generator(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const highest = (cards: readonly Card[]) => [...cards].sort((a, b) => rankValue(b) - rankValue(a))[0]!;
  const lowest = (cards: readonly Card[]) => [...cards].sort((a, b) => rankValue(a) - rankValue(b))[0]!;

  /**
   * The claimer's side's simple line: the hand on lead cashes its top trumps, then its other top cards; partner
   * follows low and never ruffs a winner. The opponents play any legal card.
   */
  function claimersCard(state: BoardState, side: 'NS' | 'EW', random: () => number): Card {
    const seat = seatToPlay(state)!;
    const legal = legalPlays(state);
    if (sideOf(seat) !== side) return legal[Math.floor(random() * legal.length)]!;
    const strain = contractOf(state)!.strain;
    const trumps = strain === 'NT' ? null : strain;
    if (state.plays.length % 4 === 0) {
      const out = SEATS.flatMap((s) => remainingHand(state, s));
      const isTop = (card: Card) => highest(out.filter((c) => suitOf(c) === suitOf(card))) === card;
      return legal.find((card) => isTop(card) && suitOf(card) === trumps) ?? legal.find(isTop) ?? lowest(legal);
    }
    const discards = legal.filter((card) => suitOf(card) !== trumps);
    return lowest(discards.length > 0 ? discards : legal);
  }

  it('are taken against any defence, on random deals from any trick', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: DEAL_COUNT - 1n }),
        fc.constantFrom(...SEATS),
        fc.constantFrom(...BIDS),
        fc.integer({ min: 0, max: 12 }),
        fc.integer(),
        (dealIndex, declarer, bid, tricksFirst, seed) => {
          const random = generator(seed);
          let state = startBoard(1, dealFromIndex(dealIndex));
          state = bidding(state, ...Array<'Pass'>(SEATS.indexOf(declarer)).fill('Pass'), bid, 'Pass', 'Pass', 'Pass');
          while (state.plays.length < 4 * tricksFirst) {
            const legal = legalPlays(state);
            state = playing(state, legal[Math.floor(random() * legal.length)]!);
          }
          const side = sideOf(seatToPlay(state)!);
          const sure = sureTricks(state, side);
          const before = completedTricks(state).length;
          while (completedTricks(state).length < before + sure) state = playing(state, claimersCard(state, side, random));
          const taken = completedTricks(state)
            .slice(before)
            .filter((trick) => sideOf(trick.winner) === side);
          expect(taken).toHaveLength(sure);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a robot answering an undo request', () => {
  const sevenNoTrumps = () => northDeclares(TOP_CARDS_NORTH, '7NT');

  it('grants taking back a call, or a card after which no hidden card was shown', () => {
    expect(robotAcceptsUndo(act(bidding(boardOf(TOP_CARDS_NORTH, 1), '1S'), 'N', { type: 'undo' }))).toBe(true);
    expect(robotAcceptsUndo(act(playing(sevenNoTrumps(), 'CJ', 'C5'), 'N', { type: 'undo' }))).toBe(true);
    expect(robotAcceptsUndo(act(playing(sevenNoTrumps(), 'CJ', 'C5', 'C2'), 'W', { type: 'undo' }))).toBe(true);
  });

  it('refuses the opening lead: dummy was faced after it (Law 41)', () => {
    // The engine refuses the request itself; a robot asked all the same says no.
    const led = playing(sevenNoTrumps(), 'CJ');
    expect(robotAcceptsUndo({ ...led, undo: { seat: 'E' } })).toBe(false);
  });

  it('refuses a card after which a claimer faced a hand', () => {
    let state = playing(sevenNoTrumps(), 'CJ', 'C5', 'C2');
    state = act(act(state, 'N', { type: 'claim', tricks: 13 }), 'E', { type: 'claimResponse', accept: false });
    expect(robotAcceptsUndo(act(state, 'W', { type: 'undo' }))).toBe(false);
  });

  it('refuses a card played before a claimer faced a hand, once a later card was taken back', () => {
    let state = playing(sevenNoTrumps(), 'CJ', 'C5', 'C2');
    state = act(act(state, 'N', { type: 'claim', tricks: 13 }), 'E', { type: 'claimResponse', accept: false });
    // West's card, the last before the claim, taken back all the same by a person who agreed to it.
    state = act(state, 'W', { type: 'undo' });
    state = act(state, awaitedAnswers(state)[0]!, { type: 'undoResponse', accept: true });
    expect(state.plays.length).toBe(2);
    // Dummy's card was played before North's hand was faced to the defenders.
    expect(robotAcceptsUndo(act(state, 'N', { type: 'undo' }))).toBe(false);
  });

  it('answers nothing with no request waiting', () => {
    expect(robotAcceptsUndo(sevenNoTrumps())).toBe(false);
  });
});
