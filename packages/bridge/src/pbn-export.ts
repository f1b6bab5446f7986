import { formatDeal, type Deal } from './deal.ts';
import { DEFAULT_ADJUSTED_PERCENTAGES, type Adjustment } from './matchpoints.ts';
import { formatContract } from './pbn.ts';
import { OPTIMUM_RESULT_TABLE_TAG, optimumResultLines, parContractTag, type DealAnalysisTags } from './pbn-analysis.ts';
import type { Contract, Seat, Vulnerability } from './types.ts';

/** One played board (or an unplayed deal) to write as a PBN game. */
export interface PbnExportGame {
  event: string;
  site?: string;
  date: Date;
  board: number;
  players?: Partial<Record<Seat, string>>;
  dealer: Seat;
  vulnerability: Vulnerability;
  deal: Deal | null;
  /** 'MP', 'IMP', ... */
  scoring?: string;
  contract?: Contract | null;
  declarer?: Seat | null;
  /** Declarer's tricks. */
  tricks?: number | null;
  /** North-South score, written as `Score "NS 420"`. */
  nsScore?: number | null;
  /** The director's artificial score: no contract, `ScorePercentage "NS 60 EW 40"`. */
  adjusted?: { ns: Adjustment; ew: Adjustment } | null;
  /** Where the board was played and by whom: the `Round`, `Table`, `PairNS` and `PairEW` tags. */
  round?: number | null;
  table?: number | null;
  nsPair?: number | null;
  ewPair?: number | null;
  /** The deal's double-dummy analysis: the `OptimumResultTable`, `OptimumScore` and `ParContract` tags. */
  analysis?: DealAnalysisTags | null;
}

/**
 * A PBN string token's content: one line of printing characters (PBN 2.1, 3.2), so line breaks and tabs become
 * spaces and other control characters are dropped; then `\` and `"` are escaped as the standard says.
 */
export function pbnString(value: string): string {
  const clean = value
    .replace(/[\t\n\r\u2028\u2029]/g, ' ')
    .replace(/[\0-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
  return `"${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const pbnDate = (date: Date) => `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`;

/**
 * Writes games as PBN 2.1 export format: the 15 mandatory tags in their order, then the supplemental tags
 * known for the game, sorted by name (PairEW, PairNS, Round, Score, ScorePercentage, Table).
 */
export function exportPbn(games: readonly PbnExportGame[], options: { adjustedPercentages?: Record<Adjustment, number> } = {}): string {
  const percentages = options.adjustedPercentages ?? DEFAULT_ADJUSTED_PERCENTAGES;
  const blocks = games.map((game) => {
    const adjusted = game.adjusted ?? null;
    const passedOut = !adjusted && game.contract?.level === 0;
    const tags: [string, string][] = [
      ['Event', game.event],
      ['Site', game.site ?? ''],
      ['Date', pbnDate(game.date)],
      ['Board', String(game.board)],
      ['West', game.players?.W ?? ''],
      ['North', game.players?.N ?? ''],
      ['East', game.players?.E ?? ''],
      ['South', game.players?.S ?? ''],
      ['Dealer', game.dealer],
      ['Vulnerable', game.vulnerability],
      ['Deal', game.deal ? formatDeal(game.deal, game.dealer) : ''],
      ['Scoring', game.scoring ?? ''],
      ['Declarer', adjusted || passedOut ? '' : (game.declarer ?? '')],
      ['Contract', !adjusted && game.contract ? formatContract(game.contract) : ''],
      ['Result', adjusted || passedOut || game.tricks == null ? '' : String(game.tricks)],
    ];
    // Sorted by name; a table tag carries its lines after it.
    const supplemental: [string, string, string[]?][] = [];
    if (game.analysis) {
      supplemental.push(['OptimumResultTable', '', optimumResultLines(game.analysis.tricks)]);
      supplemental.push(['OptimumScore', `NS ${game.analysis.par.score}`]);
    }
    if (game.ewPair != null) supplemental.push(['PairEW', String(game.ewPair)]);
    if (game.nsPair != null) supplemental.push(['PairNS', String(game.nsPair)]);
    if (game.analysis) supplemental.push(['ParContract', parContractTag(game.analysis.par.contracts)]);
    if (game.round != null) supplemental.push(['Round', String(game.round)]);
    if (!adjusted && game.nsScore != null) supplemental.push(['Score', `NS ${game.nsScore}`]);
    if (adjusted) supplemental.push(['ScorePercentage', `NS ${percentages[adjusted.ns]} EW ${percentages[adjusted.ew]}`]);
    if (game.table != null) supplemental.push(['Table', String(game.table)]);
    return [...tags, ...supplemental]
      .map(([name, value, lines]) => (lines ? [OPTIMUM_RESULT_TABLE_TAG, ...lines].join('\n') : `[${name} ${pbnString(value)}]`))
      .join('\n');
  });
  return `% PBN 2.1\n% EXPORT\n${blocks.join('\n\n')}\n`;
}
