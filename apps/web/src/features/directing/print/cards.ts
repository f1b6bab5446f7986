import type { LiveView } from '@bridge/api';
import {
  pairLabel,
  pairsOf,
  scheduleOfPair,
  scheduleOfTable,
  tablesOf,
  type MovementRow,
  type PairId,
  type PairRound,
  type ScheduleMovement,
  type TableRound,
} from '@bridge/engine';

// The printed cards from the live view's grid (every round at every table, with its pairs and boards) read by the
// engine's schedules, as the server's PDF reads the event's plan.

export interface TableCardView {
  table: number;
  code: string | null;
  url: string | null;
  rounds: TableRound[];
}

export interface PairCardView {
  pair: PairId;
  label: string;
  names: string[];
  rounds: PairRound[];
}

type Grid = LiveView['grid'];

/**
 * The number standing for "sits out" in the grid's sit-out cells: on the EW side in a two-winner movement, else
 * the one number every sit-out cell holds (the missing pair meets a different pair each round), the higher when
 * a single round leaves it open.
 */
function phantomOf(grid: Grid, winners: 1 | 2): number | undefined {
  const sitOuts = grid.filter((cell) => cell.sitOut);
  if (sitOuts.length === 0) return undefined;
  const numbers = (cell: Grid[number]) => (winners === 2 ? [cell.ewPair] : [cell.nsPair, cell.ewPair]);
  const first = numbers(sitOuts[0]!);
  const common = first.filter((n) => sitOuts.every((cell) => numbers(cell).includes(n)));
  return Math.max(...(common.length > 0 ? common : first));
}

/** The grid as the engine's schedules read it, each row's boards as the grid gives them. */
export function scheduleOfGrid(view: Pick<LiveView, 'grid' | 'event'>): { movement: ScheduleMovement; boardsOf: (row: MovementRow) => number[] } {
  const boards = new Map(view.grid.map((cell) => [`${cell.round}:${cell.table}`, cell.boards.map((b) => b.board)]));
  const phantomPair = phantomOf(view.grid, view.event.winners);
  return {
    movement: {
      winners: view.event.winners,
      ...(phantomPair === undefined ? {} : { phantomPair }),
      rows: view.grid.map((cell) => ({ round: cell.round, table: cell.table, ns: cell.nsPair, ew: cell.ewPair, set: 0 })),
    },
    boardsOf: (row) => boards.get(`${row.round}:${row.table}`) ?? [],
  };
}

/** Each table's card: its code and phone address from the table codes, its rounds from the grid. */
export function tableCardsOf(
  view: Pick<LiveView, 'grid' | 'event'>,
  codes: readonly { table: number; code: string; url: string }[],
): TableCardView[] {
  const { movement, boardsOf } = scheduleOfGrid(view);
  const byTable = new Map(codes.map((c) => [c.table, c]));
  return tablesOf(movement).map((table) => ({
    table,
    code: byTable.get(table)?.code ?? null,
    url: byTable.get(table)?.url ?? null,
    rounds: scheduleOfTable(movement, table, boardsOf),
  }));
}

/** Each pair's guide: its players' names from the entries, where it plays each round from the grid. */
export function pairCardsOf(view: Pick<LiveView, 'grid' | 'event' | 'entries'>): PairCardView[] {
  const { movement, boardsOf } = scheduleOfGrid(view);
  const names = new Map(view.entries.map((entry) => [entry.pair, entry.players.map((p) => p.name)]));
  return pairsOf(movement).map((pair) => {
    const label = pairLabel(pair);
    return { pair, label, names: names.get(label) ?? [], rounds: scheduleOfPair(movement, pair, boardsOf) };
  });
}
