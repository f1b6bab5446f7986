import { isVulnerable, sideOf } from './board.ts';
import type { Contract, Seat, Strain, Vulnerability } from './types.ts';

const trickValue = (strain: Strain): number => (strain === 'C' || strain === 'D' ? 20 : 30);

/** Penalty for `down` undertricks doubled (Law 77); redoubled is twice this. */
function doubledPenalty(down: number, vulnerable: boolean): number {
  if (vulnerable) return 200 + 300 * (down - 1);
  // Not vulnerable: 100, then 200 for the 2nd and 3rd, then 300 each.
  return 100 + 200 * Math.min(down - 1, 2) + 300 * Math.max(down - 3, 0);
}

/**
 * The score of a contract for declarer's side (Law 77): positive when it makes, negative when it fails,
 * 0 when passed out. `tricks` is the number of tricks declarer's side took (0-13).
 */
export function scoreContract(contract: Contract, tricks: number, vulnerable: boolean): number {
  if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) throw new RangeError(`Tricks must be 0-13, got ${tricks}`);
  const { level, strain, doubled } = contract;
  if (level === 0) return 0;
  const needed = 6 + level;
  if (tricks < needed) {
    const down = needed - tricks;
    if (doubled === 0) return -down * (vulnerable ? 100 : 50);
    return -doubledPenalty(down, vulnerable) * doubled;
  }
  const multiplier = doubled === 0 ? 1 : doubled === 1 ? 2 : 4;
  const contractPoints = (trickValue(strain) * level + (strain === 'NT' ? 10 : 0)) * multiplier;
  let score = contractPoints;
  score += contractPoints >= 100 ? (vulnerable ? 500 : 300) : 50;
  if (level === 6) score += vulnerable ? 750 : 500;
  if (level === 7) score += vulnerable ? 1500 : 1000;
  score += doubled * 50; // the "insult": 50 doubled, 100 redoubled
  const overtricks = tricks - needed;
  if (doubled === 0) score += overtricks * trickValue(strain);
  else score += overtricks * (vulnerable ? 200 : 100) * doubled;
  return score;
}

/** The score of a result from North-South's side, as travellers record it. */
export function nsScore(contract: Contract, declarer: Seat | null, tricks: number, vulnerability: Vulnerability): number {
  if (contract.level === 0) return 0;
  if (!declarer) throw new RangeError('A contract other than a pass-out needs a declarer');
  const score = scoreContract(contract, tricks, isVulnerable(vulnerability, declarer));
  return sideOf(declarer) === 'NS' ? score : -score;
}
