import { nsScore, scoreEvent, type TravellerLine, type Vulnerability } from '@bridge/engine';
import type { PairStanding, PlayedResult, ResultLine } from '@bridge/api';
import type { BoardResultRow, TournamentRow } from '../../db/schema.ts';
import { pairNames, scoringMethodOf, type EventPlan } from '../events/service.ts';

// How an event's lines score: Law 77 for a played board, the engine's matchpoints or IMPs across a board's lines,
// and the pairs' standings from them.

// The interchange files (USEBIO, PBN): the event's rows read from the repo and fed to the engine's writers.

/**
 * How many boards the event's schedule (the rounds it plays) gives each pair, by the engine's pair key (`NS3`,
 * `EW3`, or `3` with one winner): what IMP totals are factored to when a pair played fewer.
 */
export function scheduledBoards(plan: EventPlan): (key: string) => number | undefined {
  const counts = new Map<string, number>();
  for (const row of plan.rows) {
    const boards = plan.boardsOf(row).length;
    for (const [direction, pair] of [
      ['NS', row.ns],
      ['EW', row.ew],
    ] as const) {
      const key = plan.movement.winners === 2 ? `${direction}${pair}` : String(pair);
      counts.set(key, (counts.get(key) ?? 0) + boards);
    }
  }
  return (key) => counts.get(key);
}

/** A stored result as the engine scores it: a played score, or the director's adjusted score. */
export const travellerLineOf = (r: BoardResultRow): TravellerLine => ({
  board: r.boardNo,
  nsPair: r.nsPair,
  ewPair: r.ewPair,
  result: r.adjustedNs && r.adjustedEw ? { kind: 'adjusted', ns: r.adjustedNs, ew: r.adjustedEw } : { kind: 'score', nsScore: r.nsScore },
});

/** The North-South score of a played board by Law 77 with the board's vulnerability; a passed-out board scores 0. */
export const scoreOfPlay = (
  play: Pick<PlayedResult, 'kind' | 'contract' | 'declarer' | 'tricks'> | { kind: 'passedOut' },
  vulnerability: Vulnerability,
): number => (play.kind === 'passedOut' ? 0 : nsScore(play.contract, play.declarer, play.tricks, vulnerability));

/** A stored line as a traveller shows it, with its matchpoints or IMPs. */
export const presentLine = (r: BoardResultRow, scored: { ns: number; ew: number }): ResultLine => ({
  round: r.round,
  table: r.tableNo,
  nsPair: r.nsPair,
  ewPair: r.ewPair,
  contract: { level: r.level, strain: r.strain, doubled: r.doubled },
  declarer: r.declarer,
  tricks: r.tricks,
  nsScore: r.nsScore,
  adjusted: r.adjustedNs && r.adjustedEw ? { ns: r.adjustedNs, ew: r.adjustedEw } : null,
  ns: scored.ns,
  ew: scored.ew,
});

/**
 * The pairs' standings from the lines posted so far, with their players' names: the results page's ranking and the
 * director's provisional one. `scored.lines` follow `results`' order.
 */
export function standingsOf(
  tournament: TournamentRow,
  plan: EventPlan,
  results: readonly BoardResultRow[],
  seats: readonly { tableNo: number; side: number; names: string }[],
): { scored: ReturnType<typeof scoreEvent>; pairs: PairStanding[] } {
  const scored = scoreEvent(results.map(travellerLineOf), {
    method: scoringMethodOf(tournament),
    winners: plan.movement.winners,
    scheduledBoards: scheduledBoards(plan),
  });
  const namesOf = pairNames(plan, seats);
  const pairs = scored.pairs.map((p) => ({
    key: p.key,
    direction: p.direction,
    pair: p.pair,
    names: namesOf(p.direction, p.pair).map((n) => n.name),
    boards: p.boards,
    total: p.total,
    factoredTotal: p.factoredTotal,
    tops: p.tops,
    percentage: p.percentage,
    place: p.place,
    label: p.label,
  }));
  return { scored, pairs };
}
