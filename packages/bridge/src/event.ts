import { butlerImps, crossImps, type CrossImpDivisor } from './imps.ts';
import { matchpointBoard, topOf, type Adjustment, type BoardResult, type MatchpointScale } from './matchpoints.ts';
import { rankWithTies } from './ranking.ts';

/** One traveller line: who played the board and what it scored (NS side), or an adjusted score. */
export interface TravellerLine {
  board: number;
  nsPair: number;
  ewPair: number;
  result: BoardResult;
}

export type ScoringMethod = 'matchpoints' | 'cross-imps' | 'butler';

export interface EventScoringOptions {
  method: ScoringMethod;
  /** 2: NS and EW pairs are numbered and ranked apart (Mitchell). 1: one field (Howell). */
  winners: 1 | 2;
  scale?: MatchpointScale;
  crossImpDivisor?: CrossImpDivisor;
  butlerTrim?: number;
  /** IMPs for adjusted scores in IMP events (a setting; default +3 / 0 / -3). */
  adjustedImps?: Record<Adjustment, number>;
  /**
   * How many boards the event's full schedule gives a pair (by its key: `NS3`, `EW3`, or `3`), to factor IMP totals
   * of pairs that played fewer. Without it, the most boards any pair of the same field played.
   */
  scheduledBoards?: (key: string) => number | undefined;
}

export interface ScoredLine extends TravellerLine {
  /** Matchpoints or IMPs for each side. */
  ns: number;
  ew: number;
}

export interface PairResult {
  /** `NS3`, `EW3` in a two-winner event; `3` in a one-winner event. */
  key: string;
  direction: 'NS' | 'EW' | null;
  pair: number;
  boards: number;
  /** Matchpoints or IMPs summed over the boards played. */
  total: number;
  /** Sum of the tops of the boards played (matchpoints only). */
  tops: number;
  /** Matchpoint percentage; null for IMP scoring. */
  percentage: number | null;
  /**
   * IMP scoring: the total factored to the full schedule (total x scheduled boards / boards played), what pairs are
   * ranked by, as EBUScore and ScoreBridge do; equal to the total for a pair that played every board. Null for matchpoints.
   */
  factoredTotal: number | null;
  place: number;
  label: string;
}

export interface ScoredEvent {
  /** The lines with their points, in the order they were given. */
  lines: ScoredLine[];
  /** Ranked, best first; in a two-winner event NS then EW. */
  pairs: PairResult[];
  /** How many results each board was expected to have (Neuberg's N): the most any board had. */
  expectedPerBoard: number;
}

const DEFAULT_ADJUSTED_IMPS: Record<Adjustment, number> = { 'A+': 3, A: 0, 'A-': -3 };

/** A total scaled to the full schedule: total x scheduled / played (the total itself when every board was played). */
export function factoredTotal(total: number, played: number, scheduled: number): number {
  if (played <= 0 || scheduled === played) return total;
  return (total * scheduled) / played;
}

/**
 * Scores a whole pairs event from its traveller lines: every board by matchpoints (Neuberg for boards played
 * fewer times, adjusted scores left out of the comparison), cross-IMPs or Butler; then each pair's total,
 * percentage and place, with ties shown as `1=`.
 */
export function scoreEvent(lines: readonly TravellerLine[], options: EventScoringOptions): ScoredEvent {
  // Lines grouped by board, as indexes into `lines`, so the answer keeps the caller's order.
  const byBoard = new Map<number, number[]>();
  lines.forEach((line, index) => {
    const list = byBoard.get(line.board);
    if (list) list.push(index);
    else byBoard.set(line.board, [index]);
  });
  let expected = 0;
  for (const list of byBoard.values()) expected = Math.max(expected, list.length);
  const scale = options.scale ?? '2-1-0';
  const adjustedImps = options.adjustedImps ?? DEFAULT_ADJUSTED_IMPS;

  const scored: ScoredLine[] = new Array(lines.length);
  const tops = new Map<ScoredLine, number>();
  for (const indexes of byBoard.values()) {
    const list = indexes.map((i) => lines[i]!);
    if (options.method === 'matchpoints') {
      const points = matchpointBoard(
        list.map((l) => l.result),
        { scale, expected },
      );
      const top = topOf(expected, scale);
      indexes.forEach((index, i) => {
        const scoredLine = { ...lines[index]!, ns: points[i]!.ns, ew: points[i]!.ew };
        scored[index] = scoredLine;
        tops.set(scoredLine, top);
      });
      continue;
    }
    const nsScores = list.flatMap((l) => (l.result.kind === 'score' ? [l.result.nsScore] : []));
    const imps =
      nsScores.length === 0
        ? []
        : options.method === 'cross-imps'
          ? crossImps(nsScores, options.crossImpDivisor)
          : butlerImps(nsScores, options.butlerTrim).imps;
    let next = 0;
    for (const index of indexes) {
      const line = lines[index]!;
      if (line.result.kind === 'adjusted') {
        scored[index] = { ...line, ns: adjustedImps[line.result.ns], ew: adjustedImps[line.result.ew] };
      } else {
        const value = imps[next++]!;
        scored[index] = { ...line, ns: value, ew: 0 - value };
      }
    }
  }

  // Totals per pair, by direction in a two-winner event.
  const totals = new Map<string, PairResult>();
  const add = (direction: 'NS' | 'EW', pair: number, points: number, top: number) => {
    const key = options.winners === 2 ? `${direction}${pair}` : String(pair);
    const entry = totals.get(key) ?? {
      key,
      direction: options.winners === 2 ? direction : null,
      pair,
      boards: 0,
      total: 0,
      tops: 0,
      percentage: null,
      factoredTotal: null,
      place: 0,
      label: '',
    };
    entry.boards++;
    entry.total += points;
    entry.tops += top;
    totals.set(key, entry);
  };
  for (const line of scored) {
    const top = tops.get(line) ?? 0;
    add('NS', line.nsPair, line.ns, top);
    add('EW', line.ewPair, line.ew, top);
  }
  const all = [...totals.values()];
  if (options.method === 'matchpoints') for (const pair of all) pair.percentage = pair.tops === 0 ? 0 : (pair.total / pair.tops) * 100;

  const fields = options.winners === 2 ? [all.filter((p) => p.direction === 'NS'), all.filter((p) => p.direction === 'EW')] : [all];
  if (options.method !== 'matchpoints') {
    // Raw IMP totals are not comparable when pairs played different numbers of boards (a sit-out, a late
    // table): each total is scaled to the full schedule before ranking.
    for (const field of fields) {
      const most = Math.max(0, ...field.map((p) => p.boards));
      for (const pair of field) pair.factoredTotal = factoredTotal(pair.total, pair.boards, options.scheduledBoards?.(pair.key) ?? most);
    }
  }
  const pairs: PairResult[] = [];
  for (const field of fields) {
    const ranked = rankWithTies(field, (p) => p.percentage ?? p.factoredTotal ?? p.total);
    for (const { item, place, label } of ranked) pairs.push({ ...item, place, label });
  }
  return { lines: scored, pairs, expectedPerBoard: expected };
}
