import type { MovementRow } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import { planEvent, seatPair, type EventPlan, type SeatPair } from '../events/service.ts';
import * as repo from './repo.ts';

// Where the movement puts each player now (docs/decisions/027). Participants hold their round-1 seat (table and
// side, 0-3 for North, East, South, West); the movement moves their pair; the round in play decides the table.

export type SeatLetter = 'N' | 'E' | 'S' | 'W';

type EventShape = Parameters<typeof planEvent>[0] & { id: string; startedAt: Date | null; currentRound: number };

/**
 * The round in play: in a session the director runs from the console, the round the director moved it to; in an
 * event fed by the organiser API, the first round whose results are not all in (every board of every table of the
 * round), or the last round once all are in.
 */
export async function roundInPlay(db: Db, tournament: EventShape, plan: EventPlan): Promise<number> {
  if (tournament.startedAt) return tournament.currentRound;
  return firstIncompleteRound(plan, tournament.rounds, await repo.countResultsByRound(db, tournament.id));
}

/** The first round whose results are not all in, or the last round once all are in. */
export function firstIncompleteRound(plan: EventPlan, rounds: number, resultsByRound: ReadonlyMap<number, number>): number {
  for (let round = 1; round <= rounds; round++) {
    const expected = plan.rows.filter((row) => row.round === round).reduce((sum, row) => sum + plan.boardsOf(row).length, 0);
    if ((resultsByRound.get(round) ?? 0) < expected) return round;
  }
  return rounds;
}

/** The row of a round where a pair sits, or undefined when it sits out. */
const rowOfPair = (plan: EventPlan, round: number, pair: SeatPair): MovementRow | undefined =>
  plan.rows.find(
    (r) =>
      r.round === round &&
      (pair.direction === 'NS'
        ? r.ns === pair.pairNo
        : pair.direction === 'EW'
          ? r.ew === pair.pairNo
          : r.ns === pair.pairNo || r.ew === pair.pairNo),
  );

/**
 * Where a round-1 seat sits in a round: the table and the seat. A pair's first player (North or East in round 1)
 * takes North or East, its second South or West; in a Howell a pair may sit the other way round later.
 */
export function placeInRound(plan: EventPlan, round: number, seat: { tableNo: number; side: number }): { table: number; seat: SeatLetter } | null {
  const pair = seatPair(plan, seat.tableNo, seat.side);
  if (!pair) return null;
  const row = rowOfPair(plan, round, pair);
  if (!row) return null;
  const sitsNs = pair.direction ? pair.direction === 'NS' : row.ns === pair.pairNo;
  const first = seat.side < 2;
  return { table: row.table, seat: sitsNs ? (first ? 'N' : 'S') : first ? 'E' : 'W' };
}

const SIDE_LETTERS: readonly SeatLetter[] = ['N', 'E', 'S', 'W'];

/**
 * Where each of a player's seats puts them in the round in play, and that round. A stored shape that no longer makes
 * a movement keeps the players at the table they were given, as in a first round.
 */
export async function placesNow(
  db: Db,
  tournament: EventShape,
  seats: { tableNo: number; side: number }[],
): Promise<{ table: number; seat: SeatLetter; round: number }[]> {
  let plan: EventPlan;
  try {
    plan = planEvent(tournament);
  } catch {
    return seats.flatMap((s) => {
      const seat = SIDE_LETTERS[s.side];
      return seat ? [{ table: s.tableNo, seat, round: 1 }] : [];
    });
  }
  const round = await roundInPlay(db, tournament, plan);
  return seats.flatMap((seat) => {
    const place = placeInRound(plan, round, seat);
    return place ? [{ ...place, round }] : [];
  });
}

/**
 * Who sits at each seat of every table in a round, from the participants' round-1 seats: each participant placed
 * once, whatever the number of tables. A seat nobody holds is absent; a table nobody sits at too.
 */
export function playersByTable<P extends { tableNo: number; side: number }>(
  plan: EventPlan,
  participants: readonly P[],
  round: number,
): Map<number, Partial<Record<SeatLetter, P>>> {
  const tables = new Map<number, Partial<Record<SeatLetter, P>>>();
  for (const participant of participants) {
    const place = placeInRound(plan, round, participant);
    if (!place) continue;
    let seated = tables.get(place.table);
    if (!seated) tables.set(place.table, (seated = {}));
    seated[place.seat] ??= participant;
  }
  return tables;
}
