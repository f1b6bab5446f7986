import { seatNameOfLetter, type EventResults, type PairStanding, type ResultLine, type SeatLetter } from '@bridge/api';
import { suits } from '../../../components/contract-text';

export type Seat = SeatLetter;
export type Direction = 'NS' | 'EW';

const vulnerabilityNames: Record<EventResults['boards'][number]['vulnerability'], string> = {
  None: 'None',
  NS: 'North-South',
  EW: 'East-West',
  All: 'All',
};

const scoringNames: Record<EventResults['scoringMethod'], string> = {
  matchpoints: 'Matchpoints',
  'cross-imps': 'Cross-IMPs',
  butler: 'Butler IMPs',
};

export const scoringLabel = (method: EventResults['scoringMethod']): string => scoringNames[method];
export const isImpScoring = (method: EventResults['scoringMethod']): boolean => method !== 'matchpoints';

/** `Dealer North, Vulnerable: North-South`. */
export const dealerText = (dealer: Seat, vulnerability: EventResults['boards'][number]['vulnerability']): string =>
  `Dealer ${seatNameOfLetter[dealer]}, Vulnerable: ${vulnerabilityNames[vulnerability]}`;

// A typographic minus: the same width as the plus sign, so signed columns line up.
export const MINUS = '\u2212';

const signed = (value: number, digits: number): string => {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return (0).toFixed(digits);
  return `${value < 0 ? MINUS : '+'}${text}`;
};

/** A bridge score as a number with a minus when negative: `400`, `−100`, `0`. */
export const formatScore = (value: number): string => (value < 0 ? `${MINUS}${Math.abs(value)}` : String(value === 0 ? 0 : value));

/** Matchpoints trimmed to at most two decimals (`3`, `2.5`); IMPs signed with two decimals (`+3.00`). */
export function formatPoints(value: number, imps: boolean): string {
  if (imps) return signed(value, 2);
  return String(Number(value.toFixed(2)));
}

/** A pair's score in the ranking: `55.17%` for matchpoints, `+12.50` for IMPs. */
export function formatStandingScore(standing: Pick<PairStanding, 'percentage' | 'total'> & { factoredTotal?: number | null }, imps: boolean): string {
  // IMP pairs are ranked by the total factored to the full schedule: that is the score shown.
  if (imps) return signed(standing.factoredTotal ?? standing.total, 2);
  return standing.percentage === null ? '–' : `${standing.percentage.toFixed(2)}%`;
}

/** A pair's matchpoints out of the most it could have scored on the boards it played: `74 of 120`. */
export const formatMatchpointTotal = (standing: Pick<PairStanding, 'total' | 'tops'>): string =>
  `${formatPoints(standing.total, false)} of ${formatPoints(standing.tops, false)}`;

/**
 * The top of a matchpointed board: what the best line scores. Each line's NS and EW matchpoints add up to it (the
 * engine's rule, adjusted lines included), so any line gives it; null without a line.
 */
export function boardTop(lines: readonly Pick<ResultLine, 'ns' | 'ew'>[]): number | null {
  const line = lines[0];
  return line ? Number((line.ns + line.ew).toFixed(2)) : null;
}

/** `4♠`, `3NT×`, `2♥××`, `Passed out`, as plain text. */
export function contractText(contract: ResultLine['contract']): string {
  if (contract.level === 0 || contract.strain === null) return 'Passed out';
  const strain = contract.strain === 'NT' ? 'NT' : suits[contract.strain].symbol;
  return `${contract.level}${strain}${'×'.repeat(Math.min(2, Math.max(0, contract.doubled)))}`;
}

/** Card ranks of one suit as people write them: `AKT9` becomes `A K 10 9`; an empty suit is a dash. */
export const formatRanks = (ranks: string): string => (ranks ? [...ranks].map((r) => (r === 'T' ? '10' : r)).join(' ') : '—');

/** `NS 3` / `EW 3` when each direction has its own winner, else `3`. */
export const pairLabel = (direction: Direction | null, pair: number): string => (direction ? `${direction} ${pair}` : String(pair));

export type ScorecardRow = {
  line: ResultLine;
  board: number;
  /** The direction the pair sat this board. */
  sat: Direction;
  opponent: number;
  /** The contract's score from the pair's side. */
  score: number;
  points: number;
};

/** The boards one pair played, from its own side, in board order. */
export function scorecardRows(results: Pick<EventResults, 'boards'>, standing: Pick<PairStanding, 'direction' | 'pair'>): ScorecardRow[] {
  const rows: ScorecardRow[] = [];
  for (const board of results.boards) {
    for (const line of board.lines) {
      const asNs = standing.direction !== 'EW' && line.nsPair === standing.pair;
      const asEw = standing.direction !== 'NS' && line.ewPair === standing.pair;
      if (!asNs && !asEw) continue;
      rows.push(
        asNs
          ? { line, board: board.board, sat: 'NS', opponent: line.ewPair, score: line.nsScore, points: line.ns }
          : { line, board: board.board, sat: 'EW', opponent: line.nsPair, score: -line.nsScore, points: line.ew },
      );
    }
  }
  return rows.sort((a, b) => a.board - b.board || a.line.round - b.line.round);
}
