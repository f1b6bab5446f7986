import type { Db } from './database.ts';

// An event's deal may change only while no table has used its board: each module's repo asks its own table.

/** Which of these boards of the event have a row in the table, at any table of the event and in any round. */
export const boardsWithRows = async (
  db: Db,
  table: 'boardResults' | 'playActions',
  tournamentId: string,
  boards: readonly number[],
): Promise<number[]> =>
  boards.length === 0
    ? []
    : (
        await db
          .selectFrom(table)
          .select('boardNo')
          .distinct()
          .where('tournamentId', '=', tournamentId)
          .where('boardNo', 'in', [...boards])
          .execute()
      ).map((row) => row.boardNo);
