import type { Actor, TableAction } from '@bridge/engine';
import { boardsWithRows } from '../../db/boards-with-rows.ts';
import type { Db } from '../../db/database.ts';

/** A board of a table in a round: where a board's actions belong. */
export interface BoardPlace {
  tournamentId: string;
  round: number;
  table: number;
  board: number;
}

/** A board's accepted actions, in their order. */
export const listActions = (db: Db, at: BoardPlace) =>
  db
    .selectFrom('playActions')
    .select(['seq', 'actor', 'action'])
    .where('tournamentId', '=', at.tournamentId)
    .where('round', '=', at.round)
    .where('tableNo', '=', at.table)
    .where('boardNo', '=', at.board)
    .orderBy('seq')
    .execute();

/** The accepted actions of several boards of a round at once (a board at each of several tables), in their order. */
export const listActionsOfBoards = (db: Db, tournamentId: string, round: number, boards: readonly { table: number; board: number }[]) =>
  db
    .selectFrom('playActions')
    .select(['tableNo', 'boardNo', 'seq', 'actor', 'action'])
    .where('tournamentId', '=', tournamentId)
    .where('round', '=', round)
    .where((eb) =>
      eb(
        eb.refTuple('tableNo', 'boardNo'),
        'in',
        boards.map((b) => eb.tuple(b.table, b.board)),
      ),
    )
    .orderBy('tableNo')
    .orderBy('boardNo')
    .orderBy('seq')
    .execute();

/** Which of these boards have an action stored at any table of the event, in any round. */
export const listBoardsActedOn = (db: Db, tournamentId: string, boards: readonly number[]) => boardsWithRows(db, 'playActions', tournamentId, boards);

/** Stores an action in its place; fails (primary key) when another writer took that place first. */
export const insertAction = (db: Db, at: BoardPlace, seq: number, actor: Actor, action: TableAction) =>
  db
    .insertInto('playActions')
    .values({ tournamentId: at.tournamentId, round: at.round, tableNo: at.table, boardNo: at.board, seq, actor, action: JSON.stringify(action) })
    .execute();

/** A table of a round: where the director's robot substitutes belong. */
export interface TablePlace {
  tournamentId: string;
  round: number;
  table: number;
}

export const listSubstitutes = async (db: Db, at: TablePlace) =>
  (
    await db
      .selectFrom('playSubstitutes')
      .select('seat')
      .where('tournamentId', '=', at.tournamentId)
      .where('round', '=', at.round)
      .where('tableNo', '=', at.table)
      .execute()
  ).map((row) => row.seat);

/** The director's robot substitutes of every table in a round. */
export const listSubstitutesOfRound = (db: Db, tournamentId: string, round: number) =>
  db.selectFrom('playSubstitutes').select(['tableNo', 'seat']).where('tournamentId', '=', tournamentId).where('round', '=', round).execute();

export const insertSubstitute = (db: Db, at: TablePlace, seat: 'N' | 'E' | 'S' | 'W') =>
  db
    .insertInto('playSubstitutes')
    .values({ tournamentId: at.tournamentId, round: at.round, tableNo: at.table, seat })
    .onConflict((oc) => oc.doNothing())
    .execute();

export const deleteSubstitute = (db: Db, at: TablePlace, seat: 'N' | 'E' | 'S' | 'W') =>
  db
    .deleteFrom('playSubstitutes')
    .where('tournamentId', '=', at.tournamentId)
    .where('round', '=', at.round)
    .where('tableNo', '=', at.table)
    .where('seat', '=', seat)
    .execute();
