import { RANKS, SUIT_ORDER, type Deal } from './deal.ts';
import { SEATS, type Seat } from './types.ts';

/** Fills a byte array with random bytes. The engine does no IO: the caller passes the source. */
export type RandomBytes = (bytes: Uint8Array) => void;

const factorials: bigint[] = [1n];
const factorial = (n: number): bigint => {
  for (let i = factorials.length; i <= n; i++) factorials.push(factorials[i - 1]! * BigInt(i));
  return factorials[n]!;
};

/** Ways to deal the remaining cards into hands still needing `c` cards each: (sum c)! / prod(c!). */
const ways = (c: readonly number[]) => c.reduce((acc, k) => acc / factorial(k), factorial(c.reduce((a, b) => a + b, 0)));

/** How many different deals there are: 52! / (13!)^4. */
export const DEAL_COUNT: bigint = ways([13, 13, 13, 13]);

/** The 52 cards in a fixed order: spades ace to two, then hearts, diamonds, clubs. */
const CARDS = SUIT_ORDER.flatMap((suit) => [...RANKS].map((rank) => ({ suit, rank })));

/** The deal with a given index in 0 .. DEAL_COUNT-1, so a deal can be stored as one number and rebuilt. */
export function dealFromIndex(index: bigint): Deal {
  if (index < 0n || index >= DEAL_COUNT) throw new RangeError('A deal index is from 0 to DEAL_COUNT - 1');
  const capacity = [13, 13, 13, 13];
  const hands = SEATS.map(() => ({ S: '', H: '', D: '', C: '' }));
  let rest = index;
  for (const card of CARDS) {
    for (let seat = 0; seat < 4; seat++) {
      if (capacity[seat] === 0) continue;
      capacity[seat]!--;
      const count = ways(capacity);
      if (rest < count) {
        hands[seat]![card.suit] += card.rank;
        break;
      }
      rest -= count;
      capacity[seat]!++;
    }
  }
  return Object.fromEntries(SEATS.map((seat, i) => [seat, hands[i]!])) as Deal;
}

/** The index of a complete deal (the inverse of dealFromIndex). */
export function indexOfDeal(deal: Deal): bigint {
  const owner = new Map<string, number>();
  SEATS.forEach((seat: Seat, i) => {
    const hand = deal[seat];
    if (!hand) throw new RangeError('Only a complete deal has an index');
    for (const suit of SUIT_ORDER) for (const rank of hand[suit]) owner.set(suit + rank, i);
  });
  const capacity = [13, 13, 13, 13];
  let index = 0n;
  for (const card of CARDS) {
    const holder = owner.get(card.suit + card.rank);
    if (holder === undefined) throw new RangeError(`The deal lacks ${card.suit}${card.rank}`);
    for (let seat = 0; seat < holder; seat++) {
      if (capacity[seat] === 0) continue;
      capacity[seat]!--;
      index += ways(capacity);
      capacity[seat]!++;
    }
    capacity[holder]!--;
  }
  return index;
}

const defaultRandomBytes: RandomBytes = (bytes) => {
  globalThis.crypto.getRandomValues(bytes);
};

/** A uniformly random deal index (rejection sampling on 96 random bits, so no deal is favoured). */
export function randomDealIndex(random: RandomBytes = defaultRandomBytes): bigint {
  const bytes = new Uint8Array(12);
  for (;;) {
    random(bytes);
    let value = 0n;
    for (const byte of bytes) value = (value << 8n) | BigInt(byte);
    if (value < DEAL_COUNT) return value;
  }
}

/** A uniformly random deal, with its index for storing. */
export function randomDeal(random: RandomBytes = defaultRandomBytes): { index: bigint; deal: Deal } {
  const index = randomDealIndex(random);
  return { index, deal: dealFromIndex(index) };
}

/** A repeatable byte source for tests and demos (splitmix64); never for real events. */
export function seededRandom(seed: number | bigint): RandomBytes {
  let state = BigInt.asUintN(64, BigInt(seed));
  return (bytes) => {
    for (let i = 0; i < bytes.length; i += 8) {
      state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
      let z = state;
      z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
      z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
      z ^= z >> 31n;
      for (let j = 0; j < 8 && i + j < bytes.length; j++) bytes[i + j] = Number((z >> BigInt(8 * j)) & 0xffn);
    }
  };
}
