import { sideOf } from '../board.ts';
import { SEATS, type Contract, type Seat, type Vulnerability } from '../types.ts';
import type { Call } from './calls.ts';
import { handCards, type Card } from './cards.ts';
import {
  awaitedAnswers,
  contractOf,
  currentTrick,
  declarerOf,
  dummyOf,
  lastTrick,
  remainingHand,
  tricksWon,
  turnOf,
  type BoardState,
  type PlayedCard,
  type TableResult,
} from './board-play.ts';

/** Who looks at the table: a player, a kibitzer (optionally watching over one seat's shoulder), or everything (the director). */
export type Viewer = Seat | 'kibitzer' | { kibitz: Seat } | 'all';

/** The table as one viewer may see it: the `state` of the protocol's `table` frame, less the event's own fields. */
export interface SeatView {
  board: number;
  dealer: Seat;
  vulnerability: Vulnerability;
  /** The seat whose view this is; null for a kibitzer of the whole table and for the director. */
  seat: Seat | null;
  kibitzer: boolean;
  /** Only the hands this viewer may see: remaining cards during the board, all thirteen once it is over. */
  hands: Partial<Record<Seat, Card[]>>;
  auction: { seat: Seat; call: Call; alert: boolean; explanation?: string }[];
  turn: Seat | null;
  contract: Contract | null;
  declarer: Seat | null;
  trick: PlayedCard[];
  lastTrick: PlayedCard[] | null;
  tricks: { ns: number; ew: number };
  result: TableResult | null;
  claim: { seat: Seat; tricks: number; statement?: string; awaiting: Seat[] } | null;
  /**
   * The board's last claim that an opponent rejected: withdrawn, play went on, and the director may still rule on
   * it while the board is in play (of the `left` tricks there were at the claim).
   */
  disputed: { seat: Seat; tricks: number; statement?: string; rejectedBy: Seat; left: number } | null;
  undo: { seat: Seat; awaiting: Seat[] } | null;
}

/**
 * The hands a viewer may see: a player their own, dummy's once the opening lead is made, the claimer's while a claim
 * is open (faced with the statement, Law 68), and all four when the board is over. A kibitzer sees dummy's after the
 * lead as the seats do (over a seat's shoulder, what that seat sees during the board), and never the others, even at
 * the board's end: the board may still be played at other tables.
 */
export function visibleHands(state: BoardState, viewer: Viewer): Seat[] {
  if (viewer === 'all') return [...SEATS];
  const dummy = dummyOf(state);
  const dummyShown = dummy !== null && state.plays.length > 0;
  if (viewer === 'kibitzer') return dummyShown ? [dummy] : [];
  if (state.result && typeof viewer === 'string') return [...SEATS];
  const seat = typeof viewer === 'string' ? viewer : viewer.kibitz;
  const shown = dummyShown ? [dummy] : [];
  if (state.claim) shown.push(state.claim.seat);
  return [seat, ...new Set(shown.filter((other) => other !== seat))];
}

/** An explanation is for the caller's opponents, never partner (the caller may see their own); public once the board is over. */
function mayReadExplanation(state: BoardState, viewer: Viewer, caller: Seat): boolean {
  if (state.result || viewer === 'all') return true;
  if (viewer === 'kibitzer') return false;
  const seat = typeof viewer === 'string' ? viewer : viewer.kibitz;
  return seat === caller || sideOf(seat) !== sideOf(caller);
}

/** What `viewer` may know of the board, built from the visible parts only so that no hidden card can slip in. */
export function seatView(state: BoardState, viewer: Viewer): SeatView {
  const hands: Partial<Record<Seat, Card[]>> = {};
  for (const seat of visibleHands(state, viewer)) hands[seat] = state.result ? handCards(state.deal[seat]) : remainingHand(state, seat);
  const claim = state.claim;
  const disputed = state.disputed;
  return {
    board: state.board,
    dealer: state.dealer,
    vulnerability: state.vulnerability,
    seat: typeof viewer === 'object' ? viewer.kibitz : viewer === 'all' || viewer === 'kibitzer' ? null : viewer,
    kibitzer: viewer === 'kibitzer' || typeof viewer === 'object',
    hands,
    auction: state.auction.map(({ seat, call, alert, explanation }) =>
      explanation !== undefined && mayReadExplanation(state, viewer, seat) ? { seat, call, alert, explanation } : { seat, call, alert },
    ),
    turn: turnOf(state),
    contract: contractOf(state),
    declarer: declarerOf(state),
    trick: currentTrick(state),
    lastTrick: lastTrick(state),
    tricks: tricksWon(state),
    result: state.result,
    claim: claim && {
      seat: claim.seat,
      tricks: claim.tricks,
      ...(claim.statement === undefined ? {} : { statement: claim.statement }),
      awaiting: awaitedAnswers(state),
    },
    disputed: disputed && {
      seat: disputed.seat,
      tricks: disputed.tricks,
      ...(disputed.statement === undefined ? {} : { statement: disputed.statement }),
      rejectedBy: disputed.rejectedBy,
      left: disputed.left,
    },
    undo: state.undo && { seat: state.undo.seat, awaiting: awaitedAnswers(state) },
  };
}
