import type { Seat } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { listDirectorCalls, readOnlineTables, type DirectorCall, type OnlineTable } from '../results/service.ts';
import * as repo from './repo.ts';

export type StoredAction = Awaited<ReturnType<typeof repo.listActions>>[number];

/**
 * What the tables of an event play now, read once when the event changes or its tables open, rather than once a
 * table (200 tables would read the event's boards and participants 200 times): each table takes its part.
 */
export interface EventReading {
  /** The tables' writes up to the moment it began (`markWrite`): a table that wrote since reads its part anew. */
  readonly asOf: number;
  table(table: number): OnlineTable;
  /** The seats of a table the director gave to a robot this round. */
  substitutes(table: number): Seat[];
  /** A table's open call for the director, if any. */
  directorCall(table: number): DirectorCall | null;
  /**
   * A board's stored actions, read when asked: the tables that ask in the same turn of the event loop (every table
   * opening or changing its board at once) are answered by one query.
   */
  actions(table: number, board: number): Promise<StoredAction[]>;
}

let writes = 0;

/**
 * Counts a table's write of what a reading holds (a result, a robot substitute), once it is stored; answers its
 * number. A reading that began before it holds the table as it was, so the table reads its own part again.
 */
export const markWrite = () => ++writes;

export async function readEvent(db: Db, tournament: TournamentRow): Promise<EventReading> {
  const asOf = writes;
  const tables = await readOnlineTables(db, tournament);
  const substitutes = new Map<number, Seat[]>();
  for (const { tableNo, seat } of await repo.listSubstitutesOfRound(db, tournament.id, tables.round)) {
    const seats = substitutes.get(tableNo);
    if (seats) seats.push(seat);
    else substitutes.set(tableNo, [seat]);
  }
  const calls = new Map((await listDirectorCalls(db, tournament)).map(({ table, ...call }) => [table, call]));
  return {
    asOf,
    table: (table) => tables.table(table),
    substitutes: (table) => substitutes.get(table) ?? [],
    directorCall: (table) => calls.get(table) ?? null,
    actions: batchedActions(db, tournament.id, tables.round),
  };
}

/** A board's actions, asked for one board at a time and read for all the boards asked in the same turn at once. */
function batchedActions(db: Db, tournamentId: string, round: number) {
  let waiting: { table: number; board: number; resolve(actions: StoredAction[]): void; reject(error: unknown): void }[] = [];
  const read = () => {
    const batch = waiting;
    waiting = [];
    repo.listActionsOfBoards(db, tournamentId, round, batch).then(
      (rows) => {
        const byBoard = new Map<string, StoredAction[]>();
        for (const row of rows) {
          const key = `${row.tableNo}/${row.boardNo}`;
          const actions = byBoard.get(key);
          if (actions) actions.push(row);
          else byBoard.set(key, [row]);
        }
        for (const asked of batch) asked.resolve(byBoard.get(`${asked.table}/${asked.board}`) ?? []);
      },
      (error: unknown) => {
        for (const asked of batch) asked.reject(error);
      },
    );
  };
  return (table: number, board: number) =>
    new Promise<StoredAction[]>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(read);
      waiting.push({ table, board, resolve, reject });
    });
}
