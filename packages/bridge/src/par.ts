import type { Strain } from './types.ts';

/** The suit symbols as hand records print them; no trump is written NT. */
export const STRAIN_SYMBOLS: Record<Strain, string> = { C: '♣', D: '♦', H: '♥', S: '♠', NT: 'NT' };

/** Who a par contract is played by: a side when either of its seats makes it, else the one seat. */
export type ParSeats = 'NS' | 'EW' | 'N' | 'E' | 'S' | 'W';

/** One par contract of the double-dummy solver, read from its text ("4S-NS", "5H*-EW-2", "3N-NS+1"). */
export interface ParContract {
  level: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  strain: Strain;
  doubled: boolean;
  seats: ParSeats;
  /** Tricks over the contract (positive) or under it (negative); 0 when it makes exactly. */
  overtricks: number;
}

const PAR_TEXT = /^([1-7])([CDHSN])(\*?)-(NS|EW|N|E|S|W)([+-]\d{1,2})?$/;

/** Reads one of DDS's par texts; throws on anything else. */
export function parseParContract(text: string): ParContract {
  const match = PAR_TEXT.exec(text.trim().toUpperCase());
  if (!match) throw new RangeError(`"${text}" is not a par contract like "4S-NS", "5H*-EW-2" or "3N-NS+1"`);
  const [, level, strain, doubled, seats, delta] = match;
  return {
    level: Number(level) as ParContract['level'],
    strain: strain === 'N' ? 'NT' : (strain as Strain),
    doubled: doubled === '*',
    seats: seats as ParSeats,
    overtricks: Number(delta ?? 0),
  };
}

/** The contract as written on a hand record: "4♠", "5♥x", "3NT+1" (overtricks go with the contract). */
function call(contract: ParContract): string {
  const over = contract.overtricks > 0 ? `+${contract.overtricks}` : '';
  return `${contract.level}${STRAIN_SYMBOLS[contract.strain]}${contract.doubled ? 'x' : ''}${over}`;
}

/** A par contract in words: "4♠ by NS", "5♥x by EW, down 2", "3NT+1 by NS". */
export function formatParContract(contract: string | ParContract): string {
  const c = typeof contract === 'string' ? parseParContract(contract) : contract;
  return `${call(c)} by ${c.seats}${c.overtricks < 0 ? `, down ${-c.overtricks}` : ''}`;
}

/** A score from North-South's side, signed: "+420", "-300", "0". */
export const signedScore = (score: number) => (score > 0 ? `+${score}` : String(score));

/**
 * A deal's par in words, its score signed from North-South's side: "4♠ by N, +420". Contracts played by the same
 * seats and going down as many tricks share their "by": "5♣x, 5♦x, 5♥x by EW, down 2, +300". A deal nobody can
 * make anything on reads "0 (passed out)".
 */
export function formatPar(par: { score: number; contracts: readonly string[] }): string {
  if (!par.contracts.length) return par.score === 0 ? '0 (passed out)' : signedScore(par.score);
  const groups = new Map<string, { calls: string[]; seats: ParSeats; down: number }>();
  for (const text of par.contracts) {
    const c = parseParContract(text);
    const down = c.overtricks < 0 ? -c.overtricks : 0;
    const key = `${c.seats}/${down}`;
    const group = groups.get(key) ?? groups.set(key, { calls: [], seats: c.seats, down }).get(key)!;
    group.calls.push(call(c));
  }
  const contracts = [...groups.values()].map((g) => `${g.calls.join(', ')} by ${g.seats}${g.down ? `, down ${g.down}` : ''}`);
  return `${contracts.join('; ')}, ${signedScore(par.score)}`;
}

/** The level a strain makes double dummy (tricks over six), as hand records show it; null when nothing makes. */
export const makeableLevel = (tricks: number): number | null => (tricks >= 7 ? tricks - 6 : null);
