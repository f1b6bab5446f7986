import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import { EventType, type DealAnalysis, type EventFilters, type ParticipantFilters } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetPage, type PageRequest } from '../../db/keyset.ts';
import type {
  BoardResultsTable,
  BoardsTable,
  Database,
  PairScoresTable,
  ParticipantsTable,
  TableEntriesTable,
  TournamentRow,
  TournamentsTable,
  WithdrawnEntriesTable,
} from '../../db/schema.ts';
import { weeklyCounts } from '../../db/weekly.ts';
import { dayAfter, dayStart } from '../../lib/days.ts';

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
  string | null,
  number,
  string | null,
  number,
  number | null,
  number,
  string | null,
  string | null,
  string,
  string,
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

export const hasSeat = async (db: Db, tournamentId: string, userId: string): Promise<boolean> =>
  Boolean(await db.selectFrom('participants').select('id').where('tournamentId', '=', tournamentId).where('userId', '=', userId).executeTakeFirst());

/** The one way to find an event by its key: the event with its organiser's name, email and contact. */
export const findEventByKey = (db: Db, key: string): Promise<EventRow | undefined> =>
  eventsQuery(db).where('tournaments.key', '=', key).executeTakeFirst();

/** The completed event whose USEBIO link carries this token. */
export const findEventByXmlToken = (db: Db, xmlToken: string): Promise<TournamentRow | undefined> =>
  db.selectFrom('tournaments').selectAll().where('xmlToken', '=', xmlToken).executeTakeFirst();

export interface ScoreRow {
  tournamentId: string;
  round: number;
  boardNo: number;
  tableNo: number;
  nsPair: number;
  ewPair: number;
  declarer: string | null;
  level: number;
  strain: string | null;
  doubled: number;
  tricks: number | null;
  nsScore: number;
  adjustedNs: string | null;
  adjustedEw: string | null;
  dealer: string;
  vulnerability: string;
}

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

/** Deletes an event and everything under it; answers how many rows of each kind went. */
export async function deleteEvent(trx: Db, tournamentId: string) {
  // The event's row first, as every change of an event locks it first (service.ts): a result posted
  // meanwhile waits for the delete and then finds no event, and neither side waits on rows the other holds.
  await trx.selectFrom('tournaments').select('id').where('id', '=', tournamentId).forUpdate().execute();
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0n);
  const participants = count(await trx.deleteFrom('participants').where('tournamentId', '=', tournamentId).execute());
  const boardResults = count(await trx.deleteFrom('boardResults').where('tournamentId', '=', tournamentId).execute());
  const pairScores = count(await trx.deleteFrom('pairScores').where('tournamentId', '=', tournamentId).execute());
  const boards = count(await trx.deleteFrom('boards').where('tournamentId', '=', tournamentId).execute());
  await trx.deleteFrom('tournaments').where('id', '=', tournamentId).execute();
  return { participants, boardResults, pairScores, boards };
}

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

export const weeklyEvents = (db: Db, status: 'active' | 'complete', now: Date) =>
  weeklyCounts(db, 'tournaments', status === 'active' ? 'createdAt' : 'completedAt', now, (eb) => eb.and([eb('status', '=', status)]));

// Organiser's changes ------------------------------------------------------------------------------------------

/** The event's row as it is now, locked for the rest of the transaction. */
export const lockEvent = (trx: Db, tournamentId: string): Promise<TournamentRow | undefined> =>
  trx.selectFrom('tournaments').selectAll().where('id', '=', tournamentId).forUpdate().executeTakeFirst();

export const insertEvent = (trx: Db, values: Insertable<TournamentsTable>): Promise<TournamentRow> =>
  trx.insertInto('tournaments').values(values).returningAll().executeTakeFirstOrThrow();

export const insertBoards = (trx: Db, rows: Insertable<BoardsTable>[]) => trx.insertInto('boards').values(rows).execute();

/** Accounts by email, to seat their owners (an email with no account is seated all the same). */
export const findAccountsByEmail = (trx: Db, emails: string[]) =>
  trx.selectFrom('users').select(['id', 'names', 'email']).where('email', 'in', emails).execute();

export const insertParticipants = (trx: Db, rows: Insertable<ParticipantsTable>[]) => trx.insertInto('participants').values(rows).execute();

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

export const findResult = (trx: Db, tournamentId: string, at: { round: number; board: number; table: number }) =>
  trx
    .selectFrom('boardResults')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .where('round', '=', at.round)
    .where('boardNo', '=', at.board)
    .where('tableNo', '=', at.table)
    .executeTakeFirst();

export const updateResult = (trx: Db, id: string, values: Updateable<BoardResultsTable>) =>
  trx.updateTable('boardResults').set(values).where('id', '=', id).execute();

export const insertResult = (trx: Db, values: Insertable<BoardResultsTable>) => trx.insertInto('boardResults').values(values).execute();

// Scoring at the table ------------------------------------------------------------------------------------------

/** The lines of one table in one round (entered or confirmed). */
export const listTableResults = (db: Db, tournamentId: string, at: { round: number; table: number }) =>
  db
    .selectFrom('boardResults')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .where('round', '=', at.round)
    .where('tableNo', '=', at.table)
    .orderBy('boardNo')
    .execute();

/** The status of a table's line of this board (a table plays a board once), or undefined when it has none. */
export const tableResultStatus = async (db: Db, tournamentId: string, at: { board: number; table: number }) =>
  (
    await db
      .selectFrom('boardResults')
      .select('status')
      .where('tournamentId', '=', tournamentId)
      .where('boardNo', '=', at.board)
      .where('tableNo', '=', at.table)
      .executeTakeFirst()
  )?.status;

export const deleteResult = (trx: Db, id: string) => trx.deleteFrom('boardResults').where('id', '=', id).execute();

/** Keeps a table's entry East-West rejected, as it was entered, for the director's live view. */
export const insertWithdrawnEntry = (trx: Db, values: Insertable<WithdrawnEntriesTable>) =>
  trx.insertInto('withdrawnEntries').values(values).execute();

/** An event's withdrawn entries, oldest first. */
export const listWithdrawnEntries = (db: Db, tournamentId: string) =>
  db.selectFrom('withdrawnEntries').selectAll().where('tournamentId', '=', tournamentId).orderBy('withdrawnAt').orderBy('id').execute();

/** The entry a table sent with this key, if it came before. */
export const findTableEntry = (trx: Db, tournamentId: string, entryId: string) =>
  trx.selectFrom('tableEntries').selectAll().where('tournamentId', '=', tournamentId).where('entryId', '=', entryId).executeTakeFirst();

export const insertTableEntry = (trx: Db, values: Insertable<TableEntriesTable>) => trx.insertInto('tableEntries').values(values).execute();

/** The boards the director marked as not played at a table in a round. */
export const listBoardsNotPlayed = (db: Db, tournamentId: string, at: { round: number; table: number }) =>
  db
    .selectFrom('boardsNotPlayed')
    .select('boardNo')
    .where('tournamentId', '=', tournamentId)
    .where('round', '=', at.round)
    .where('tableNo', '=', at.table)
    .execute();

// The online tables (online-tables.ts): what every table plays, read once for all of an event's tables -------------

/** Where a round's lines are (a table and a board), of one table or of them all. */
export const listResultPlaces = (db: Db, tournamentId: string, at: { round: number; table?: number }) => {
  let query = db.selectFrom('boardResults').select(['tableNo', 'boardNo']).where('tournamentId', '=', tournamentId).where('round', '=', at.round);
  if (at.table !== undefined) query = query.where('tableNo', '=', at.table);
  return query.execute();
};

/** Which of these boards have a result line at any table of the event. */
export const listBoardsWithResults = async (db: Db, tournamentId: string, boards: readonly number[]): Promise<number[]> =>
  boards.length === 0
    ? []
    : (
        await db
          .selectFrom('boardResults')
          .select('boardNo')
          .distinct()
          .where('tournamentId', '=', tournamentId)
          .where('boardNo', 'in', [...boards])
          .execute()
      ).map((row) => row.boardNo);

/** The boards the director marked as not played in a round, at one table or at them all. */
export const listNotPlayedPlaces = (db: Db, tournamentId: string, at: { round: number; table?: number }) => {
  let query = db.selectFrom('boardsNotPlayed').select(['tableNo', 'boardNo']).where('tournamentId', '=', tournamentId).where('round', '=', at.round);
  if (at.table !== undefined) query = query.where('tableNo', '=', at.table);
  return query.execute();
};

/** An event's boards as a table deals them. */
export const listDeals = (db: Db, tournamentId: string) =>
  db.selectFrom('boards').select(['boardNo', 'deal', 'dealer', 'vulnerability']).where('tournamentId', '=', tournamentId).execute();

/** An event's participants as the tables seat them: their round-1 seat, account, names and whether a robot. */
export const listSeatedParticipants = (db: Db, tournamentId: string) =>
  db.selectFrom('participants').select(['tableNo', 'side', 'userId', 'names', 'isBot']).where('tournamentId', '=', tournamentId).execute();

/** Every posted line of an event, in no particular order (scoring does not depend on it). */
export const listResults = (db: Db, tournamentId: string) =>
  db.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournamentId).execute();

export const deletePairScores = (trx: Db, tournamentId: string) => trx.deleteFrom('pairScores').where('tournamentId', '=', tournamentId).execute();

export const insertPairScores = (trx: Db, rows: Insertable<PairScoresTable>[]) => trx.insertInto('pairScores').values(rows).execute();

export const markComplete = (trx: Db, tournamentId: string, values: { xmlToken: string; resultId: string; completedAt: Date }) =>
  trx
    .updateTable('tournaments')
    .set({ status: 'complete', ...values })
    .where('id', '=', tournamentId)
    .execute();

/**
 * An account's deletion: the events it organised go (their seats, boards and results with them), and its seats
 * in other organisers' events keep the name but lose the account and its email address.
 */
/** Answers the keys of the events deleted, and of the other events where the account had a seat. */
export async function forgetAccount(trx: Db, userId: string): Promise<{ deleted: string[]; seated: string[] }> {
  const deleted = await trx.deleteFrom('tournaments').where('organiserId', '=', userId).returning('key').execute();
  const seats = await trx
    .updateTable('participants')
    .set({ userId: null, email: null })
    .where('userId', '=', userId)
    .returning('tournamentId')
    .execute();
  const ids = [...new Set(seats.map((row) => row.tournamentId))];
  const seated = ids.length === 0 ? [] : await trx.selectFrom('tournaments').select('key').where('id', 'in', ids).orderBy('key').execute();
  return { deleted: deleted.map((row) => row.key), seated: seated.map((row) => row.key) };
}

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

/** Posted lines by board, round and table: the order of the results page and the files. */
export const listResultsInOrder = (db: Db, tournamentId: string) =>
  db.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournamentId).orderBy('boardNo').orderBy('round').orderBy('tableNo').execute();

export const listSeatNames = (db: Db, tournamentId: string) =>
  db.selectFrom('participants').select(['tableNo', 'side', 'names']).where('tournamentId', '=', tournamentId).execute();

export const listAllParticipants = (db: Db, tournamentId: string) =>
  db.selectFrom('participants').selectAll().where('tournamentId', '=', tournamentId).execute();

/** Stored pair scores, by direction and place (the USEBIO file's order). */
export const listPairScores = (db: Db, tournamentId: string) =>
  db.selectFrom('pairScores').selectAll().where('tournamentId', '=', tournamentId).orderBy('direction').orderBy('place').execute();

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

/** Removes every seat of an event, before its entries are written again. */
export const deleteParticipants = (trx: Db, tournamentId: string) =>
  trx.deleteFrom('participants').where('tournamentId', '=', tournamentId).execute();

export const listNotPlayed = (db: Db, tournamentId: string) =>
  db.selectFrom('boardsNotPlayed').select(['round', 'tableNo', 'boardNo']).where('tournamentId', '=', tournamentId).execute();

export const insertNotPlayed = (trx: Db, row: { tournamentId: string; round: number; tableNo: number; boardNo: number }) =>
  trx
    .insertInto('boardsNotPlayed')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();

export const deleteNotPlayed = (trx: Db, row: { tournamentId: string; round: number; tableNo: number; boardNo: number }) =>
  trx
    .deleteFrom('boardsNotPlayed')
    .where('tournamentId', '=', row.tournamentId)
    .where('round', '=', row.round)
    .where('tableNo', '=', row.tableNo)
    .where('boardNo', '=', row.boardNo)
    .execute();

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

export const listOnlineEventsInPlay = (db: Db) =>
  db
    .selectFrom('tournaments')
    .select('key')
    .where('liveTableEvent', '=', true)
    .where('status', '=', 'active')
    .where('startedAt', 'is not', null)
    .orderBy('createdAt')
    .execute();

// Calls for the director at the online tables ------------------------------------------------------------------

/** The open call of a table, if any. */
export const findDirectorCall = (db: Db, tournamentId: string, table: number) =>
  db
    .selectFrom('directorCalls')
    .select(['seat', 'calledAt'])
    .where('tournamentId', '=', tournamentId)
    .where('tableNo', '=', table)
    .executeTakeFirst();

/** Every open call of an event, oldest first. */
export const listDirectorCalls = (db: Db, tournamentId: string) =>
  db
    .selectFrom('directorCalls')
    .select(['tableNo', 'seat', 'calledAt'])
    .where('tournamentId', '=', tournamentId)
    .orderBy('calledAt')
    .orderBy('tableNo')
    .execute();

/** Opens a table's call; answers it, or undefined when the table has one open already. */
export const insertDirectorCall = (db: Db, row: { tournamentId: string; tableNo: number; seat: 'N' | 'E' | 'S' | 'W' }) =>
  db
    .insertInto('directorCalls')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning(['seat', 'calledAt'])
    .executeTakeFirst();

/** Clears a table's call; answers whether one was open. */
export const deleteDirectorCall = async (db: Db, tournamentId: string, table: number): Promise<boolean> =>
  ((await db.deleteFrom('directorCalls').where('tournamentId', '=', tournamentId).where('tableNo', '=', table).executeTakeFirst()).numDeletedRows ??
    0n) > 0n;

// Rejected claims at the online tables, flagged for the director ---------------------------------------------------

/** Flags a table's rejected claim, in place of an earlier one there. */
export const upsertDisputedClaim = (
  db: Db,
  row: {
    tournamentId: string;
    tableNo: number;
    round: number;
    boardNo: number;
    seat: 'N' | 'E' | 'S' | 'W';
    tricks: number;
    rejectedBy: 'N' | 'E' | 'S' | 'W';
  },
) =>
  db
    .insertInto('disputedClaims')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tournamentId', 'tableNo']).doUpdateSet((eb) => ({
        round: eb.ref('excluded.round'),
        boardNo: eb.ref('excluded.boardNo'),
        seat: eb.ref('excluded.seat'),
        tricks: eb.ref('excluded.tricks'),
        rejectedBy: eb.ref('excluded.rejectedBy'),
        disputedAt: sql<Date>`now()`,
      })),
    )
    .execute();

/** Clears a table's flag; answers whether one was there. */
export const deleteDisputedClaim = async (db: Db, tournamentId: string, table: number): Promise<boolean> =>
  ((await db.deleteFrom('disputedClaims').where('tournamentId', '=', tournamentId).where('tableNo', '=', table).executeTakeFirst()).numDeletedRows ??
    0n) > 0n;

/** Every flagged rejected claim of an event, oldest first. */
export const listDisputedClaims = (db: Db, tournamentId: string) =>
  db
    .selectFrom('disputedClaims')
    .select(['tableNo', 'round', 'boardNo', 'seat', 'tricks', 'rejectedBy', 'disputedAt'])
    .where('tournamentId', '=', tournamentId)
    .orderBy('disputedAt')
    .orderBy('tableNo')
    .execute();
