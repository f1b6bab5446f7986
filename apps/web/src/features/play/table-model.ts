import type { PlayTableState } from '@bridge/api';
import { legalCalls, parseCall, parseCard, partnerOf, seatAfter, seatName, type Call, type Seat } from '@bridge/engine';

// What the table page works out from a frame: where each seat sits on the screen, which hand the viewer plays now,
// which cards and calls are legal. Pure, so it is tested without a browser.

export type Place = 'bottom' | 'left' | 'top' | 'right';

/** The seats around the screen: the viewer's (or South, for a kibitzer or the director) at the bottom, clockwise. */
export function seatPlaces(bottom: Seat): Record<Place, Seat> {
  return { bottom, left: seatAfter(bottom, 1), top: seatAfter(bottom, 2), right: seatAfter(bottom, 3) };
}

/** Dummy's seat once the auction has a declarer. */
export const dummyOf = (state: PlayTableState): Seat | null => (state.declarer && state.contract ? partnerOf(state.declarer) : null);

/**
 * The hand the viewer plays a card from now: their own on their turn, dummy's when they are declarer and dummy is to
 * play; null otherwise (the auction, someone else's turn, a claim or an undo waiting, the board over).
 */
export function handToPlay(state: PlayTableState): Seat | null {
  if (!state.seat || !state.turn || state.result || !state.contract) return null;
  if (state.turn === state.seat && dummyOf(state) !== state.seat) return state.seat;
  if (state.declarer === state.seat && state.turn === dummyOf(state)) return state.turn;
  return null;
}

/** Whether the viewer is to call now. */
export const toCall = (state: PlayTableState): boolean =>
  Boolean(state.seat && state.turn === state.seat && !state.contract && state.declarer === null && !state.result && !state.claim && !state.undo);

/** The calls the viewer may make now (the bidding box offers only these), in the box's order. */
export function legalCallsNow(state: PlayTableState): Call[] {
  if (!toCall(state)) return [];
  return legalCalls(
    state.dealer,
    state.auction.map((c) => c.call as Call),
  );
}

/** The cards of a hand that may be played to the trick now: a card of the suit led when the hand holds one. */
export function playableCards(state: PlayTableState, seat: Seat): string[] {
  const hand = state.hands[seat] ?? [];
  const led = state.trick[0]?.card[0];
  const following = led ? hand.filter((card) => card[0] === led) : [];
  return following.length > 0 ? following : hand;
}

// On screen, suits alternate in colour: spades (black), hearts (red), clubs (black), diamonds (red).
const DISPLAY_SUITS = ['S', 'H', 'C', 'D'] as const;
const RANKS = 'AKQJT98765432';

/** A hand in the order it is shown: by suit, alternating colours, each suit from the ace down. */
export function sortForDisplay(cards: readonly string[]): string[] {
  return [...cards].sort(
    (a, b) => DISPLAY_SUITS.indexOf(a[0] as 'S') - DISPLAY_SUITS.indexOf(b[0] as 'S') || RANKS.indexOf(a[1]!) - RANKS.indexOf(b[1]!),
  );
}

const SUIT_WORDS: Record<string, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const RANK_WORDS: Record<string, string> = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten' };
const STRAIN_WORDS: Record<string, string> = { ...SUIT_WORDS, NT: 'no trumps' };

/** A card as a screen reader says it: "ace of spades", "ten of hearts", "7 of clubs". */
export const cardWords = (card: string) => `${RANK_WORDS[card[1]!] ?? card[1]} of ${SUIT_WORDS[card[0]!]}`;

/** A card's rank as printed on it: 10 for the ten. */
export const rankText = (card: string) => (card[1] === 'T' ? '10' : card[1]!);

/** A call as a screen reader says it: "1 no trumps", "pass", "double", "redouble". */
export function callWords(call: string): string {
  if (call === 'Pass') return 'pass';
  if (call === 'X') return 'double';
  if (call === 'XX') return 'redouble';
  return `${call[0]} ${STRAIN_WORDS[call.slice(1)]}`;
}

/** What the table waits for, in words: whose turn it is, or why nobody acts. */
export function turnWords(state: PlayTableState): string {
  if (state.result) return 'The board is over';
  if (state.claim) return `${seatName(state.claim.seat)} claims ${state.claim.tricks} of the tricks left`;
  if (state.undo) return `${seatName(state.undo.seat)} asks to undo`;
  if (!state.turn) return 'Waiting';
  const you = state.seat === state.turn || (handToPlay(state) !== null && handToPlay(state) === state.turn);
  if (!state.contract && state.declarer === null) return you ? 'Your call' : `${seatName(state.turn)} to call`;
  if (you) return state.turn === state.seat ? 'Your card' : `Your card from dummy (${seatName(state.turn)})`;
  return `${seatName(state.turn)} to play`;
}

/**
 * What the viewer typed at the table, read in context: a call in the auction (`1NT`, `P`, `X`), a card in the play
 * (`SA`, `h10`). Null when it is neither or not legal now.
 */
export function readTyped(state: PlayTableState, text: string): { type: 'call'; call: Call } | { type: 'play'; card: string } | null {
  if (toCall(state)) {
    const call = parseCall(text);
    return call && legalCallsNow(state).includes(call) ? { type: 'call', call } : null;
  }
  const seat = handToPlay(state);
  if (!seat) return null;
  const card = parseCard(text);
  return card && playableCards(state, seat).includes(card) ? { type: 'play', card } : null;
}
