/**
 * What the marketing pictures show, as data: one board of a Mitchell club night seen from three sides (a table in
 * play, the director's screen, the board's traveller). The pictures draw only from here, and
 * poster-data.test.ts checks every card, call and figure against the bridge engine. No engine import here: these
 * pages are public and kept light.
 */

export type SeatLetter = 'N' | 'E' | 'S' | 'W';
export type SuitLetter = 'S' | 'H' | 'D' | 'C';
/** A card as suit letter then rank letter, `T` for the ten: `SA`, `HT`, `C2`. */
export type CardCode = `${SuitLetter}${string}`;

export const seatOrder: readonly SeatLetter[] = ['N', 'E', 'S', 'W'];

export const suitSymbols: Record<SuitLetter, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const isRedSuit = (suit: SuitLetter): boolean => suit === 'H' || suit === 'D';
export const rankText = (rank: string): string => (rank === 'T' ? '10' : rank);

/** `1♠`, `3NT`, `Pass`, `X`, `XX` from the calls as written in `auction` (`1S`, `3NT`, `Pass`, `X`, `XX`). */
export function callText(call: string): string {
  const bid = /^([1-7])([SHDC])$/.exec(call);
  return bid ? `${bid[1]}${suitSymbols[bid[2] as SuitLetter]}` : call;
}

/** The club night every picture belongs to: a Mitchell of 8 tables, so 7 rounds with the EW skip. */
export const clubNight = {
  name: 'Friday Club Pairs',
  tables: 8,
  rounds: 7,
  boardsPerRound: 3,
};

/** The Player app picture: board 3 at table 1, South declaring 4♠, five tricks played. */
export const playerTable = {
  board: 3,
  dealer: 'S' as SeatLetter,
  vulnerability: 'EW' as 'None' | 'NS' | 'EW' | 'All',
  players: { N: 'Ben', E: 'Dev', S: 'Ann', W: 'Cleo' } as Record<SeatLetter, string>,
  /** The whole deal in PBN order from North: spades.hearts.diamonds.clubs. */
  deal: 'N:QJ73.A95.K84.862 4.632.6532.A9754 AKT865.QJ4.A7.K3 92.KT87.QJT9.QJT',
  /** From the dealer, clockwise. */
  auction: ['1S', 'Pass', '3S', 'Pass', '4S', 'Pass', 'Pass', 'Pass'],
  contract: { level: 4, strain: 'S' as SuitLetter | 'NT', doubled: 0, declarer: 'S' as SeatLetter },
  /** Each trick's cards in the order played, from its leader; the last one is on the table. */
  tricks: [
    { leader: 'W', cards: ['DQ', 'D4', 'D2', 'DA'] },
    { leader: 'S', cards: ['SA', 'S2', 'S3', 'S4'] },
    { leader: 'S', cards: ['SK', 'S9', 'S7', 'C4'] },
    { leader: 'S', cards: ['D7', 'DT', 'DK', 'D3'] },
    { leader: 'N', cards: ['C2', 'CA', 'C3', 'CT'] },
  ] as { leader: SeatLetter; cards: CardCode[] }[],
  /** Tricks taken so far, the trick on the table included, and the seat whose card wins it. */
  tricksWon: { NS: 4, EW: 1 },
  winnerOfTrickOnTable: 'E' as SeatLetter,
};

const nextSeat = (seat: SeatLetter, steps = 1): SeatLetter => seatOrder[(seatOrder.indexOf(seat) + steps) % 4]!;

/** The seat that played each card of a trick led by `leader`. */
export const seatsOfTrick = (leader: SeatLetter): SeatLetter[] => [0, 1, 2, 3].map((i) => nextSeat(leader, i));

/** The hand a seat was dealt, as cards (`SQ`, `HT`, ...), spades first. */
export function dealtCards(seat: SeatLetter): CardCode[] {
  const [first, hands] = playerTable.deal.split(':') as [SeatLetter, string];
  const hand = hands.split(' ')[(seatOrder.indexOf(seat) - seatOrder.indexOf(first) + 4) % 4]!;
  return hand.split('.').flatMap((ranks, i) => [...ranks].map((rank) => `${'SHDC'[i]}${rank}` as CardCode));
}

/** The cards a seat still holds: what it was dealt less what it has played. */
export function cardsLeft(seat: SeatLetter): CardCode[] {
  const played = new Set(playerTable.tricks.flatMap((trick) => trick.cards.filter((_, i) => seatsOfTrick(trick.leader)[i] === seat)));
  return dealtCards(seat).filter((card) => !played.has(card));
}

/** The trick on the table: each seat's card. */
export function trickOnTable(): Record<SeatLetter, CardCode> {
  const trick = playerTable.tricks.at(-1)!;
  const seats = seatsOfTrick(trick.leader);
  return Object.fromEntries(trick.cards.map((card, i) => [seats[i], card])) as Record<SeatLetter, CardCode>;
}

export interface TravellerRow {
  ns: number;
  ew: number;
  contract: { level: number; strain: SuitLetter | 'NT'; doubled: 0 | 1 | 2 };
  declarer: SeatLetter;
  tricks: number;
  /** The score from North-South's side (Law 77). */
  nsScore: number;
  matchpoints: { ns: number; ew: number };
}

/**
 * The results page's traveller of the same board once all seven tables that play it have: in a Mitchell of 8
 * tables with the skip, set 1 meets these pairs. Listed by North-South pair, as travellers are; matchpoints 2 a
 * score beaten, 1 a tie, so the top is 12.
 */
export const boardTraveller = {
  board: playerTable.board,
  dealer: playerTable.dealer,
  vulnerability: playerTable.vulnerability,
  top: 12,
  rows: [
    { ns: 1, ew: 1, contract: { level: 4, strain: 'S', doubled: 0 }, declarer: 'S', tricks: 10, nsScore: 420, matchpoints: { ns: 6, ew: 6 } },
    { ns: 3, ew: 4, contract: { level: 4, strain: 'S', doubled: 0 }, declarer: 'S', tricks: 10, nsScore: 420, matchpoints: { ns: 6, ew: 6 } },
    { ns: 4, ew: 6, contract: { level: 4, strain: 'S', doubled: 0 }, declarer: 'S', tricks: 11, nsScore: 450, matchpoints: { ns: 11, ew: 1 } },
    { ns: 5, ew: 8, contract: { level: 4, strain: 'S', doubled: 0 }, declarer: 'S', tricks: 9, nsScore: -50, matchpoints: { ns: 0, ew: 12 } },
    { ns: 6, ew: 3, contract: { level: 3, strain: 'S', doubled: 0 }, declarer: 'S', tricks: 10, nsScore: 170, matchpoints: { ns: 2, ew: 10 } },
    { ns: 7, ew: 5, contract: { level: 4, strain: 'S', doubled: 0 }, declarer: 'N', tricks: 10, nsScore: 420, matchpoints: { ns: 6, ew: 6 } },
    { ns: 8, ew: 7, contract: { level: 4, strain: 'S', doubled: 0 }, declarer: 'S', tricks: 11, nsScore: 450, matchpoints: { ns: 11, ew: 1 } },
  ] satisfies TravellerRow[],
};

/** The pairs of the club night by field and number: a Mitchell numbers North-South and East-West apart. */
export const pairNames: Record<'NS' | 'EW', Record<number, string>> = {
  NS: { 1: 'Ann & Ben', 2: 'Ivo & Jo', 3: 'Kim & Lars', 4: 'Mia & Nils', 5: 'Eva & Finn', 6: 'Olga & Per', 7: 'Rita & Sam', 8: 'Tom & Una' },
  EW: { 1: 'Cleo & Dev', 2: 'Gus & Hana', 3: 'Vera & Walt', 4: 'Xena & Yann', 5: 'Zoe & Abel', 6: 'Bea & Carl', 7: 'Dora & Emil', 8: 'Fay & Gil' },
};

export interface RankingRow {
  /** As printed: `1`, or `2=` for a tie. */
  place: string;
  pair: number;
  /** To one decimal, as the ranking prints it. */
  percentage: string;
}

/**
 * The Organizer app picture: the same club night during round 4, tables 4 and 7 still playing, and the live
 * ranking of each field (a Mitchell ranks North-South and East-West apart).
 */
export const organiserScreen = {
  round: 4,
  tablesPlaying: [4, 7],
  rankings: {
    NS: [
      { place: '1', pair: 2, percentage: '59.7' },
      { place: '2', pair: 8, percentage: '59.3' },
      { place: '3', pair: 5, percentage: '56.9' },
    ] as RankingRow[],
    EW: [
      { place: '1=', pair: 2, percentage: '56.9' },
      { place: '1=', pair: 3, percentage: '56.9' },
      { place: '3=', pair: 4, percentage: '51.9' },
    ] as RankingRow[],
  },
};
