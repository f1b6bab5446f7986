import { applyAction, startBoard, type BoardState, type Seat } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { OnlineTable } from '../results/service.ts';
import type { EventReading } from './event-reading.ts';
import * as repo from './repo.ts';

/** Why a table stopped: the stored action `at` (of `total`) of the board in play no longer applies to its deal. */
export const stoppedMessage = (board: number, at: number, total: number) =>
  `Board ${board} cannot go on at this table: its stored play no longer fits its deal (action ${at} of ${total}). Play has stopped and the director is called.`;

/** A board rebuilt from its stored actions: where it stands, how many there are, and the first that no longer applied. */
export interface Replayed {
  state: BoardState;
  seq: number;
  stopped: { message: string; by: Seat } | null;
}

/**
 * Rebuilds the board at `index` of a table's round from its deal and its stored actions (from the event's reading
 * when given). An action that no longer applies (the deal was changed under it) ends the replay there: for the board
 * in play the table then stops, with every stored action kept as it is and no place of them taken by another, rather
 * than play on from a cut-off board.
 */
export async function replayBoard(
  db: Db,
  tournamentId: string,
  table: OnlineTable,
  tableNo: number,
  index: number,
  reading?: EventReading,
): Promise<Replayed> {
  const board = table.boards[index]!;
  let state = startBoard(board.board, board.deal, { dealer: board.dealer, vulnerability: board.vulnerability });
  const actions = reading
    ? await reading.actions(tableNo, board.board)
    : await repo.listActions(db, { tournamentId, round: table.round, table: tableNo, board: board.board });
  let stopped: Replayed['stopped'] = null;
  for (const [i, stored] of actions.entries()) {
    const outcome = applyAction(state, stored.actor, stored.action);
    if (!outcome.ok) {
      stopped = { message: stoppedMessage(board.board, i + 1, actions.length), by: stored.actor === 'director' ? 'N' : stored.actor };
      break;
    }
    state = outcome.state;
  }
  return { state, seq: actions.length, stopped };
}
