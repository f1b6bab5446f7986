/** The WBF IMP scale: a difference reaches one more IMP at each of these. */
export const IMP_THRESHOLDS = [
  20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
] as const;

/** IMPs for a score difference, with its sign (WBF scale): 15 -> 0, 45 -> 1, 4000 or more -> 24. */
export function impsForDifference(difference: number): number {
  const size = Math.abs(difference);
  let imps = 0;
  for (const threshold of IMP_THRESHOLDS) if (size >= threshold) imps++;
  return difference < 0 ? 0 - imps : imps; // 0 - 0 is +0, so no score shows as -0
}

export type CrossImpDivisor = 'sum' | 'n' | 'n-1';

/**
 * Cross-IMPs: each North-South score IMPed against every other score of the board, summed, and divided
 * by n-1 (default), n, or not at all. The results of a board sum to 0.
 */
export function crossImps(nsScores: readonly number[], divisor: CrossImpDivisor = 'n-1'): number[] {
  const n = nsScores.length;
  if (n < 2) return nsScores.map(() => 0);
  const by = divisor === 'sum' ? 1 : divisor === 'n' ? n : n - 1;
  return nsScores.map((score, i) => {
    let total = 0;
    nsScores.forEach((other, j) => {
      if (i !== j) total += impsForDifference(score - other);
    });
    return total / by;
  });
}

/** Rounds to the nearest 10, halves away from zero (-295 -> -300, 295 -> 300). */
export function roundToTen(value: number): number {
  const rounded = Math.round(Math.abs(value) / 10) * 10;
  return value < 0 ? 0 - rounded : rounded;
}

/**
 * The Butler datum: drop the `trim` highest and `trim` lowest scores (as many as leave at least one),
 * average the rest and round to 10.
 */
export function butlerDatum(nsScores: readonly number[], trim = 1): number {
  if (nsScores.length === 0) throw new RangeError('A datum needs at least one score');
  const sorted = [...nsScores].sort((a, b) => a - b);
  const drop = Math.max(0, Math.min(trim, Math.floor((sorted.length - 1) / 2)));
  const kept = sorted.slice(drop, sorted.length - drop);
  return roundToTen(kept.reduce((sum, s) => sum + s, 0) / kept.length);
}

/** Butler IMPs: each North-South score IMPed against the board's datum. */
export function butlerImps(nsScores: readonly number[], trim = 1): { datum: number; imps: number[] } {
  const datum = butlerDatum(nsScores, trim);
  return { datum, imps: nsScores.map((score) => impsForDifference(score - datum)) };
}
