import type { DealAnalysis, ResultLine, SeatLetter } from '@bridge/api';

export type Strain = 'C' | 'D' | 'H' | 'S' | 'NT';
/** The grid's order, as results pages and hand records print it. */
export const GRID_HANDS: readonly SeatLetter[] = ['N', 'S', 'E', 'W'];
export const GRID_STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];

/** The level a hand makes as declarer in a strain (tricks over six), or null when it makes nothing. */
export const makeableLevel = (tricks: number): number | null => (tricks >= 7 ? tricks - 6 : null);

export interface ParContract {
  level: number;
  strain: Strain;
  doubled: boolean;
  /** Who declares: one seat (`N`) or either of a side (`NS`). */
  by: string;
  /** Tricks over (+1) or under (−2) the contract with best play; 0 when it just makes. */
  delta: number;
}

/** DDS's par texts: `4S-NS`, `3N-N+1`, `5H*-EW-2`. */
export function parseParContract(text: string): ParContract | null {
  const match = /^([1-7])([CDHSN])(\*?)-(NS|EW|N|E|S|W)([+-]\d+)?$/.exec(text);
  if (!match) return null;
  const [, level, strain, doubled, by, delta] = match;
  return { level: Number(level), strain: strain === 'N' ? 'NT' : (strain as Strain), doubled: doubled === '*', by: by!, delta: Number(delta ?? 0) };
}

/**
 * A traveller line against double dummy: the declarer's tricks over (+1) or under (−1) what the same declarer makes
 * in the same strain with best play on all sides; null for a passed-out or adjusted board or without analysis.
 */
export function againstDoubleDummy(
  line: Pick<ResultLine, 'contract' | 'declarer' | 'tricks' | 'adjusted'>,
  analysis: DealAnalysis | null,
): number | null {
  if (!analysis || line.adjusted || line.contract.level === 0 || !line.contract.strain || !line.declarer || line.tricks === null) return null;
  return line.tricks - analysis.tricks[line.declarer][line.contract.strain];
}
