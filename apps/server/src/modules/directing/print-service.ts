import { pairsOf, scheduleOfPair, scheduleOfTable, tablesOf, type ScheduleMovement } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { planEvent, type EventPlan } from '../events/service.ts';
import { pairNamesOfEvent } from '../entries/service.ts';
import { listTableCodes } from '../tables/service.ts';
import type { CardsHeading, PairCard, TableCard } from './cards-pdf.ts';

// What the printed cards hold, read from the event's plan (its stored movement when it has one, the rounds it
// plays) and, for the table cards, its table codes.

/** The rows the event plays, as the engine's schedules read them. */
const scheduleOf = (plan: EventPlan): ScheduleMovement => ({
  winners: plan.movement.winners,
  phantomPair: plan.movement.phantomPair,
  rows: plan.rows,
});

function headingOf(tournament: TournamentRow, plan: EventPlan): CardsHeading {
  return {
    key: tournament.key,
    name: tournament.typeName,
    date: tournament.startsAt ?? tournament.createdAt,
    movement: tournament.movementName ?? plan.movement.description,
  };
}

/** Each table's card: its code and phone address (made on first ask; none at an online event), and its rounds. */
export async function tableCards(db: Db, tournament: TournamentRow, publicUrl: string): Promise<{ heading: CardsHeading; cards: TableCard[] }> {
  const plan = planEvent(tournament);
  const movement = scheduleOf(plan);
  const codes = new Map((tournament.liveTableEvent ? [] : await listTableCodes(db, tournament, publicUrl)).map((c) => [c.table, c]));
  const tables = tablesOf(movement);
  return {
    heading: headingOf(tournament, plan),
    cards: tables.map((table) => ({
      table,
      code: codes.get(table)?.code ?? null,
      url: codes.get(table)?.url ?? null,
      rounds: scheduleOfTable(movement, table, plan.boardsOf),
    })),
  };
}

/** Each pair's guide: its players' names when entered, and where it plays each round. */
export async function pairGuides(db: Db, tournament: TournamentRow): Promise<{ heading: CardsHeading; cards: PairCard[] }> {
  const plan = planEvent(tournament);
  const movement = scheduleOf(plan);
  const namesOf = await pairNamesOfEvent(db, tournament);
  return {
    heading: headingOf(tournament, plan),
    cards: pairsOf(movement).map((pair) => ({
      pair,
      names: namesOf(pair.direction, pair.pair).map((p) => p.name),
      rounds: scheduleOfPair(movement, pair, plan.boardsOf),
    })),
  };
}
