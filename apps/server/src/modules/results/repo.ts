import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BoardResultsTable, DisputedClaimsTable, PairScoresTable, TableEntriesTable, WithdrawnEntriesTable } from '../../db/schema.ts';

// SQL of results: the only file that reads or writes an event's result lines (board_results), its stored ranking
// (pair_scores), the tables' entries (table_entries, withdrawn_entries), the boards not played (boards_not_played),
// and the online tables' calls for the director (director_calls) and disputed claims (disputed_claims).

// Lines --------------------------------------------------------------------------------------------------------

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

/** Every posted line of an event, in no particular order (scoring does not depend on it). */
export const listResults = (db: Db, tournamentId: string) =>
  db.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournamentId).execute();

/** Posted lines by board, round and table: the order of the results page and the files. */
export const listResultsInOrder = (db: Db, tournamentId: string) =>
  db.selectFrom('boardResults').selectAll().where('tournamentId', '=', tournamentId).orderBy('boardNo').orderBy('round').orderBy('tableNo').execute();

export const deletePairScores = (trx: Db, tournamentId: string) => trx.deleteFrom('pairScores').where('tournamentId', '=', tournamentId).execute();

export const insertPairScores = (trx: Db, rows: Insertable<PairScoresTable>[]) => trx.insertInto('pairScores').values(rows).execute();

/** Stored pair scores, by direction and place (the USEBIO file's order). */
export const listPairScores = (db: Db, tournamentId: string) =>
  db.selectFrom('pairScores').selectAll().where('tournamentId', '=', tournamentId).orderBy('direction').orderBy('place').execute();

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

/** The boards the director marked as not played in a round, at one table or at them all. */
export const listNotPlayedPlaces = (db: Db, tournamentId: string, at: { round: number; table?: number }) => {
  let query = db.selectFrom('boardsNotPlayed').select(['tableNo', 'boardNo']).where('tournamentId', '=', tournamentId).where('round', '=', at.round);
  if (at.table !== undefined) query = query.where('tableNo', '=', at.table);
  return query.execute();
};

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
export const upsertDisputedClaim = (db: Db, row: Omit<Insertable<DisputedClaimsTable>, 'disputedAt'>) =>
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
