import { formatDeal, type Deal } from './deal.ts';
import { formatContract } from './pbn.ts';
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
}

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const pad = (n: number) => String(n).padStart(2, '0');
const pbnDate = (date: Date) => `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`;

/** Writes games as PBN 2.1: the 15 mandatory tags in their export order, then Score when known. */
export function exportPbn(games: readonly PbnExportGame[]): string {
  const blocks = games.map((game) => {
    const passedOut = game.contract?.level === 0;
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
      ['Declarer', passedOut ? '' : (game.declarer ?? '')],
      ['Contract', game.contract ? formatContract(game.contract) : ''],
      ['Result', passedOut || game.tricks == null ? '' : String(game.tricks)],
    ];
    if (game.nsScore != null) tags.push(['Score', `NS ${game.nsScore}`]);
    return tags.map(([name, value]) => `[${name} ${quote(value)}]`).join('\n');
  });
  return `% PBN 2.1\n% EXPORT\n${blocks.join('\n\n')}\n`;
}
