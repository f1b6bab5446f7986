import type { Seat } from '@bridge/engine';
import type { EventPlan } from './movement.ts';

/**
 * How many boards the event's schedule (the rounds it plays) gives each pair, by the engine's pair key (`NS3`,
 * `EW3`, or `3` with one winner): what IMP totals are factored to when a pair played fewer.
 */
export function scheduledBoards(plan: EventPlan): (key: string) => number | undefined {
  const counts = new Map<string, number>();
  for (const row of plan.rows) {
    const boards = plan.boardsOf(row).length;
    for (const [direction, pair] of [['NS', row.ns], ['EW', row.ew]] as const) {
      const key = plan.movement.winners === 2 ? `${direction}${pair}` : String(pair);
      counts.set(key, (counts.get(key) ?? 0) + boards);
    }
  }
  return (key) => counts.get(key);
}

type SeatedParticipant = { tableNo: number; side: number; names: string };

/**
 * The players at each seat of a traveller line. A pair is the two players who sat North and South (or East and
 * West) at its table in round 1; when it sits the other way later (a Howell), North's player takes East.
 */
export function seatsOf(plan: EventPlan, participants: readonly SeatedParticipant[]) {
  const firstRound = plan.rows.filter((r) => r.round === 1);
  const twoWinners = plan.movement.winners === 2;
  const playersOf = (direction: 'NS' | 'EW', pair: number): [string, string] => {
    const row = firstRound.find((r) => (twoWinners ? (direction === 'NS' ? r.ns === pair : r.ew === pair) : r.ns === pair || r.ew === pair));
    if (!row) return ['', ''];
    const [first, second] = (twoWinners ? direction === 'NS' : row.ns === pair) ? [0, 2] : [1, 3];
    const at = (side: number) => participants.find((p) => p.tableNo === row.table && p.side === side)?.names ?? '';
    return [at(first), at(second)];
  };
  return (nsPair: number, ewPair: number): Record<Seat, string> => {
    const [n, s] = playersOf('NS', nsPair);
    const [e, w] = playersOf('EW', ewPair);
    return { N: n, E: e, S: s, W: w };
  };
}
