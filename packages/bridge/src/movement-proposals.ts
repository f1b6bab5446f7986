/**
 * The movements that fit a number of pairs, for the director's new-event wizard: Mitchell (two winners, or one
 * with an arrow switch; a sit-out for an odd number of pairs), Howell and three-quarter Howell, and barometer.
 * Each proposal plays a session of about 2.5 to 3.5 hours: 20 to 30 boards, usually 24 to 28.
 */
import {
  arrowSwitchMitchell,
  barometer,
  howell,
  mitchell,
  mitchellWithSitOut,
  publishedHowell,
  stopAfterRound,
  threeQuarterHowell,
  type Movement,
} from './movements.ts';

/** One movement offered for a number of pairs, with the figures the director chooses by. */
export interface MovementProposal {
  id: string;
  name: string;
  description: string;
  movement: Movement;
  rounds: number;
  boardsPerRound: number;
  totalBoards: number;
  /** Expected duration: the boards at the club's pace plus a minute a round to move. */
  minutes: number;
  sitOut: boolean;
  winners: 1 | 2;
}

/** The club's settings for the proposals. */
export interface ProposalOptions {
  /** The club's pace; 7.5 minutes a board unless given. */
  minutesPerBoard?: number;
}

/** Minutes a round takes to move pairs and boards. */
export const MINUTES_TO_MOVE = 1;
const FEWEST_BOARDS = 20;
const MOST_BOARDS = 30;
const IDEAL_BOARDS = 26;

/** Boards a round (2 to 8) that give a session's length for `rounds` rounds, best first (at most `count`). */
function boardsPerRoundFor(rounds: number, count: number): number[] {
  const fits: number[] = [];
  for (let k = 2; k <= 8; k++) if (rounds * k >= FEWEST_BOARDS && rounds * k <= MOST_BOARDS) fits.push(k);
  return fits.sort((a, b) => Math.abs(rounds * a - IDEAL_BOARDS) - Math.abs(rounds * b - IDEAL_BOARDS) || b - a).slice(0, count);
}

/** A Mitchell for T tables played whole, or stopped early when whole it would be too long with 2 boards a round. */
function mitchellChoices(base: Movement): { movement: Movement; boardsPerRound: number }[] {
  const whole = boardsPerRoundFor(base.rounds, 2);
  if (whole.length > 0) return whole.map((boardsPerRound) => ({ movement: base, boardsPerRound }));
  return [3, 2]
    .map((k) => ({ k, rounds: Math.floor(28 / k) }))
    .filter(({ rounds }) => rounds < base.rounds)
    .map(({ k, rounds }) => ({ movement: stopAfterRound(base, rounds), boardsPerRound: k }));
}

/** The movements that fit `pairs` pairs (4 to 60), best first in each family. */
export function proposeMovements(pairs: number, options: ProposalOptions = {}): MovementProposal[] {
  if (!Number.isInteger(pairs) || pairs < 4 || pairs > 60) throw new RangeError(`Movements are proposed for 4 to 60 pairs, not ${pairs}`);
  const minutesPerBoard = options.minutesPerBoard ?? 7.5;
  if (!(minutesPerBoard > 0)) throw new RangeError(`Minutes per board must be more than 0, not ${minutesPerBoard}`);
  const sitOut = pairs % 2 === 1;
  const tables = Math.ceil(pairs / 2);
  const proposals: MovementProposal[] = [];
  const propose = (id: string, name: string, movement: Movement, boardsPerRound: number) => {
    const totalBoards = movement.rounds * boardsPerRound;
    proposals.push({
      id: `${id}-${movement.rounds}x${boardsPerRound}`,
      name,
      description: movement.description,
      movement,
      rounds: movement.rounds,
      boardsPerRound,
      totalBoards,
      minutes: totalBoards * minutesPerBoard + movement.rounds * MINUTES_TO_MOVE,
      sitOut,
      winners: movement.winners,
    });
  };

  // Mitchell needs 3 tables at least; with an even number of tables, a skip or a share-and-relay.
  if (tables >= 3) {
    const methods = tables % 2 === 0 ? (['skip', 'share-and-relay'] as const) : (['skip'] as const);
    for (const method of methods) {
      const base = sitOut ? mitchellWithSitOut(tables, method) : mitchell(tables, method);
      const suffix = method === 'share-and-relay' ? ', share-and-relay' : '';
      const choices = mitchellChoices(base);
      // Stopped early, the relay's extra round is never reached: the skip alone is proposed.
      if (method === 'share-and-relay' && choices.some(({ movement }) => movement !== base)) continue;
      for (const { movement, boardsPerRound } of choices) propose(`mitchell-${method}`, `Mitchell${suffix}`, movement, boardsPerRound);
      const first = choices[0];
      if (first) propose(`arrow-switch-${method}`, `Arrow-switch Mitchell${suffix}`, arrowSwitchMitchell(first.movement), first.boardsPerRound);
    }
  }

  // Howell: the standard table with physical boards up to 14 pairs, generated (boards duplicated) beyond.
  const fullHowell = pairs <= 14 ? publishedHowell(pairs) : howell(pairs);
  const howellBoards = boardsPerRoundFor(fullHowell.rounds, 2);
  for (const k of howellBoards) propose('howell', 'Howell', fullHowell, k);
  if (pairs >= 8) {
    const threeQuarter = threeQuarterHowell(pairs);
    const k = boardsPerRoundFor(threeQuarter.rounds, 1)[0];
    if (k !== undefined) propose('three-quarter-howell', 'Three-quarter Howell', threeQuarter, k);
  }

  // Barometer: the Howell's pairing while it fits a session, else a Mitchell's (one winner) stopped early.
  if (howellBoards[0] !== undefined) propose('barometer-howell', 'Barometer (Howell)', barometer(fullHowell), howellBoards[0]);
  else if (tables >= 3) {
    const base = arrowSwitchMitchell(sitOut ? mitchellWithSitOut(tables) : mitchell(tables));
    const { movement, boardsPerRound } = mitchellChoices(base)[0]!;
    propose('barometer-mitchell', 'Barometer (Mitchell)', barometer(movement), boardsPerRound);
  }
  return proposals;
}
