import type { DealAnalysis, ResultLine, SeatLetter } from '@bridge/api';

export type Strain = 'C' | 'D' | 'H' | 'S' | 'NT';
/** The grid's order, as results pages and hand records print it. */
export const GRID_HANDS: readonly SeatLetter[] = ['N', 'S', 'E', 'W'];
export const GRID_STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];

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
