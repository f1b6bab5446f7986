import { sideOf } from '../board.ts';
import { SUIT_ORDER, type Suit } from '../deal.ts';
import { SEATS, type Seat } from '../types.ts';
import { contractOf, currentTrick, remainingHand, seatToPlay, tricksWon, type BoardState } from '../table/board-play.ts';
import { rankValue, suitOf, type Card } from '../table/cards.ts';
import { seatAfter } from '../table/seats.ts';

/**
 * Whether a robot, an opponent of the claimer, accepts the claim waiting at the table: only when the claimer's side
 * surely takes the tricks claimed; a rejection withdraws the claim and play goes on (the director may rule on it). With `solverTricks`, the most
 * tricks the side to play can take of those left (the current trick included) double dummy, as the solver answers
 * for the position as it stands, the claimer's side must reach the claim against the best defence. Without it, the
 * robot counts only the winners that cannot be lost (`sureTricks`), and rejects when unsure.
 */
export function robotAcceptsClaim(state: BoardState, options: { solverTricks?: number } = {}): boolean {
  const claim = state.claim;
  const onPlay = seatToPlay(state);
  if (!claim || !onPlay) return false;
  const side = sideOf(claim.seat);
  if (options.solverTricks === undefined) return claim.tricks <= sureTricks(state, side);
  // The solver counts for the side to play: the claimer's side, or its opponents, who leave it the rest.
  const claimerTakes = sideOf(onPlay) === side ? options.solverTricks : tricksLeft(state) - options.solverTricks;
  return claim.tricks <= claimerTakes;
}

/**
 * Whether a robot grants the undo request waiting at the table, as the Laws allow a change: only when no hidden card
 * was shown after the call or card to take back. Never the opening lead, after which dummy was faced (Law 41; the
 * engine refuses that request itself), nor a card after which a claimer faced a hand. A call or any other card: yes,
 * a slip of the mouse online.
 */
export function robotAcceptsUndo(state: BoardState): boolean {
  if (!state.undo) return false;
  if (state.plays.length === 1) return false;
  // A card at or before the place where the claimer's hand was faced (one taken back since included) was played
  // before the hand was seen.
  return !(state.disputed && state.plays.length > 0 && state.plays.length <= state.disputed.plays);
}

/** The tricks not yet completed, the one in progress included: what a claim shares out. */
export function tricksLeft(state: BoardState): number {
  const won = tricksWon(state);
  return 13 - won.ns - won.ew;
}

/**
 * The tricks a side takes however the opponents play, counted simply: when the side is on lead to a new trick, the
 * hand on lead cashes its top cards (every higher card still out is in that hand), suit after suit. In a trump
 * contract, its top trumps first; its other winners count only once those trumps leave neither opponent a trump to
 * ruff with. Nothing is counted while the opponents are on lead or a trick is under way: a robot without the solver
 * accepts a claim there only when it concedes them every trick.
 */
export function sureTricks(state: BoardState, side: 'NS' | 'EW'): number {
  const leader = seatToPlay(state);
  const contract = contractOf(state);
  if (!leader || !contract || sideOf(leader) !== side || currentTrick(state).length > 0) return 0;
  const hand = new Set(remainingHand(state, leader));
  const out = SEATS.flatMap((seat) => remainingHand(state, seat));
  const topCards = (suit: Suit) => {
    const ranked = out.filter((card) => suitOf(card) === suit).sort((a, b) => rankValue(b) - rankValue(a));
    const firstLoser = ranked.findIndex((card) => !hand.has(card));
    return firstLoser === -1 ? ranked.length : firstLoser;
  };
  const trumps = contract.strain === 'NT' ? null : contract.strain;
  const sideSuitTricks = SUIT_ORDER.filter((suit) => suit !== trumps).reduce((sum, suit) => sum + topCards(suit), 0);
  if (!trumps) return sideSuitTricks;
  const trumpTricks = topCards(trumps);
  const longestOpposingTrumps = Math.max(...opponentsOf(leader).map((seat) => countIn(remainingHand(state, seat), trumps)));
  return longestOpposingTrumps <= trumpTricks ? trumpTricks + sideSuitTricks : trumpTricks;
}

const opponentsOf = (seat: Seat): Seat[] => [seatAfter(seat), seatAfter(seat, 3)];
const countIn = (cards: readonly Card[], suit: Suit) => cards.filter((card) => suitOf(card) === suit).length;
