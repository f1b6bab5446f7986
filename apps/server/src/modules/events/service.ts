import { randomBytes } from 'node:crypto';
import { dealerOf, formatDeal, randomDeal, vulnerabilityOf, type Seat, type Vulnerability } from '@bridge/engine';
import { messages, type CreateTournamentBody, type DealAnalysis } from '@bridge/api';
import { insertInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { TournamentRow, TournamentsTable, UserRow } from '../../db/schema.ts';
import type { RateLimits } from '../../config.ts';
import { withinLimit, type AttemptCounter } from '../../lib/attempts.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audits/service.ts';
import { announceQueuedDeals, findAnalyses, analysisKey, queueDeals } from '../analysis/service.ts';
import { planEvent, type EventPlan } from './movement.ts';
import * as repo from './repo.ts';

// The events module's door: an event's life (made, its deals, its round and clock, completed, deleted) and its
// lists. Other modules import this file only; the entries and results modules build on it (docs/architecture.md).

export { pairNames, planEvent, scoringMethodOf, seatPair, type EventPlan, type SeatPair } from './movement.ts';
export { dealsInPlayMessage, importDeals, setBoardDeal, type BoardsActedOn } from './deals.ts';
export {
  deleteEvent,
  exportEvents,
  listActiveEvents,
  listPastEvents,
  presentPastEvents,
  recentEvents,
  weeklyEvents,
  type AdminActor,
} from './lists.ts';
export { clockOf, createSession, listDirectedEvents, nextRound, phaseOf, presentDirectedEvent, setClock, type SessionInput } from './sessions.ts';
export { administerEvents, changeEvent, createEvent, eventByKey, organiserOrAdmin } from './policy.ts';
export { detailsJson } from './presenter.ts';
export type { EventRow, ScoreRow } from './repo.ts';

const KEY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no look-alikes (l, 1, o, 0)

/** A random event key of 10 characters (specification section 9). */
export const newEventKey = () => [...randomBytes(10)].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');

/** The event of this key, for the organiser and public routes (a 404 "Tournament not found" otherwise). */
export async function findTournament(db: Db, key: string): Promise<repo.EventRow> {
  const tournament = await repo.findEventByKey(db, key);
  if (!tournament) throw notFound('Tournament not found');
  return tournament;
}

/** What a completed event refuses to change, in its 409 message. */
export type Frozen = 'results' | 'players' | 'deals';

export const assertActive = (tournament: TournamentRow, what: Frozen = 'results') => {
  if (tournament.status !== 'active') throw conflict(`This event is complete; its ${what} can no longer change`);
};

/**
 * Locks the event's row for the rest of the transaction and answers it as it is now: every change of an event
 * (results, players, deals, completion) takes this lock first, so they run one after another, a change racing
 * `complete` sees the completed status, and one racing a delete finds no event (404) instead of a missing row.
 */
export async function lockActiveEvent(trx: Db, tournament: TournamentRow, what: Frozen): Promise<TournamentRow> {
  const current = await lockEvent(trx, tournament);
  assertActive(current, what);
  return current;
}

/** Locks the event for the rest of the transaction and answers it as it is now, complete or not (404 once deleted). */
export async function lockEvent(trx: Db, tournament: Pick<TournamentRow, 'id'>): Promise<TournamentRow> {
  const current = await repo.lockEvent(trx, tournament.id);
  if (!current) throw notFound(messages.eventNotFound);
  return current;
}

/**
 * Pairs are ranked by comparing results on the same board: a plan whose boards are each played once (a 4-pair
 * Howell cut to 3 rounds, say) would rank every pair equal at 0%. A sit-out (the phantom pair) plays nothing.
 */
function comparesABoard(plan: EventPlan): boolean {
  const phantom = plan.movement.phantomPair;
  const played = new Set<number>();
  for (const row of plan.rows) {
    if (phantom !== undefined && (row.ns === phantom || row.ew === phantom)) continue;
    for (const board of plan.boardsOf(row)) {
      if (played.has(board)) return true;
      played.add(board);
    }
  }
  return false;
}

/** The columns of a new event its maker chooses (the key, owner and completion are the platform's). */
export type NewEventValues = Omit<Insertable<TournamentsTable>, 'key' | 'organiserId' | 'xmlToken' | 'resultId' | 'completedAt'>;

/** The refusal of a plan whose boards are each played at one table only, or nothing when some board is compared. */
export function uncomparedPlan(plan: EventPlan, rounds: number): string | undefined {
  if (comparesABoard(plan)) return undefined;
  return `In ${rounds} round${rounds === 1 ? '' : 's'} this movement plays every board at one table only, so no result could be compared with another: play more rounds`;
}

/**
 * Writes a new event with its boards in one transaction: random events deal their boards now (and put them in line
 * for analysis), the others wait for their deals; the creation is audited with it.
 */
export async function insertNewEvent(
  db: Db,
  organiser: UserRow,
  values: NewEventValues,
  plan: EventPlan,
  audit: { action: string; ip: string; details?: Record<string, unknown> },
): Promise<TournamentRow> {
  const created = await db.transaction().execute(async (trx) => {
    const tournament = await repo.insertEvent(trx, {
      ...values,
      key: newEventKey(),
      organiserId: organiser.id,
      xmlToken: null,
      resultId: null,
      completedAt: null,
    });
    const boards = plan.boards.map((boardNo) => {
      const dealt = values.handMode === 'Random' ? randomDeal() : undefined;
      return {
        tournamentId: tournament.id,
        boardNo,
        deal: dealt ? formatDeal(dealt.deal) : null,
        dealIndex: dealt ? dealt.index.toString() : null,
        dealer: dealerOf(boardNo),
        vulnerability: vulnerabilityOf(boardNo),
      };
    });
    await insertInBatches(boards, (batch) => repo.insertBoards(trx, batch));
    await queueDeals(
      trx,
      tournament.id,
      boards.flatMap((b) => (b.deal ? [{ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }] : [])),
    );
    await recordAudit(trx, {
      action: audit.action,
      outcome: 'success',
      actorId: organiser.id,
      actorEmail: organiser.email,
      target: tournament.key,
      ip: audit.ip,
      ...(audit.details ? { details: audit.details } : {}),
    });
    return tournament;
  });
  announceQueuedDeals();
  return created;
}

/** What counts the events a user creates: the attempt counter and the limits. */
export type EventCreationLimits = { attempts: AttemptCounter; limits: RateLimits };

/**
 * Creates an event as one of the events its user may create a window, the organiser API and the director's console
 * counted together: past them, 429. An event refused for what was sent is not counted.
 */
export const createCounted = <T>(ctx: EventCreationLimits, user: UserRow, create: () => Promise<T>) =>
  withinLimit(ctx.attempts, `create-event:${user.id}`, { max: ctx.limits.eventCreation, windowMs: ctx.limits.eventCreationWindowMs }, create);

/** Creates an event with its movement; random events deal their boards now. */
export async function createTournament(db: Db, organiser: UserRow, body: CreateTournamentBody, ip: string) {
  const details = body.gameDetails;
  const plan = planEvent({ tables: body.tables, rounds: details.rounds, boardsPerRound: body.boardsPerRound, movementType: details.movementType });
  const refusal = uncomparedPlan(plan, details.rounds);
  if (refusal) throw badRequest(refusal);
  return insertNewEvent(
    db,
    organiser,
    {
      tables: body.tables,
      boardsPerRound: body.boardsPerRound,
      type: details.type,
      typeName: details.typeName,
      players: details.players,
      rounds: details.rounds,
      movementType: details.movementType,
      scoreType: details.scoreType,
      impMethod: details.scoreType === 'IMP' ? (details.impMethod ?? 'Cross') : null,
      handMode: details.handgeneratedModeAsString,
      liveTableEvent: details.liveTableEvent ?? false,
      kibitzersEnabled: details.kibtzersEnabled ?? false,
    },
    plan,
    { action: 'tournament.create', ip },
  );
}

/** One board of the hand records: its deal (null when not known) and its analysis (null while pending). */
export interface HandRecordBoard {
  board: number;
  dealer: Seat;
  vulnerability: Vulnerability;
  deal: string | null;
  analysis: DealAnalysis | null;
}

export interface HandRecords {
  key: string;
  name: string;
  /** The day the event was played (created). */
  date: Date;
  boards: HandRecordBoard[];
}

/** What the hand records print: every board of the event in order, with its deal and double-dummy analysis. */
export async function handRecords(db: Db, tournament: TournamentRow): Promise<HandRecords> {
  const boards = await repo.listBoards(db, tournament.id);
  const analyses = await findAnalyses(
    db,
    boards.flatMap((b) => (b.deal ? [{ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }] : [])),
  );
  return {
    key: tournament.key,
    name: tournament.typeName,
    date: tournament.createdAt,
    boards: boards.map((b) => ({
      board: b.boardNo,
      dealer: b.dealer,
      vulnerability: b.vulnerability,
      deal: b.deal,
      analysis: (b.deal && analyses.get(analysisKey({ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }))) || null,
    })),
  };
}

/** How many events each of these accounts organised (absent: none), for the admin's user list. */
export const countOrganisedEvents = (db: Db, userIds: readonly string[]) => repo.countOrganisedEvents(db, userIds);

// What other modules read of an event ----------------------------------------------------------------------------

/** The event of this key, or undefined (the video rooms answer their own "unknown table"). */
export const findEvent = (db: Db, key: string) => repo.findEventByKey(db, key);

/** The completed event whose USEBIO link carries this token. */
export async function findEventByXmlToken(db: Db, xmlToken: string) {
  const tournament = await repo.findEventByXmlToken(db, xmlToken);
  if (!tournament) throw notFound('No results file has that link');
  return tournament;
}

// What the modules above read and change of an event --------------------------------------------------------------

/** Changes an event's own columns (its round, clock or start), in the caller's transaction with the event locked. */
export const updateEvent = repo.updateEvent;

/** Marks the event complete with its results file's token, in the completion's transaction. */
export const markComplete = repo.markComplete;

/** The event's boards in order, with their deals (null when not known) and any analysis their PBN import carried. */
export const listBoards = (db: Db, tournamentId: string) => repo.listBoards(db, tournamentId);

/** A board of the event, or undefined when it does not play it. */
export const findBoard = (db: Db, tournamentId: string, boardNo: number) => repo.findBoard(db, tournamentId, boardNo);

/** The event's boards as a table deals them. */
export const listDeals = (db: Db, tournamentId: string) => repo.listDeals(db, tournamentId);

/** The keys of the online events in play (started, not complete): their tables run on the server. */
export const listOnlineEventsInPlay = async (db: Db): Promise<string[]> => (await repo.listOnlineEventsInPlay(db)).map((row) => row.key);

/** Deletes the events an account organised, in its deletion's transaction; answers their keys. */
export const deleteEventsOrganisedBy = (trx: Db, userId: string) => repo.deleteEventsOrganisedBy(trx, userId);

/** The keys of these events. */
export const keysOfEvents = (db: Db, tournamentIds: readonly string[]) => repo.keysOfEvents(db, tournamentIds);
