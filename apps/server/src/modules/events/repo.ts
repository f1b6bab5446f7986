import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import { EventType, type DealAnalysis, type EventFilters } from '@bridge/api';
import { boardsWithRows } from '../../db/boards-with-rows.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetPage, type PageRequest } from '../../db/keyset.ts';
import type { BoardResultRow, BoardsTable, Database, TournamentRow, TournamentsTable } from '../../db/schema.ts';
import { weeklyCounts } from '../../db/weekly.ts';

// SQL of events: the only file that writes an event's own tables (tournaments, boards). It reads `users` to join an
// organiser's name, and, read-only, `participants` and `board_results` for the lists' pages (a user's own events,
// each past event's lines and seats in one round trip), the boards a line was posted on, and the counts a deletion
// removes: the database deletes an event's rows in the other modules' tables with it (on delete cascade).
// The admin lists are newest first and read in keyset pages (db/keyset.ts).

// Events -------------------------------------------------------------------------------------------------------

// SQL of events: the only file that reads or writes the event tables (tournaments, participants, boards,
// board_results, pair_scores, and the tables' entries: table_entries, boards_not_played; the online tables' calls
// for the director: director_calls). It reads `users` only to join an organiser's name and to seat accounts by email.
// The admin lists are newest first and read in keyset pages (db/keyset.ts).

// Events -------------------------------------------------------------------------------------------------------

export type EventRow = TournamentRow & { organiserNames: string; organiserEmail: string; organiserContact: string | null };

const eventKeyset = { table: 'tournaments', time: 'tournaments.createdAt', id: 'tournaments.id', cursorTime: 'createdAt', idKind: 'uuid' } as const;

function eventsQuery(db: Db) {
  return db
    .selectFrom('tournaments')
    .innerJoin('users', 'users.id', 'tournaments.organiserId')
    .selectAll('tournaments')
    .select(['users.names as organiserNames', 'users.email as organiserEmail', 'users.contact as organiserContact']);
}

/** The list filters, plus `involving`: only events this user organised or has a seat in (the user console). */
export type EventListFilters = Partial<EventFilters> & { involving?: string };

function whereEventFilters<O>(
  query: SelectQueryBuilder<Database & { tournaments: Database['tournaments']; users: Database['users'] }, 'tournaments' | 'users', O>,
  status: 'active' | 'complete',
  filters: EventListFilters,
) {
  let q = query.where('tournaments.status', '=', status);
  const type = filters.type ?? 'pair';
  if (type === 'solitaire') q = q.where('tournaments.type', '=', EventType.solitaire);
  else if (type === 'pair') q = q.where('tournaments.type', '!=', EventType.solitaire);
  if (filters.scoreType) q = q.where('tournaments.scoreType', '=', filters.scoreType);
  if (filters.movementType) q = q.where('tournaments.movementType', '=', filters.movementType);
  if (filters.liveTable !== undefined) q = q.where('tournaments.liveTableEvent', '=', filters.liveTable);
  if (filters.kibitzers !== undefined) q = q.where('tournaments.kibitzersEnabled', '=', filters.kibitzers);
  if (filters.hybrid !== undefined) q = q.where('tournaments.handMode', filters.hybrid ? '=' : '!=', 'Hybrid');
  if (filters.key) q = q.where('tournaments.key', '=', filters.key);
  if (filters.involving) {
    // A user's own events: organised by them, or with a seat of theirs (participants_user_idx).
    const uid = filters.involving;
    q = q.where((eb) =>
      eb.or([
        eb('tournaments.organiserId', '=', uid),
        eb.exists(
          eb
            .selectFrom('participants')
            .select('participants.id')
            .whereRef('participants.tournamentId', '=', 'tournaments.id')
            .where('participants.userId', '=', uid),
        ),
      ]),
    );
  }
  if (filters.query) {
    // The event's name is its key (specification: "Event Name (the tournament key)"); its title matches too.
    const pattern = containsPattern(filters.query);
    q = q.where((eb) => eb.or([eb('tournaments.key', 'ilike', pattern), eb('tournaments.typeName', 'ilike', pattern)]));
  }
  return q;
}

/** A page of events of one status, newest first, narrowed by the list's filters. */
export function listEvents(db: Db, status: 'active' | 'complete', filters: EventListFilters, page: PageRequest): Promise<EventRow[]> {
  return keysetPage(whereEventFilters(eventsQuery(db), status, filters), eventKeyset, page).execute();
}

/** An exported event's cells, in the order of the export's columns (export.ts), formatted by the database. */
export interface EventExportRow {
  id: string;
  cells: (string | number | null)[];
}

// `YYYY-MM-DD HH:MM` in UTC, and Yes/No, as the other exports write them.
const minuteText = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`;

const yesNoText = (column: string) => sql`case when ${sql.ref(column)} then 'Yes' else 'No' end`;

/**
 * A batch of events for an export: each row's cells as one JSON array built in the database, so a 100k-row export
 * creates one small array per row in the server instead of a full row object, its dates and a cells array
 * (measured: the garbage of full rows grew the server's memory by more than the export's bar).
 */
export function exportEvents(db: Db, status: 'active' | 'complete', filters: EventListFilters, page: PageRequest): Promise<EventExportRow[]> {
  const cells = sql<(string | number | null)[]>`json_build_array(users.names, users.email, tournaments.key, tournaments.type_name,
    tournaments.tables, ${yesNoText('tournaments.live_table_event')}, tournaments.movement_type, tournaments.score_type,
    tournaments.hand_mode, ${yesNoText('tournaments.kibitzers_enabled')}, ${minuteText('tournaments.created_at')}
    ${status === 'complete' ? sql`, ${minuteText('tournaments.completed_at')}` : sql``})`;
  const query = db
    .selectFrom('tournaments')
    .innerJoin('users', 'users.id', 'tournaments.organiserId')
    .select(['tournaments.id', cells.as('cells')]);
  return keysetPage(whereEventFilters(query, status, filters), eventKeyset, page).execute();
}

/** A seated player (sides 0 to 3) of an event, for the names in scoreData. */
export interface SeatRow {
  tableNo: number;
  side: number;
  names: string;
}

export type EventWithScores = EventRow & { lines: ScoreRow[]; seats: SeatRow[] };

// One posted line as a positional JSON array, in ScoreRow's field order (lineFromJson reads it back). Arrays keep
// the aggregate small and skip per-key work on both sides.
const LINE_JSON = sql`json_build_array(r.round, r.board_no, r.table_no, r.ns_pair, r.ew_pair, r.declarer, r.level, r.strain,
  r.doubled, r.tricks, r.ns_score, r.adjusted_ns, r.adjusted_ew, b.dealer, b.vulnerability)`;

type LineJson = [
  number,
  number,
  number,
  number,
  number,
  ScoreRow['declarer'],
  number,
  ScoreRow['strain'],
  number,
  number | null,
  number,
  ScoreRow['adjustedNs'],
  ScoreRow['adjustedEw'],
  ScoreRow['dealer'],
  ScoreRow['vulnerability'],
];

const lineFromJson = (tournamentId: string, l: LineJson): ScoreRow => ({
  tournamentId,
  round: l[0],
  boardNo: l[1],
  tableNo: l[2],
  nsPair: l[3],
  ewPair: l[4],
  declarer: l[5],
  level: l[6],
  strain: l[7],
  doubled: l[8],
  tricks: l[9],
  nsScore: l[10],
  adjustedNs: l[11],
  adjustedEw: l[12],
  dealer: l[13],
  vulnerability: l[14],
});

/**
 * A page of events of one status with every posted line and seated player of each, in one round trip: the page is
 * chosen first (keyset, limit), then each of its events' lines and seats are aggregated beside it. A past-events
 * page thus costs one query instead of three in sequence.
 */
export async function listEventsWithScores(
  db: Db,
  status: 'active' | 'complete',
  filters: EventListFilters,
  page: PageRequest,
): Promise<EventWithScores[]> {
  const pageQuery = keysetPage(whereEventFilters(eventsQuery(db), status, filters), eventKeyset, page);
  const rows = await db
    .selectFrom(pageQuery.as('page'))
    .selectAll('page')
    .select([
      sql<LineJson[]>`(select coalesce(json_agg(${LINE_JSON} order by r.round, r.board_no, r.table_no), '[]')
        from board_results r join boards b on b.tournament_id = r.tournament_id and b.board_no = r.board_no
        where r.tournament_id = page.id)`.as('lines'),
      sql<[number, number, string][]>`(select coalesce(json_agg(json_build_array(p.table_no, p.side, p.names) order by p.table_no, p.side), '[]')
        from participants p where p.tournament_id = page.id and p.side between 0 and 3)`.as('seats'),
    ])
    .orderBy('page.createdAt', 'desc')
    .orderBy('page.id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    lines: row.lines.map((line) => lineFromJson(row.id, line)),
    seats: row.seats.map(([tableNo, side, names]) => ({ tableNo, side, names })),
  }));
}

/** The one way to find an event by its key: the event with its organiser's name, email and contact. */
export const findEventByKey = (db: Db, key: string): Promise<EventRow | undefined> =>
  eventsQuery(db).where('tournaments.key', '=', key).executeTakeFirst();

/** The completed event whose USEBIO link carries this token. */
export const findEventByXmlToken = (db: Db, xmlToken: string): Promise<TournamentRow | undefined> =>
  db.selectFrom('tournaments').selectAll().where('xmlToken', '=', xmlToken).executeTakeFirst();

/** A posted line of an event with its board's dealer and vulnerability. */
export type ScoreRow = Omit<BoardResultRow, 'id' | 'status' | 'lead' | 'createdAt' | 'editedAt'> & Pick<BoardsTable, 'dealer' | 'vulnerability'>;

/** Every posted line of these events with its board's dealer and vulnerability. */
export async function scoreRows(db: Db, tournamentIds: string[]): Promise<ScoreRow[]> {
  if (tournamentIds.length === 0) return [];
  return db
    .selectFrom('boardResults')
    .innerJoin('boards', (join) =>
      join.onRef('boards.tournamentId', '=', 'boardResults.tournamentId').onRef('boards.boardNo', '=', 'boardResults.boardNo'),
    )
    .select([
      'boardResults.tournamentId',
      'boardResults.round',
      'boardResults.boardNo',
      'boardResults.tableNo',
      'boardResults.nsPair',
      'boardResults.ewPair',
      'boardResults.declarer',
      'boardResults.level',
      'boardResults.strain',
      'boardResults.doubled',
      'boardResults.tricks',
      'boardResults.nsScore',
      'boardResults.adjustedNs',
      'boardResults.adjustedEw',
      'boards.dealer',
      'boards.vulnerability',
    ])
    .where('boardResults.tournamentId', 'in', tournamentIds)
    .orderBy('boardResults.round')
    .orderBy('boardResults.boardNo')
    .orderBy('boardResults.tableNo')
    .execute();
}

/** The seated players (sides 0 to 3) of these events, for the names in scoreData. */
export const seatRows = (db: Db, tournamentIds: string[]) =>
  tournamentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('participants')
        .select(['tournamentId', 'tableNo', 'side', 'names'])
        .where('tournamentId', 'in', tournamentIds)
        .where('side', '>=', 0)
        .where('side', '<=', 3)
        .orderBy('tableNo')
        .orderBy('side')
        .execute();

/**
 * Deletes an event and everything under it (the database removes its rows in the other modules' tables with it);
 * answers how many rows of each kind went.
 */
export async function deleteEvent(trx: Db, tournamentId: string) {
  // The event's row first, as every change of an event locks it first (service.ts): a result posted
  // meanwhile waits for the delete and then finds no event, and neither side waits on rows the other holds.
  await trx.selectFrom('tournaments').select('id').where('id', '=', tournamentId).forUpdate().execute();
  const count = async (table: 'participants' | 'boardResults' | 'pairScores' | 'boards') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('tournamentId', '=', tournamentId)
          .executeTakeFirst()
      )?.count ?? 0,
    );
  const deleted = {
    participants: await count('participants'),
    boardResults: await count('boardResults'),
    pairScores: await count('pairScores'),
    boards: await count('boards'),
  };
  await trx.deleteFrom('tournaments').where('id', '=', tournamentId).execute();
  return deleted;
}

export const weeklyEvents = (db: Db, status: 'active' | 'complete', now: Date) =>
  weeklyCounts(db, 'tournaments', status === 'active' ? 'createdAt' : 'completedAt', now, (eb) => eb.and([eb('status', '=', status)]));

// Organiser's changes ------------------------------------------------------------------------------------------

/** The event's row as it is now, locked for the rest of the transaction. */
export const lockEvent = (trx: Db, tournamentId: string): Promise<TournamentRow | undefined> =>
  trx.selectFrom('tournaments').selectAll().where('id', '=', tournamentId).forUpdate().executeTakeFirst();

export const insertEvent = (trx: Db, values: Insertable<TournamentsTable>): Promise<TournamentRow> =>
  trx.insertInto('tournaments').values(values).returningAll().executeTakeFirstOrThrow();

export const insertBoards = (trx: Db, rows: Insertable<BoardsTable>[]) => trx.insertInto('boards').values(rows).execute();

/** Sets one board's deal; answers how many boards changed (0 when the event does not play it). */
export async function setDeal(
  trx: Db,
  tournamentId: string,
  boardNo: number,
  deal: string,
  importedAnalysis: DealAnalysis | null = null,
): Promise<number> {
  const updated = await trx
    .updateTable('boards')
    .set({ deal, dealIndex: null, importedAnalysis: importedAnalysis && JSON.stringify(importedAnalysis) })
    .where('tournamentId', '=', tournamentId)
    .where('boardNo', '=', boardNo)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

export const findBoard = (trx: Db, tournamentId: string, boardNo: number) =>
  trx.selectFrom('boards').selectAll().where('tournamentId', '=', tournamentId).where('boardNo', '=', boardNo).executeTakeFirst();

/** Which of these boards have a result line at any table of the event. */
export const listBoardsWithResults = (db: Db, tournamentId: string, boards: readonly number[]) =>
  boardsWithRows(db, 'boardResults', tournamentId, boards);

/** An event's boards as a table deals them. */
export const listDeals = (db: Db, tournamentId: string) =>
  db.selectFrom('boards').select(['boardNo', 'deal', 'dealer', 'vulnerability']).where('tournamentId', '=', tournamentId).execute();

export const markComplete = (trx: Db, tournamentId: string, values: { xmlToken: string; resultId: string; completedAt: Date }) =>
  trx
    .updateTable('tournaments')
    .set({ status: 'complete', ...values })
    .where('id', '=', tournamentId)
    .execute();

/** Deletes the events an account organised (with everything under them); answers their keys. */
export const deleteEventsOrganisedBy = async (trx: Db, userId: string): Promise<string[]> =>
  (await trx.deleteFrom('tournaments').where('organiserId', '=', userId).returning('key').execute()).map((row) => row.key);

/** The keys of these events, in order. */
export const keysOfEvents = async (db: Db, tournamentIds: readonly string[]): Promise<string[]> =>
  tournamentIds.length === 0
    ? []
    : (
        await db
          .selectFrom('tournaments')
          .select('key')
          .where('id', 'in', [...tournamentIds])
          .orderBy('key')
          .execute()
      ).map((row) => row.key);

/** How many events each of these accounts organised: what deleting the account would delete with it. */
export async function countOrganisedEvents(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournaments')
    .select(['organiserId', (eb) => eb.fn.countAll<string>().as('count')])
    .where('organiserId', 'in', userIds)
    .groupBy('organiserId')
    .execute();
  return new Map(rows.map((row) => [row.organiserId, Number(row.count)]));
}

// Results, files and the public lists -------------------------------------------------------------------------

/** The latest events of a status, pair events only, for the public `/tournaments` page. */
export const listRecent = (db: Db, status: 'active' | 'complete', limit: number) =>
  db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', '=', status)
    .where('type', '!=', EventType.solitaire)
    .orderBy(status === 'complete' ? 'completedAt' : 'createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const listBoards = (db: Db, tournamentId: string) =>
  db.selectFrom('boards').selectAll().where('tournamentId', '=', tournamentId).orderBy('boardNo').execute();

// The director's console ---------------------------------------------------------------------------------------

/** The events an organiser made (every event when `organiserId` is null: an admin), newest first. */
export function listDirectedEvents(db: Db, organiserId: string | null, limit: number): Promise<EventRow[]> {
  let query = eventsQuery(db).where('tournaments.type', '!=', EventType.solitaire);
  if (organiserId !== null) query = query.where('tournaments.organiserId', '=', organiserId);
  return query.orderBy('tournaments.createdAt', 'desc').orderBy('tournaments.id', 'desc').limit(limit).execute();
}

/** Changes an event's own columns (its round, clock or start). */
export const updateEvent = (trx: Db, tournamentId: string, values: Updateable<TournamentsTable>) =>
  trx.updateTable('tournaments').set(values).where('id', '=', tournamentId).execute();

export const listOnlineEventsInPlay = (db: Db) =>
  db
    .selectFrom('tournaments')
    .select('key')
    .where('liveTableEvent', '=', true)
    .where('status', '=', 'active')
    .where('startedAt', 'is not', null)
    .orderBy('createdAt')
    .execute();
