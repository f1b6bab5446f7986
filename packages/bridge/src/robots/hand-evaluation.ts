import { SUIT_ORDER, type Hand, type Suit } from '../deal.ts';

const HIGH_CARD_POINTS: Readonly<Record<string, number>> = { A: 4, K: 3, Q: 2, J: 1 };

/** High-card points (Milton Work): ace 4, king 3, queen 2, jack 1; 40 in the pack. */
export function highCardPoints(hand: Hand): number {
  let points = 0;
  for (const suit of SUIT_ORDER) for (const rank of hand[suit]) points += HIGH_CARD_POINTS[rank] ?? 0;
  return points;
}

/** How many cards the hand holds in each suit. */
export function suitLengths(hand: Hand): Record<Suit, number> {
  return { S: hand.S.length, H: hand.H.length, D: hand.D.length, C: hand.C.length };
}

/** 4-3-3-3, 4-4-3-2 or 5-3-3-2: no void, no singleton, at most one doubleton. */
export function isBalanced(hand: Hand): boolean {
  const lengths = SUIT_ORDER.map((suit) => hand[suit].length);
  return lengths.every((length) => length >= 2) && lengths.filter((length) => length === 2).length <= 1;
}

/** Whether the hand stops a suit once: the ace, a guarded king (Kx), Qxx or Jxxx. */
export function hasStopper(hand: Hand, suit: Suit): boolean {
  const cards = hand[suit];
  return (
    cards.includes('A') ||
    (cards.includes('K') && cards.length >= 2) ||
    (cards.includes('Q') && cards.length >= 3) ||
    (cards.includes('J') && cards.length >= 4)
  );
}
