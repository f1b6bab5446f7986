// Test helpers for the table engine: boards from known deals, actions that must succeed, and random whole boards.
import { parseDeal } from '../deal.ts';
import { dealFromIndex } from '../random-deal.ts';
import { auctionOver, legalCalls } from './auction.ts';
import {
  actingSeat,
  applyAction,
  awaitedAnswers,
  declarerOf,
  dummyOf,
  legalPlays,
  startBoard,
  tricksWon,
  turnOf,
  type Actor,
  type BoardState,
  type TableAction,
} from './board-play.ts';
import { isBid, type Call } from './calls.ts';

/** North holds the top spades, hearts, diamonds and clubs; East has four clubs, West four diamonds, South four hearts. */
export const TOP_CARDS_NORTH = 'N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.876.765 432.432.5432.432';
/** Each seat holds one whole suit: North spades, East hearts, South diamonds, West clubs. */
export const ONE_SUIT_EACH = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

/** Board `board` (dealer and vulnerability by its number) with a PBN deal. */
export const boardOf = (deal: string, board = 1): BoardState => startBoard(board, parseDeal(deal));

/** Applies an action that must be legal. */
export function act(state: BoardState, actor: Actor, action: TableAction): BoardState {
  const outcome = applyAction(state, actor, action);
  if (!outcome.ok) throw new Error(`${String(actor)} ${JSON.stringify(action)}: ${outcome.message}`);
  return outcome.state;
}

/** Makes calls in turn. */
export const bidding = (state: BoardState, ...calls: Call[]): BoardState =>
  calls.reduce((current, call) => act(current, turnOf(current)!, { type: 'call', call }), state);

/** Plays cards in turn, dummy's by declarer. */
export const playing = (state: BoardState, ...cards: string[]): BoardState =>
  cards.reduce((current, card) => act(current, actingSeat(current)!, { type: 'play', card }), state);

/** A small repeatable generator (mulberry32) for choosing among legal actions. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays a board to its end with random legal actions and returns every state reached. Calls are mostly passes
 * and low bids, some alerted and explained. With `detours`, players also ask for undos and claim, and the
 * answers and rulings are random.
 */
export function randomBoard(dealIndex: bigint, board: number, seed: number, detours = false): BoardState[] {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  let state = startBoard(board, dealFromIndex(dealIndex));
  const states = [state];
  const step = (actor: Actor, action: TableAction) => {
    state = act(state, actor, action);
    states.push(state);
  };
  while (!state.result) {
    if (state.disputed && random() < 0.2) step('director', { type: 'directorRuling', tricks: Math.floor(random() * (state.disputed.tricks + 1)) });
    else if (state.claim || state.undo)
      step(awaitedAnswers(state)[0]!, { type: state.claim ? 'claimResponse' : 'undoResponse', accept: random() < 0.6 });
    else if (detours && random() < 0.04 && state.auction.length > 0) {
      const last = state.plays.at(-1);
      const asker = last ? (last.seat === dummyOf(state) ? declarerOf(state)! : last.seat) : state.auction.at(-1)!.seat;
      // The opening lead stands once dummy is faced.
      if (asker !== dummyOf(state) && state.plays.length !== 1) step(asker, { type: 'undo' });
    } else if (detours && random() < 0.01 && auctionOver(state.auction.map((entry) => entry.call))) {
      const won = tricksWon(state);
      step(actingSeat(state)!, { type: 'claim', tricks: Math.floor(random() * (14 - won.ns - won.ew)), statement: 'the rest are high' });
    } else if (!auctionOver(state.auction.map((entry) => entry.call))) {
      const calls = legalCalls(
        state.dealer,
        state.auction.map((entry) => entry.call),
      );
      const doubles = calls.filter((call) => call === 'X' || call === 'XX');
      const bids = calls.filter(isBid).slice(0, 3);
      const roll = random();
      const call = roll < 0.7 && doubles.length > 0 && roll >= 0.6 ? pick(doubles) : roll < 0.6 || bids.length === 0 ? 'Pass' : pick(bids);
      const alert = random() < 0.3;
      step(turnOf(state)!, { type: 'call', call, alert, ...(alert ? { explanation: `meaning of ${call}` } : {}) });
    } else step(actingSeat(state)!, { type: 'play', card: pick(legalPlays(state)) });
  }
  return states;
}
