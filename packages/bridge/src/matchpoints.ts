/** The matchpoint scale: 2 per score beaten and 1 per tie (Law 78A), or 1 and a half (ACBL style). */
export type MatchpointScale = '2-1-0' | '1-0.5-0';

/** Artificial adjusted scores (Law 12C2): average-plus, average, average-minus, for each side. */
export type Adjustment = 'A+' | 'A' | 'A-';

export type BoardResult = { kind: 'score'; nsScore: number } | { kind: 'adjusted'; ns: Adjustment; ew: Adjustment };

export interface MatchpointOptions {
  scale?: MatchpointScale;
  /** How many results each board should have had (the most any board was played); defaults to this board's count. */
  expected?: number;
  /** Percentages of the top for A+, A and A-. */
  adjustedPercentages?: Record<Adjustment, number>;
}

export const DEFAULT_ADJUSTED_PERCENTAGES: Record<Adjustment, number> = { 'A+': 60, A: 50, 'A-': 40 };

const unitOf = (scale: MatchpointScale) => (scale === '2-1-0' ? 2 : 1);

/** The top on a board of `results` results: what a pair earns for beating every other score. */
export const topOf = (results: number, scale: MatchpointScale = '2-1-0') => unitOf(scale) * Math.max(results - 1, 0);

/**
 * Matchpoints of every result of one board, for North-South and East-West (which sum to the top on every
 * line). Adjusted results are left out of the comparison and get their percentage of the top; when fewer real
 * results than expected remain, theirs are Neuberg-factored: S = (s + u/2) x N/n - u/2, u the scale's unit.
 */
export function matchpointBoard(results: readonly BoardResult[], options: MatchpointOptions = {}): { ns: number; ew: number }[] {
  const scale = options.scale ?? '2-1-0';
  const unit = unitOf(scale);
  const expected = options.expected ?? results.length;
  if (expected < results.length) throw new RangeError(`A board cannot have more results (${results.length}) than expected (${expected})`);
  const top = topOf(expected, scale);
  const percentages = options.adjustedPercentages ?? DEFAULT_ADJUSTED_PERCENTAGES;
  const real = results.filter((r): r is { kind: 'score'; nsScore: number } => r.kind === 'score').map((r) => r.nsScore);
  const n = real.length;

  return results.map((result) => {
    if (result.kind === 'adjusted') {
      return { ns: (top * percentages[result.ns]) / 100, ew: (top * percentages[result.ew]) / 100 };
    }
    let raw = 0;
    for (const other of real) {
      if (result.nsScore > other) raw += unit;
      else if (result.nsScore === other) raw += unit / 2;
    }
    raw -= unit / 2; // the comparison above also met this result itself, as a tie
    const ns = n === expected ? raw : ((raw + unit / 2) * expected) / n - unit / 2;
    return { ns, ew: top - ns };
  });
}

/** A pair's percentage: its matchpoints over the tops of the boards it played. */
export function percentage(matchpoints: number, tops: number): number {
  return tops === 0 ? 0 : (matchpoints / tops) * 100;
}
