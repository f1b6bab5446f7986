import { boardsOfSet, howell, mitchell, publishedHowell, type Movement, type MovementRow, type ScoringMethod } from '@bridge/engine';
import type { TournamentRow } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

export interface EventPlan {
  movement: Movement;
  /** The rows played: the movement's first `rounds` rounds. */
  rows: MovementRow[];
  boards: number[];
  boardsOf(row: MovementRow): number[];
}

type PlanShape = Pick<TournamentRow, 'tables' | 'rounds' | 'boardsPerRound' | 'movementType'> & { movement?: TournamentRow['movement'] };

/**
 * The movement an event plays: the one stored with it (chosen in the director's wizard or uploaded), else from its
 * table count and game details (BRIDGE.md numbering): Mitchell NS pairs 1..T and EW pairs 1..T (a skip when T is
 * even); Howell with 2T pairs from the published tables where they exist, generated beyond.
 */
export function planEvent(t: PlanShape): EventPlan {
  if (t.movement) return planOf(t.movement, t.rounds, t.boardsPerRound);
  // Every result posted needs the plan, and a generated Howell is costly to build: plans are pure functions of
  // these four values, so they are kept (a few hundred distinct shapes at most; the oldest go first).
  const cacheKey = `${t.movementType}:${t.tables}:${t.rounds}:${t.boardsPerRound}`;
  const cached = planCache.get(cacheKey);
  if (cached) return cached;
  const plan = buildPlan(t);
  // Shared between requests: frozen so a caller that sorts or edits them fails loudly instead of corrupting others.
  Object.freeze(plan.rows);
  Object.freeze(plan.boards);
  if (planCache.size >= PLAN_CACHE_SIZE) planCache.delete(planCache.keys().next().value!);
  planCache.set(cacheKey, plan);
  return plan;
}

const PLAN_CACHE_SIZE = 256;
const planCache = new Map<string, EventPlan>();

function buildPlan(t: PlanShape): EventPlan {
  let movement: Movement;
  if (t.movementType === 'Mitchell') {
    if (t.tables < 2) throw badRequest('A Mitchell needs at least 2 tables');
    movement = mitchell(t.tables, 'skip');
  } else {
    const pairs = t.tables * 2;
    if (pairs < 4) throw badRequest('A Howell needs at least 2 tables');
    movement = pairs <= 14 ? publishedHowell(pairs) : howell(pairs);
  }
  return planOf(movement, t.rounds, t.boardsPerRound);
}

function planOf(movement: Movement, rounds: number, boardsPerRound: number): EventPlan {
  if (rounds > movement.rounds) throw badRequest(`This movement has ${movement.rounds} rounds; ${rounds} were asked for`);
  const rows = movement.rows.filter((row) => row.round <= rounds);
  const boardsOf = (row: MovementRow) => boardsOfSet(row.set, boardsPerRound);
  const boards = [...new Set(rows.flatMap(boardsOf))].sort((a, b) => a - b);
  return { movement, rows, boards, boardsOf };
}

export interface SeatPair {
  key: string;
  direction: 'NS' | 'EW' | null;
  pairNo: number;
}

/**
 * The pair a seat belongs to, as `pairNames` reads it: at table t in round 1, North and South are one pair and
 * East and West the other. Null for a blank seat, a kibitzer, or a table the movement does not have.
 */
export function seatPair(plan: EventPlan, tableNo: number, side: number): SeatPair | null {
  if (side < 0 || side > 3) return null;
  const row = plan.rows.find((r) => r.round === 1 && r.table === tableNo);
  if (!row) return null;
  const ns = side % 2 === 0;
  const pairNo = ns ? row.ns : row.ew;
  // The engine keys pairs `NS3` / `EW3` when each direction has its own winner, `3` otherwise.
  if (plan.movement.winners === 2) {
    const direction = ns ? 'NS' : 'EW';
    return { key: `${direction}${pairNo}`, direction, pairNo };
  }
  return { key: String(pairNo), direction: null, pairNo };
}

export const scoringMethodOf = (t: TournamentRow): ScoringMethod =>
  t.scoreType === 'Match Point' ? 'matchpoints' : t.impMethod === 'Butler' ? 'butler' : 'cross-imps';

type SeatedNames = { tableNo: number; side: number; names: string };

/**
 * Names of each pair by its starting seats: at table t in round 1, North and South are one pair, East and
 * West the other.
 */
export function pairNames(plan: ReturnType<typeof planEvent>, participants: readonly SeatedNames[]) {
  const firstRound = plan.rows.filter((r) => r.round === 1);
  return (direction: 'NS' | 'EW' | null, pair: number): { name: string }[] => {
    const row = firstRound.find((r) => (direction === 'EW' ? r.ew === pair : direction === 'NS' ? r.ns === pair : r.ns === pair || r.ew === pair));
    if (!row) return [];
    const sides = (direction ?? (row.ns === pair ? 'NS' : 'EW')) === 'NS' ? [0, 2] : [1, 3];
    return participants.filter((p) => p.tableNo === row.table && sides.includes(p.side)).map((p) => ({ name: p.names }));
  };
}
