import { SEATS, type Seat } from './types.ts';

export const RANKS = 'AKQJT98765432';
export const SUIT_ORDER = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUIT_ORDER)[number];

/** A hand as four suits of rank characters, spades first (e.g. { S: 'AKQ', H: 'T98', D: '', C: '5432' }). */
export type Hand = Record<Suit, string>;
/** A deal: the four hands, or null for a hand not known. */
export type Deal = Record<Seat, Hand | null>;

const sortRanks = (ranks: string) => [...ranks].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b)).join('');

export class DealError extends Error {
  override name = 'DealError';
}

/** Parses a PBN deal string: `N:AKQ.T98.765.432 ...`, four hands clockwise from the named seat, `-` unknown. */
export function parseDeal(text: string): Deal {
  const match = /^\s*([NESW]):(.*)$/i.exec(text);
  if (!match) throw new DealError(`A deal starts with the first seat, like "N:", got "${text.slice(0, 20)}"`);
  const first = SEATS.indexOf(match[1]!.toUpperCase() as Seat);
  const hands = match[2]!.trim().split(/\s+/);
  if (hands.length !== 4) throw new DealError(`A deal has four hands, got ${hands.length}`);
  const deal = { N: null, E: null, S: null, W: null } as Deal;
  hands.forEach((handText, i) => {
    const seat = SEATS[(first + i) % 4]!;
    if (handText === '-') return;
    const suits = handText.toUpperCase().split('.');
    if (suits.length !== 4) throw new DealError(`${seat}'s hand needs four suits separated by dots, got "${handText}"`);
    const hand = {} as Hand;
    SUIT_ORDER.forEach((suit, s) => {
      const ranks = suits[s]!.replaceAll('10', 'T');
      for (const rank of ranks) if (!RANKS.includes(rank)) throw new DealError(`"${rank}" is not a card rank (${seat}, ${suit})`);
      hand[suit] = sortRanks(ranks);
    });
    deal[seat] = hand;
  });
  validateDeal(deal);
  return deal;
}

/** Checks the known hands: 13 cards each and no card twice (52 distinct cards when all four are known). */
export function validateDeal(deal: Deal): void {
  const seen = new Set<string>();
  for (const seat of SEATS) {
    const hand = deal[seat];
    if (!hand) continue;
    const count = SUIT_ORDER.reduce((n, suit) => n + hand[suit].length, 0);
    if (count !== 13) throw new DealError(`${seat} holds ${count} cards; every hand holds 13`);
    for (const suit of SUIT_ORDER) {
      for (const rank of hand[suit]) {
        const card = suit + rank;
        if (seen.has(card)) throw new DealError(`${card} appears twice in the deal`);
        seen.add(card);
      }
    }
  }
}

/** Writes a deal in PBN form, starting from `first` (North by default). */
export function formatDeal(deal: Deal, first: Seat = 'N'): string {
  const start = SEATS.indexOf(first);
  const hands = [0, 1, 2, 3].map((i) => {
    const hand = deal[SEATS[(start + i) % 4]!];
    return hand ? SUIT_ORDER.map((suit) => hand[suit]).join('.') : '-';
  });
  return `${first}:${hands.join(' ')}`;
}
