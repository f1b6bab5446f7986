import { SEAT_LETTERS, seatNameOfLetter, type SeatLetter, type TableBoardSchema } from '@bridge/api';
import type { z } from 'zod';

export type TableBoard = z.infer<typeof TableBoardSchema>;
export type { Strain } from '../../components/board-result-entry';
export type SuitLetter = 'S' | 'H' | 'D' | 'C';
export type Seat = SeatLetter;

export const SEATS: readonly Seat[] = SEAT_LETTERS;

export const LEAD_SUITS: readonly SuitLetter[] = ['S', 'H', 'D', 'C'];
export const RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const;
export type Rank = (typeof RANKS)[number];
export const rankNames: Record<Rank, string> = {
  A: 'Ace',
  K: 'King',
  Q: 'Queen',
  J: 'Jack',
  T: '10',
  '9': '9',
  '8': '8',
  '7': '7',
  '6': '6',
  '5': '5',
  '4': '4',
  '3': '3',
  '2': '2',
};
export const rankText = (rank: string): string => (rank === 'T' ? '10' : rank);

const vulnerabilityNames: Record<TableBoard['vulnerability'], string> = {
  None: 'None vulnerable',
  NS: 'North-South vulnerable',
  EW: 'East-West vulnerable',
  All: 'All vulnerable',
};
/** `Dealer North · North-South vulnerable`. */
export const boardFacts = (board: Pick<TableBoard, 'dealer' | 'vulnerability'>): string =>
  `Dealer ${seatNameOfLetter[board.dealer]} · ${vulnerabilityNames[board.vulnerability]}`;

// A typographic minus: as wide as the plus sign.
export const MINUS = '\u2212';

/** A North-South score signed: `+620`, `−300`, `0`. */
export const signedScore = (score: number): string => (score > 0 ? `+${score}` : score < 0 ? `${MINUS}${-score}` : '0');

/** Tricks against the contract: `=`, `+1`, `−2`. */
export const relativeText = (offset: number): string => (offset === 0 ? '=' : offset > 0 ? `+${offset}` : `${MINUS}${-offset}`);
/** The same, read out: `Just made`, `1 overtrick`, `Down 2`. */
export const relativeName = (offset: number): string =>
  offset === 0 ? 'Just made' : offset > 0 ? `${offset} overtrick${offset > 1 ? 's' : ''}` : `Down ${-offset}`;

/** What a relative result can be at a level: from all thirteen tricks lost to all thirteen won. */
export const offsetsFor = (level: number): number[] => {
  const needed = 6 + level;
  return Array.from({ length: 14 }, (_, tricks) => tricks - needed);
};
