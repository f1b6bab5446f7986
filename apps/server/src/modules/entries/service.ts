import type { FastifyRequest } from 'fastify';
import { messages, ParticipantFilters, seatNameOfSide, type AdminParticipant, type ScoreData, type ScoreEntry } from '@bridge/api';
import { insertInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/database.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Refusal } from '../../lib/policy.ts';
import { pages, parseQuery, sideName, table, when, yesNo, type Column, type Table } from '../../lib/exports/writers.ts';
import { recordChange } from '../audits/service.ts';
import {
  assertActive,
  deleteEventsOrganisedBy,
  eventByKey,
  findEvent,
  keysOfEvents,
  lockActiveEvent,
  pairNames,
  planEvent,
  presentPastEvents,
  seatPair,
  type EventRow,
} from '../events/service.ts';
import { presentParticipant } from './presenter.ts';
import * as repo from './repo.ts';

// The entries module's door: who plays in an event (participants, pairs, guests, bots), where the movement seats
// them now, and a player's own events. Other modules import this file only.

export {
  entriesOf,
  listEntries,
  movementPairs,
  setEntries,
  startSession,
  type EntryInput,
  type EntryPlayerInput,
  type MovementPair,
} from './club-entries.ts';
export { firstIncompleteRound, placeInRound, placesNow, playersByTable, roundInPlay, type SeatLetter } from './seating.ts';
export type { ParticipantRow } from './repo.ts';

// The changes below trust their caller: the route's policy (event.change, policy.ts) allowed this user on this event.
export interface ParticipantInput {
  email?: string;
  names?: string;
  table: number;
  side: number;
  isBot: boolean;
}

/**
 * Seats players by email (bots by name); refuses a seat taken twice, changing nothing. An email with no account
 * is seated all the same and the answer is the same either way. A seat shows the name the organiser gave, else
 * the account's name (the name players show on results), else the address's local part; never the account's
 * phone (decision 018).
 */
export async function addParticipants(db: Db, user: UserRow, tournament: TournamentRow, participants: ParticipantInput[], ip: string) {
  assertActive(tournament, 'players');
  for (const p of participants) {
    if (p.table > tournament.tables) throw badRequest(`Table ${p.table} does not exist: this event has ${tournament.tables} tables`);
  }
  const seats = new Set<string>();
  for (const p of participants) {
    if (p.side < 0 || p.side > 3) continue;
    const seat = `${p.table}/${p.side}`;
    if (seats.has(seat)) throw badRequest(`Table ${p.table}, ${seatNameOfSide(p.side)} is given twice`);
    seats.add(seat);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await lockActiveEvent(trx, tournament, 'players');
      const emails = [...new Set(participants.flatMap((p) => (p.isBot || !p.email ? [] : [p.email])))];
      const accounts = new Map<string, { id: string; names: string }>();
      await insertInBatches(
        emails.map((email) => ({ email })),
        async (batch) => {
          const found = await repo.findAccountsByEmail(
            trx,
            batch.map((b) => b.email),
          );
          for (const account of found) accounts.set(account.email, account);
        },
      );
      const rows = participants.map((p) => {
        // A guest has a name and no email: no account, shown on the results by that name.
        const email = p.isBot ? undefined : p.email;
        const account = email ? accounts.get(email) : undefined;
        return {
          tournamentId: tournament.id,
          userId: account?.id ?? null,
          names: p.names || account?.names || (email ? email.split('@')[0]! : ''),
          email: email ?? null,
          tableNo: p.table,
          side: p.side,
          isBot: p.isBot,
        };
      });
      await insertInBatches(rows, (batch) => repo.insertParticipants(trx, batch));
      await recordChange(trx, user, 'tournament.participants', tournament.key, ip, { count: rows.length });
      return rows.length;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw badRequest('A seat you gave is already taken at that table');
    throw error;
  }
}

/**
 * What deleting an account does to events, in the deletion's transaction before the user row goes: the events it
 * organised are deleted (their seats, boards and results with them), and its seats in other organisers' events
 * keep the name, so those results still read right, but lose the account and its email address.
 */
export async function forgetAccount(db: Db, userId: string): Promise<{ eventsDeleted: number; deletedKeys: string[]; changedKeys: string[] }> {
  const deletedKeys = await deleteEventsOrganisedBy(db, userId);
  const changedKeys = await keysOfEvents(db, await repo.forgetSeats(db, userId));
  return { eventsDeleted: deletedKeys.length, deletedKeys, changedKeys };
}

/** The ids of the accounts seated in the organiser's complete events: whom their director search knows (decision 058). */
export async function playersOfOrganiser(db: Db, organiserId: string): Promise<string[]> {
  return (await repo.listPlayersOfOrganiser(db, organiserId)).flatMap((row) => (row.userId ? [row.userId] : []));
}

/**
 * One event of a user's own (organised or played in) with its participants and scoreData, for the user console.
 * Anyone else's event is "not found", not "forbidden": the console never learns that it exists.
 */
export async function findOwnEvent(db: Db, userId: string, key: string) {
  const event = await findEvent(db, key);
  const organiser = event?.organiserId === userId;
  if (!event || (!organiser && !(await repo.hasSeat(db, event.id, userId)))) throw notFound(messages.eventNotFound);
  const [record] = await presentPastEvents(db, [event]);
  const seats = await repo.listParticipants(db, event.id, {});
  // Nobody reads another player's phone; a player reads only names of the others (the organiser also the
  // emails they seated), and their own details.
  const participants = seats.map((p) => {
    const shown = presentParticipant(event.key, p);
    if (p.userId === userId) return shown;
    return { ...shown, userData: { names: p.names, email: organiser ? p.email : null, contact: null } };
  });
  // While the event is in play a player sees only the lines their own pair played, not the boards still to come; an
  // organiser who plays in it too is such a player (decision 057).
  const own = seats.filter((p) => p.userId === userId);
  const plays = own.some((p) => p.side >= 0 && p.side <= 3);
  const scoreData = (organiser && !plays) || event.status === 'complete' ? record!.scoreData : ownLines(event, record!.scoreData, own);
  return { ...record!, scoreData, status: event.status, participants };
}

/** The lines of scoreData played by the pairs of these seats (round 1 seats, as `seatPair` reads them). */
function ownLines(event: EventRow, scoreData: ScoreData, seats: repo.ParticipantRow[]): ScoreData {
  let plan;
  try {
    plan = planEvent(event);
  } catch {
    return {};
  }
  const pairs = seats.flatMap((s) => seatPair(plan, s.tableNo, s.side) ?? []);
  const plays = (entry: ScoreEntry) =>
    pairs.some((p) => (p.direction !== 'EW' && entry.ns === p.pairNo) || (p.direction !== 'NS' && entry.ew === p.pairNo));
  const own: ScoreData = {};
  for (const [round, boards] of Object.entries(scoreData)) {
    for (const [board, tables] of Object.entries(boards)) {
      for (const [table, entry] of Object.entries(tables)) {
        if (plays(entry)) ((own[round] ??= {})[board] ??= {})[table] = entry;
      }
    }
  }
  return own;
}

// Participants -------------------------------------------------------------------------------------------------

export async function listParticipants(db: Db, filters: ParticipantFilters): Promise<AdminParticipant[]> {
  const event = await findEvent(db, filters.key);
  if (!event) throw notFound(messages.eventNotFound);
  return (await repo.listParticipants(db, event.id, filters)).map((row) => presentParticipant(event.key, row));
}

/** The `participants` export: one event's seats. */
export async function exportParticipants(db: Db, query: unknown): Promise<Table> {
  const filters = parseQuery(ParticipantFilters, query);
  const event = await findEvent(db, filters.key);
  if (!event) throw notFound(messages.eventNotFound);
  const columns: Column<repo.ParticipantRow>[] = [
    { header: 'Name', width: 24, value: (r) => r.names },
    { header: 'Email', width: 28, value: (r) => r.email },
    { header: 'Contact', width: 16, value: (r) => r.contact },
    { header: 'Table', width: 9, value: (r) => `Table ${r.tableNo}` },
    { header: 'Table Side', width: 10, value: (r) => sideName(r.side) },
    { header: 'Bot', width: 6, value: (r) => yesNo(r.isBot) },
    { header: 'Registered At', width: 17, value: (r) => when(r.registeredAt) },
    { header: 'Created At', width: 17, value: (r) => when(r.createdAt) },
    { header: 'Updated At', width: 17, value: (r) => when(r.editedAt) },
  ];
  // An event's participants are a few hundred at most: one read.
  return table(
    `participants-${event.key}`,
    `Participants of ${event.key}`,
    columns,
    pages(async () => ({ rows: await repo.listParticipants(db, event.id, filters), lastDocId: null })),
  );
}

/** The events in play where a user has a seat at a table, oldest first. */
export const eventsInPlaySeating = (db: Db, userId: string) => repo.listEventsInPlaySeating(db, userId);

/** A user's seats at one event. */
export const seatsOfUser = (db: Db, tournamentId: string, userId: string) => repo.findSeats(db, tournamentId, userId);

/**
 * The refusal of a view of other tables or of deals to an organiser or admin who plays in the event, until it is
 * complete (decision 057): while it is in play they are a player, and see what a player sees.
 */
export const playingDirectorMessage = 'You play in this event: until it is complete you see only your own table, as every player does';

/** Whether the user holds a player's seat in the event (sides 0-3; a participant with another side kibitzes). */
export const playsInEvent = async (db: Db, tournamentId: string, userId: string): Promise<boolean> =>
  (await repo.findSeats(db, tournamentId, userId)).some((seat) => seat.side >= 0 && seat.side <= 3);

/** The names of each pair of the event by its round-1 seats (`namesOf('NS', 3)`), as the printed cards show them. */
export async function pairNamesOfEvent(db: Db, tournament: TournamentRow) {
  return pairNames(planEvent(tournament), await repo.listAllParticipants(db, tournament.id));
}

/** An event's seats by table and side: who sits where in round 1, by name. */
export const listSeatNames = (db: Db, tournamentId: string) => repo.listSeatNames(db, tournamentId);

/** Every seat of an event, as stored. */
export const listAllParticipants = (db: Db, tournamentId: string) => repo.listAllParticipants(db, tournamentId);

/** An event's participants as the tables seat them: their round-1 seat, account, names and whether a robot. */
export const listSeatedParticipants = (db: Db, tournamentId: string) => repo.listSeatedParticipants(db, tournamentId);

/** The seated accounts that agreed to the results mail of a completion (decision 058), with their address now. */
export const listSeatedAccounts = (db: Db, tournament: { id: string; organiserId: string }) => repo.listSeatedAccounts(db, tournament);

// The routes' subjects with the caller's seat ----------------------------------------------------------------------

/** An event with whether the caller holds a player's seat in it. */
export type EventForCaller = EventRow & { callerPlays: boolean };

/**
 * The refusal of a view of other tables to an organiser or admin who plays in the event, from its start until it is
 * complete (decision 057): the live view, the table codes and the printed table cards. Before the start they set
 * the event up (and print its cards) as its director.
 */
export const playsWhileInPlay = (event: EventForCaller): Refusal =>
  event.callerPlays && event.startedAt !== null && event.status !== 'complete' ? forbidden(playingDirectorMessage) : undefined;

/** The event named by the route's `:key`, and whether the signed-in caller plays in it. */
export async function eventForCaller(request: FastifyRequest): Promise<EventForCaller> {
  const event = await eventByKey(request);
  const user = request.user;
  return { ...event, callerPlays: user ? await playsInEvent(request.server.database.db, event.id, user.id) : false };
}
