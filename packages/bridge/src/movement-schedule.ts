/**
 * A movement read one table or one pair at a time, as the printed cards show it: the table card lists each round's
 * pairs and boards at that table, the pair's guide card where the pair sits each round ("Round 1: table 3 NS,
 * boards 5-8"). Works from the rows alone, so it serves every movement: Mitchell (with a skip, share-and-relay, a
 * sit-out or an arrow switch), Howell, barometer and uploaded tables.
 */
import { boardsOfSet, type Movement, type MovementRow } from './movements.ts';

export type PairDirection = 'NS' | 'EW';

/** A pair as the results name it: with its direction in a two-winner movement (NS3, EW3), without in one (3). */
export interface PairId {
  direction: PairDirection | null;
  pair: number;
}

/** What the schedules need of a movement: its rows, winners and the pair number standing for "sits out". */
export type ScheduleMovement = Pick<Movement, 'winners' | 'rows' | 'phantomPair'>;

/** A round's boards: k boards a round from the row's set, or each row's own boards. */
export type BoardsOfRow = number | ((row: MovementRow) => number[]);

/** Where a pair is in a round. */
export interface PairRound {
  round: number;
  /** Whether the pair sits out this round (its opponents are the sit-out, or it has no place). */
  sitsOut: boolean;
  /** The table and the direction the pair sits; null when it sits out. */
  table: number | null;
  direction: PairDirection | null;
  /** The pair it plays; null when it sits out. */
  opponents: PairId | null;
  /** The boards it plays; none when it sits out. */
  boards: number[];
}

/** What happens at a table in a round. */
export interface TableRound {
  round: number;
  /** The pairs sitting North-South and East-West; null on the side of the sit-out, or when the table is not in play. */
  ns: PairId | null;
  ew: PairId | null;
  /** The boards of the table's set this round (they rest when a pair sits out). None when the table is not in play. */
  boards: number[];
  /** The pair that sits out at this table this round, when one side is the sit-out. */
  sitsOut: PairId | null;
  /** The movement gives this table no row this round (an uploaded table with fewer tables in some rounds). */
  idle: boolean;
}

/** `NS3`, `EW3`, or `3` in a one-winner movement. */
export const pairLabel = (pair: PairId): string => `${pair.direction ?? ''}${pair.pair}`;

/** Reads `NS3`, `EW3` or `3` back; null when it is none of them. */
export function parsePairLabel(label: string): PairId | null {
  const match = /^(NS|EW)?([1-9][0-9]*)$/.exec(label.trim());
  if (!match) return null;
  return { direction: (match[1] as PairDirection | undefined) ?? null, pair: Number(match[2]) };
}

const twoWinners = (movement: ScheduleMovement) => movement.winners === 2;

/** The sit-out's number: on the EW side in a two-winner movement (NS and EW numbers overlap), either side in one. */
const isPhantom = (movement: ScheduleMovement, side: 'ns' | 'ew', pair: number) =>
  movement.phantomPair !== undefined && pair === movement.phantomPair && (!twoWinners(movement) || side === 'ew');

const idOf = (movement: ScheduleMovement, side: 'ns' | 'ew', pair: number): PairId | null =>
  isPhantom(movement, side, pair) ? null : { direction: twoWinners(movement) ? (side === 'ns' ? 'NS' : 'EW') : null, pair };

const boardsFor = (boards: BoardsOfRow, row: MovementRow) => (typeof boards === 'number' ? boardsOfSet(row.set, boards) : boards(row));

/** The rounds of the movement, 1 to the last one its rows give. */
export function roundsOf(movement: ScheduleMovement): number[] {
  const last = movement.rows.reduce((most, row) => Math.max(most, row.round), 0);
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** The tables of the movement, 1 to the highest its rows give. */
export function tablesOf(movement: ScheduleMovement): number[] {
  const last = movement.rows.reduce((most, row) => Math.max(most, row.table), 0);
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** Every pair that plays, the sit-out left out: NS pairs then EW pairs in a two-winner movement, by number. */
export function pairsOf(movement: ScheduleMovement): PairId[] {
  const numbers = (side: 'ns' | 'ew') => movement.rows.flatMap((row) => (isPhantom(movement, side, row[side]) ? [] : [row[side]]));
  const sorted = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);
  if (twoWinners(movement)) {
    return [
      ...sorted(numbers('ns')).map((pair) => ({ direction: 'NS' as const, pair })),
      ...sorted(numbers('ew')).map((pair) => ({ direction: 'EW' as const, pair })),
    ];
  }
  return sorted([...numbers('ns'), ...numbers('ew')]).map((pair) => ({ direction: null, pair }));
}

/** Whether the row seats this pair, and on which side. */
function sideOf(movement: ScheduleMovement, row: MovementRow, pair: PairId): 'ns' | 'ew' | null {
  for (const side of ['ns', 'ew'] as const) {
    if (row[side] !== pair.pair || isPhantom(movement, side, row[side])) continue;
    if (!twoWinners(movement) || pair.direction === (side === 'ns' ? 'NS' : 'EW')) return side;
  }
  return null;
}

/** Where the pair sits, whom it plays and which boards, each round; the rounds it sits out marked. */
export function scheduleOfPair(movement: ScheduleMovement, pair: PairId, boards: BoardsOfRow): PairRound[] {
  return roundsOf(movement).map((round) => {
    let row: MovementRow | undefined;
    let side: 'ns' | 'ew' | null = null;
    for (const candidate of movement.rows) {
      if (candidate.round !== round) continue;
      side = sideOf(movement, candidate, pair);
      if (side) {
        row = candidate;
        break;
      }
    }
    const other = side === 'ns' ? 'ew' : 'ns';
    const opponents = row ? idOf(movement, other, row[other]) : null;
    if (!row || !side || !opponents) return { round, sitsOut: true, table: null, direction: null, opponents: null, boards: [] };
    return { round, sitsOut: false, table: row.table, direction: side === 'ns' ? 'NS' : 'EW', opponents, boards: boardsFor(boards, row) };
  });
}

/** Each round at the table: its North-South and East-West pairs and its boards, the pair that sits out marked. */
export function scheduleOfTable(movement: ScheduleMovement, table: number, boards: BoardsOfRow): TableRound[] {
  return roundsOf(movement).map((round) => {
    const row = movement.rows.find((r) => r.round === round && r.table === table);
    if (!row) return { round, ns: null, ew: null, boards: [], sitsOut: null, idle: true };
    const ns = idOf(movement, 'ns', row.ns);
    const ew = idOf(movement, 'ew', row.ew);
    return { round, ns, ew, boards: boardsFor(boards, row), sitsOut: ns && ew ? null : (ns ?? ew), idle: false };
  });
}

/** Boards as a card prints them: "5-8", "5", or runs "1-2, 7-8" when they are not in one run; "none" when empty. */
export function boardRange(boards: readonly number[]): string {
  const sorted = [...new Set(boards)].sort((a, b) => a - b);
  if (sorted.length === 0) return 'none';
  const runs: string[] = [];
  let start = sorted[0]!;
  let end = start;
  for (const board of sorted.slice(1)) {
    if (board === end + 1) {
      end = board;
      continue;
    }
    runs.push(start === end ? `${start}` : `${start}-${end}`);
    start = end = board;
  }
  runs.push(start === end ? `${start}` : `${start}-${end}`);
  return runs.join(', ');
}

/** A pair guide card's line: "Round 1: table 3 NS, boards 5-8", or "Round 4: sits out". */
export const pairRoundLine = (round: PairRound): string =>
  round.sitsOut
    ? `Round ${round.round}: sits out`
    : `Round ${round.round}: table ${round.table} ${round.direction}, boards ${boardRange(round.boards)}`;
