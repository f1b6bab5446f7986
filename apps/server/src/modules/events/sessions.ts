import type { Movement } from '@bridge/engine';
import type { DealsChoice, ScoringChoice, SessionPhase } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import { recordChange } from '../audits/service.ts';
import { planEvent, scoringMethodOf } from './movement.ts';
import * as repo from './repo.ts';
import type { EventRow } from './repo.ts';
import { insertNewEvent, lockActiveEvent, uncomparedPlan } from './service.ts';

// A club session run from the director's console (modules/directing): made with a stored movement, then its round
// clock run and paused and its rounds moved on (its entries and start are the entries module's, its boards not
// played the results module's). Every change locks the event's row first, as the organiser's changes do, and is
// audited.

// Making a session -----------------------------------------------------------------------------------------------

export interface SessionInput {
  name: string;
  startsAt: string;
  pairs: number;
  minutesPerBoard: number;
  movement: Movement;
  movementName: string;
  boardsPerRound: number;
  scoring: ScoringChoice;
  deals: DealsChoice;
  showTravellers: boolean;
  online: boolean;
}

const HAND_MODE = { random: 'Random', pbn: 'Imported', 'by-hand': 'Imported' } as const;

/**
 * Creates a club session with its movement stored: one transaction with its boards (dealt now when random) and its
 * audit row, as the organiser API's events (service.ts `insertNewEvent`).
 */
export async function createSession(db: Db, organiser: UserRow, input: SessionInput, ip: string): Promise<TournamentRow> {
  const movement = input.movement;
  const plan = planEvent({
    tables: movement.tables,
    rounds: movement.rounds,
    boardsPerRound: input.boardsPerRound,
    movementType: 'Mitchell',
    movement,
  });
  const refusal = uncomparedPlan(plan, movement.rounds);
  if (refusal) throw fieldError('movement', refusal);
  return insertNewEvent(
    db,
    organiser,
    {
      tables: movement.tables,
      boardsPerRound: input.boardsPerRound,
      type: 1,
      typeName: input.name,
      players: input.pairs * 2,
      rounds: movement.rounds,
      movementType: movement.kind === 'howell' ? 'Howell' : 'Mitchell',
      scoreType: input.scoring === 'matchpoints' ? 'Match Point' : 'IMP',
      impMethod: input.scoring === 'matchpoints' ? null : input.scoring === 'butler' ? 'Butler' : 'Cross',
      handMode: HAND_MODE[input.deals],
      liveTableEvent: input.online,
      kibitzersEnabled: false,
      movement: JSON.stringify(movement),
      movementName: input.movementName,
      startsAt: input.startsAt,
      minutesPerBoard: input.minutesPerBoard,
      showTravellers: input.showTravellers,
    },
    plan,
    { action: 'direct.create', ip, details: { movement: input.movementName, pairs: input.pairs, scoring: input.scoring, deals: input.deals } },
  );
}

// Where an event stands ------------------------------------------------------------------------------------------

export const phaseOf = (t: TournamentRow): SessionPhase => (t.status === 'complete' ? 'complete' : t.startedAt ? 'play' : 'preparation');

export const scoringOf = (t: TournamentRow): ScoringChoice => scoringMethodOf(t);

/** The round clock: running since `roundStartedAt` (null when paused) plus the time run before its last pause. */
export function clockOf(t: TournamentRow, now: number = Date.now()) {
  return {
    running: t.roundStartedAt !== null,
    elapsedMs: t.roundElapsedMs + (t.roundStartedAt ? Math.max(0, now - t.roundStartedAt.getTime()) : 0),
    roundMs: t.boardsPerRound * Number(t.minutesPerBoard) * 60_000,
  };
}

/** An event as the console lists it; an event the organiser API made is named by its movement type. */
export function presentDirectedEvent(t: EventRow) {
  return {
    key: t.key,
    name: t.typeName,
    startsAt: t.startsAt?.toISOString() ?? null,
    phase: phaseOf(t),
    movementName: t.movementName ?? t.movementType,
    tables: t.tables,
    rounds: t.rounds,
    currentRound: t.currentRound,
    scoring: scoringOf(t),
    organiser: t.organiserNames,
  };
}

/** The most events the console lists in each call. */
const DIRECTED_EVENTS_LIMIT = 500;

/** An organiser's events (every event for an admin: `organiserId` null), newest first, by phase. */
export async function listDirectedEvents(db: Db, organiserId: string | null) {
  const rows = await repo.listDirectedEvents(db, organiserId, DIRECTED_EVENTS_LIMIT);
  const events = rows.map(presentDirectedEvent);
  return {
    preparation: events.filter((e) => e.phase === 'preparation'),
    play: events.filter((e) => e.phase === 'play'),
    complete: events.filter((e) => e.phase === 'complete'),
  };
}

// The round and its clock ------------------------------------------------------------------------------------------

const notStarted = () => conflict('The event has not started yet: start it first');

async function audit(trx: Db, user: UserRow, tournament: TournamentRow, action: string, ip: string, details: Record<string, unknown>) {
  await recordChange(trx, user, action, tournament.key, ip, details);
}

/** Runs or pauses the round clock; a pause keeps the time run so far. */
export async function setClock({ db, changes }: ChangeContext, user: UserRow, tournament: TournamentRow, running: boolean, ip: string) {
  const answer = await db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    if (!current.startedAt) throw notStarted();
    const now = Date.now();
    const clock = clockOf(current, now);
    if (clock.running !== running) {
      const values = running ? { roundStartedAt: new Date(now) } : { roundStartedAt: null, roundElapsedMs: Math.round(clock.elapsedMs) };
      await repo.updateEvent(trx, tournament.id, values);
      await audit(trx, user, tournament, 'direct.clock', ip, { round: current.currentRound, running, elapsedMs: Math.round(clock.elapsedMs) });
    }
    return { ...clock, running };
  });
  await changes.emit({ kind: 'clockChanged', key: tournament.key });
  return answer;
}

/** Moves play to the next round, its clock restarted from 0 and running; refuses past the movement's last round. */
export async function nextRound({ db, changes }: ChangeContext, user: UserRow, tournament: TournamentRow, ip: string): Promise<number> {
  const answer = await db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    if (!current.startedAt) throw notStarted();
    if (current.currentRound >= current.rounds)
      throw conflict(`Round ${current.currentRound} is the last round of this movement: complete the event instead`);
    const round = current.currentRound + 1;
    await repo.updateEvent(trx, tournament.id, { currentRound: round, roundStartedAt: new Date(), roundElapsedMs: 0 });
    await audit(trx, user, tournament, 'direct.next_round', ip, { round });
    return round;
  });
  await changes.emit({ kind: 'roundStarted', key: tournament.key, round: answer });
  return answer;
}
