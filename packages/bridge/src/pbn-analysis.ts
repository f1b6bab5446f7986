import { PbnError, type PbnGame } from './pbn.ts';
import type { Seat, Strain } from './types.ts';

// The double-dummy analysis in PBN 2.1's tags: `OptimumResultTable` (the tricks of each declarer in each strain),
// `OptimumScore` (par from North-South's side) and `ParContract`.

/** Tricks each hand takes as declarer in each strain, and the par as DDS states it ("4S-NS", "5H*-EW-2"). */
export interface DealAnalysisTags {
  tricks: Record<Seat, Record<Strain, number>>;
  par: { score: number; contracts: readonly string[] };
}

/** `OptimumResultTable`'s order (PBN 2.1, 3.4.x): declarers N S E W, each strain NT S H D C. */
export const OPTIMUM_TABLE_DECLARERS: readonly Seat[] = ['N', 'S', 'E', 'W'];
export const OPTIMUM_TABLE_STRAINS: readonly Strain[] = ['NT', 'S', 'H', 'D', 'C'];
/** Written as the standard's example has it, with single backslashes (not escaped as a string token's would be). */
export const OPTIMUM_RESULT_TABLE_TAG = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]';

/** The 20 lines of an `OptimumResultTable`, aligned as files in the wild write them: `N NT  7`, `N  S 10`. */
export function optimumResultLines(tricks: DealAnalysisTags['tricks']): string[] {
  return OPTIMUM_TABLE_DECLARERS.flatMap((seat) =>
    OPTIMUM_TABLE_STRAINS.map((strain) => `${seat} ${strain.padStart(2)} ${String(tricks[seat][strain]).padStart(2)}`),
  );
}

/** DDS's par texts as a PBN `ParContract`: "4S-NS" -> "NS 4S", "5H*-EW-2" -> "EW 5HX"; several joined by "; ". */
export function parContractTag(contracts: readonly string[]): string {
  if (!contracts.length) return 'Pass';
  return contracts
    .map((text) => {
      const match = /^([1-7])([CDHSN])(\*?)-(NS|EW|N|E|S|W)/.exec(text);
      if (!match) throw new RangeError(`not a par contract: ${text}`);
      const [, level, strain, doubled, side] = match;
      return `${side} ${level}${strain === 'N' ? 'NT' : strain}${doubled ? 'X' : ''}`;
    })
    .join('; ');
}

const STRAIN_OF_TEXT: Record<string, Strain> = { NT: 'NT', N: 'NT', S: 'S', H: 'H', D: 'D', C: 'C' };

/**
 * The analysis a game carries, or null when its tags are incomplete: no `OptimumResultTable`, one of fewer than
 * the 20 declarer and denomination lines (some files give North's and West's only), or no `OptimumScore` (a
 * BridgeWebs hand-records file gives the table and `DoubleDummyTricks` alone). The par comes from `OptimumScore`
 * ("NS 620", "NS +90", "EW 420") and `ParContract` ("NS 4S", "EW 5HX; EW 5DX", "Pass"), written back as DDS
 * states it ("4S-NS", "5H*-EW-2"), the over- or undertricks taken from the table. A line or a par it cannot read
 * is a PbnError.
 */
export function readAnalysisTags(game: PbnGame): DealAnalysisTags | null {
  const table = game.get('OptimumResultTable');
  if (!table) return null;
  const tricks = {} as Record<Seat, Record<Strain, number>>;
  let cells = 0;
  for (const line of table.section) {
    const [seat, strainText, count] = line.split(/\s+/);
    const strain = STRAIN_OF_TEXT[strainText?.toUpperCase() ?? ''];
    const value = Number(count);
    if (!seat || !'NESW'.includes(seat) || seat.length !== 1 || !strain || !Number.isInteger(value) || value < 0 || value > 13) {
      throw new PbnError(`OptimumResultTable: "${line}" is not a declarer, a denomination and tricks`);
    }
    tricks[seat as Seat] ??= {} as Record<Strain, number>;
    if (tricks[seat as Seat][strain] === undefined) cells++;
    tricks[seat as Seat][strain] = value;
  }
  const scoreTag = game.get('OptimumScore');
  if (cells !== 20 || !scoreTag) return null;
  const scoreText = scoreTag.value;
  const scoreMatch = /^(NS|EW)\s+([+-]?\d+)$/.exec(scoreText.trim());
  if (!scoreMatch) throw new PbnError(`OptimumScore: "${scoreText}" is not "NS 620" or "EW 420"`);
  const score = (scoreMatch[1] === 'NS' ? 1 : -1) * Number(scoreMatch[2]) + 0;
  const parText = game.get('ParContract')?.value.trim() ?? '';
  const contracts =
    parText === '' || /^(NS |EW )?pass$/i.test(parText)
      ? []
      : parText.split(/\s*[;,]\s*/).map((part) => {
          const match = /^(NS|EW|N|E|S|W)\s+([1-7])(NT|N|S|H|D|C)(X{0,2})$/i.exec(part);
          if (!match) throw new PbnError(`ParContract: "${part}" is not a side and a contract`);
          const [, side, level, strainText, doubled] = match;
          const strain = STRAIN_OF_TEXT[strainText!.toUpperCase()]!;
          const seats = [...side!.toUpperCase()] as Seat[];
          const taken = Math.max(...seats.map((seat) => tricks[seat][strain]));
          const delta = taken - (Number(level) + 6);
          const strainLetter = strain === 'NT' ? 'N' : strain;
          return `${level}${strainLetter}${doubled ? '*' : ''}-${side!.toUpperCase()}${delta > 0 ? `+${delta}` : delta < 0 ? delta : ''}`;
        });
  return { tricks, par: { score, contracts } };
}
