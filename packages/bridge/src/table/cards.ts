import { RANKS, SUIT_ORDER, type Hand, type Suit } from '../deal.ts';

/** A card as a suit letter and a rank, ten as T: `SA`, `HT`, `D2`. */
export type Card = string;

/** Reads a card as a player types it: `SA`, `sa`, `s10`, `HT`; null when it is none. */
export function parseCard(text: string): Card | null {
  const card = text.trim().toUpperCase().replace('10', 'T');
  return /^[SHDC][AKQJT98765432]$/.test(card) ? card : null;
}

/** The suit of a card. */
export const suitOf = (card: Card): Suit => card[0] as Suit;

/** The rank of a card, `A` ... `2` with ten as `T`. */
export const rankOf = (card: Card): string => card.slice(1);

/** How high a card ranks within its suit: the ace highest. */
export const rankValue = (card: Card): number => RANKS.length - RANKS.indexOf(rankOf(card));

/** The cards of a hand, spades first, each suit from the ace down. */
export function handCards(hand: Hand): Card[] {
  return SUIT_ORDER.flatMap((suit) => [...hand[suit]].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b)).map((rank) => suit + rank));
}
