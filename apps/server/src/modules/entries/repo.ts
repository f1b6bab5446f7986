import type { Insertable } from 'kysely';
import { EventType, type ParticipantFilters } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/keyset.ts';
import type { ParticipantsTable } from '../../db/schema.ts';
import { dayAfter, dayStart } from '../../lib/days.ts';

// SQL of entries: the only file that reads or writes `participants` (an event's seats: players, guests, bots). It
// reads `users` to seat accounts by email, to show a seat's contact and to address the results mail (never writes
// them), and, read-only, `tournaments` (a player's events, a director's complete events), `pair_scores` (a player's
// history) and `board_results` (how many results each round has in: which round the organiser API's events play).

export const hasSeat = async (db: Db, tournamentId: string, userId: string): Promise<boolean> =>
  Boolean(await db.selectFrom('participants').select('id').where('tournamentId', '=', tournamentId).where('userId', '=', userId).executeTakeFirst());

// Participants -------------------------------------------------------------------------------------------------

export interface ParticipantRow {
  id: string;
  /** The seated account; null for a bot or an email without an account. */
  userId: string | null;
  tableNo: number;
  side: number;
  isBot: boolean;
  createdAt: Date;
  editedAt: Date;
  /** When the seated user's account was made; null for a bot or a seat without an account. */
  registeredAt: Date | null;
  names: string;
  email: string | null;
  contact: string | null;
}

/** An event's participants by table and seat; `query` keeps a name, email or contact containing it. */
export function listParticipants(db: Db, tournamentId: string, filters: Omit<ParticipantFilters, 'key'>): Promise<ParticipantRow[]> {
  let query = db
    .selectFrom('participants')
    .leftJoin('users', 'users.id', 'participants.userId')
    .select([
      'participants.id',
      'participants.userId',
      'participants.tableNo',
      'participants.side',
      'participants.isBot',
      'participants.createdAt',
      'participants.editedAt',
      'users.createdAt as registeredAt',
      'participants.names',
      'participants.email',
      'users.contact',
    ])
    .where('participants.tournamentId', '=', tournamentId);
  if (filters.query) {
    const pattern = containsPattern(filters.query);
    query = query.where((eb) =>
      eb.or([eb('participants.names', 'ilike', pattern), eb('participants.email', 'ilike', pattern), eb('users.contact', 'ilike', pattern)]),
    );
  }
  if (filters.startDate) query = query.where('participants.createdAt', '>=', dayStart(filters.startDate));
  if (filters.endDate) query = query.where('participants.createdAt', '<', dayAfter(filters.endDate));
  return query.orderBy('participants.tableNo').orderBy('participants.side').orderBy('participants.createdAt').orderBy('participants.id').execute();
}

/** Accounts by email, to seat their owners (an email with no account is seated all the same). */
export const findAccountsByEmail = (trx: Db, emails: string[]) =>
  trx.selectFrom('users').select(['id', 'names', 'email']).where('email', 'in', emails).execute();

export const insertParticipants = (trx: Db, rows: Insertable<ParticipantsTable>[]) => trx.insertInto('participants').values(rows).execute();

/** An event's participants as the tables seat them: their round-1 seat, account, names and whether a robot. */
export const listSeatedParticipants = (db: Db, tournamentId: string) =>
  db.selectFrom('participants').select(['tableNo', 'side', 'userId', 'names', 'isBot']).where('tournamentId', '=', tournamentId).execute();

export const listSeatNames = (db: Db, tournamentId: string) =>
  db.selectFrom('participants').select(['tableNo', 'side', 'names']).where('tournamentId', '=', tournamentId).execute();

export const listAllParticipants = (db: Db, tournamentId: string) =>
  db.selectFrom('participants').selectAll().where('tournamentId', '=', tournamentId).execute();

// A player's own seats -----------------------------------------------------------------------------------------

/** A user's seats at one event. */
export const findSeats = (db: Db, tournamentId: string, userId: string) =>
  db.selectFrom('participants').select(['tableNo', 'side']).where('tournamentId', '=', tournamentId).where('userId', '=', userId).execute();

/** The events in play where a user has a seat at a table (North to West), oldest first. */
export const listEventsInPlaySeating = (db: Db, userId: string) =>
  db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', '=', 'active')
    .where(
      'id',
      'in',
      db.selectFrom('participants').select('tournamentId').where('userId', '=', userId).where('side', '>=', 0).where('side', '<=', 3),
    )
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(100)
    .execute();

/** The completed pair events a user had a seat in, newest first. */
export const listPlayedEvents = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', '=', 'complete')
    .where('type', '!=', EventType.solitaire)
    .where('id', 'in', db.selectFrom('participants').select('tournamentId').where('userId', '=', userId))
    .orderBy('completedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const listSeatsOfEvents = (db: Db, tournamentIds: string[]) =>
  db.selectFrom('participants').select(['tournamentId', 'userId', 'tableNo', 'side', 'names']).where('tournamentId', 'in', tournamentIds).execute();

export const listPairScoresOfEvents = (db: Db, tournamentIds: string[]) =>
  db.selectFrom('pairScores').selectAll().where('tournamentId', 'in', tournamentIds).execute();

/** How many results each round of the event has in (one per board and table). */
export async function countResultsByRound(db: Db, tournamentId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('boardResults')
    .select(['round', (eb) => eb.fn.countAll<string>().as('results')])
    .where('tournamentId', '=', tournamentId)
    .groupBy('round')
    .execute();
  return new Map(rows.map((row) => [row.round, Number(row.results)]));
}

/** Removes every seat of an event, before its entries are written again. */
export const deleteParticipants = (trx: Db, tournamentId: string) =>
  trx.deleteFrom('participants').where('tournamentId', '=', tournamentId).execute();

/** An account's deletion: its seats keep the name, so results still read right, but lose the account and its address. */
export const forgetSeats = async (trx: Db, userId: string): Promise<string[]> => [
  ...new Set(
    (await trx.updateTable('participants').set({ userId: null, email: null }).where('userId', '=', userId).returning('tournamentId').execute()).map(
      (row) => row.tournamentId,
    ),
  ),
];

/**
 * The seated accounts of an event with their address now, for the mail its completion sends (guests and bots have
 * none): only those whose owner agreed to it (decision 058): seated by the address the organiser gave, findable,
 * or seated in another, complete event of the same organiser.
 */
export const listSeatedAccounts = (db: Db, tournament: { id: string; organiserId: string }) =>
  db
    .selectFrom('participants')
    .innerJoin('users', 'users.id', 'participants.userId')
    .select(['participants.userId', 'participants.tableNo', 'participants.side', 'users.names', 'users.email'])
    .where('participants.tournamentId', '=', tournament.id)
    .where('participants.isBot', '=', false)
    .where('users.disabled', '=', false)
    .where((eb) =>
      eb.or([
        eb('participants.email', 'is not', null),
        eb('users.findable', '=', true),
        eb.exists(
          eb
            .selectFrom('participants as earlier')
            .innerJoin('tournaments', 'tournaments.id', 'earlier.tournamentId')
            .select('earlier.id')
            .whereRef('earlier.userId', '=', 'participants.userId')
            .where('tournaments.organiserId', '=', tournament.organiserId)
            .where('tournaments.status', '=', 'complete')
            .where('tournaments.id', '!=', tournament.id),
        ),
      ]),
    )
    .execute();

/** The accounts seated in the organiser's complete events: the players a director knows (decision 058). */
export const listPlayersOfOrganiser = (db: Db, organiserId: string) =>
  db
    .selectFrom('participants')
    .innerJoin('tournaments', 'tournaments.id', 'participants.tournamentId')
    .select('participants.userId')
    .distinct()
    .where('tournaments.organiserId', '=', organiserId)
    .where('tournaments.status', '=', 'complete')
    .where('participants.isBot', '=', false)
    .where('participants.userId', 'is not', null)
    .execute();
