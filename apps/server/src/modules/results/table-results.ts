import { dealerOf, scoreEvent, vulnerabilityOf, type MovementRow, type Seat, type Strain } from '@bridge/engine';
import { ErrorCode, messages, messagesOfTables, videoChannelName, type ResultLine, type TableResultBody, type TableState } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { BoardResultRow, TournamentRow } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertActive, findBoard, lockEvent, pairNames, planEvent, scoringMethodOf, type EventPlan } from '../events/service.ts';
import { listSeatNames } from '../entries/service.ts';
import * as repo from './repo.ts';
import { presentLine, scheduledBoards, scoreOfPlay, travellerLineOf } from './scoring.ts';

// Scoring at the table: what a phone holding one table sees and enters. Who may call is the tables module's
// business (its table session); the rules of the event's results are here, beside the organiser's postResult.

/** Whether the movement's phantom pair (the sit-out) is in this row. In a two-winner Mitchell it is an EW number. */
const sitsOut = (plan: EventPlan, row: MovementRow) => {
  const phantom = plan.movement.phantomPair;
  if (phantom === undefined) return false;
  return row.ew === phantom || (plan.movement.winners === 1 && row.ns === phantom);
};

const rowAt = (plan: EventPlan, round: number, table: number) => plan.rows.find((r) => r.round === round && r.table === table);

/** Where this table's pairs and boards go after this round, from the movement; null after the last round. */
export function tableMove(plan: EventPlan, row: MovementRow, rounds: number): TableState['next'] {
  if (row.round >= rounds) return null;
  const next = plan.rows.filter((r) => r.round === row.round + 1);
  const phantom = plan.movement.phantomPair;
  const twoWinners = plan.movement.winners === 2;
  const where = (side: 'NS' | 'EW', pair: number) => {
    // With two winners NS and EW numbers overlap: a pair keeps its side.
    const found = twoWinners ? next.find((r) => (side === 'NS' ? r.ns === pair : r.ew === pair)) : next.find((r) => r.ns === pair || r.ew === pair);
    if (!found) return null;
    return { table: found.table, side: twoWinners ? side : found.ns === pair ? 'NS' : 'EW' };
  };
  const phrase = (side: 'NS' | 'EW', pair: number) => {
    const to = where(side, pair);
    if (!to) return { table: null, text: `${side} sit out` };
    const turn = to.side === side ? '' : ` as ${to.side}`;
    return { table: to.table, text: to.table === row.table ? `${side} stay${turn}` : `${side} to table ${to.table}${turn}` };
  };
  const isPhantom = (side: 'NS' | 'EW', pair: number) => phantom !== undefined && pair === phantom && (side === 'EW' || !twoWinners);
  const ns = isPhantom('NS', row.ns) ? null : phrase('NS', row.ns);
  const ew = isPhantom('EW', row.ew) ? null : phrase('EW', row.ew);
  const boardsAt = next.filter((r) => r.set === row.set).map((r) => r.table);
  const boardsTable = boardsAt.includes(row.table) ? row.table : (boardsAt[0] ?? null);
  const boards = boardsTable === null ? 'boards to the relay stand' : boardsTable === row.table ? 'boards stay' : `boards to table ${boardsTable}`;
  return {
    text: [ns?.text, ew?.text, boards].filter(Boolean).join('; '),
    nsTable: ns?.table ?? null,
    ewTable: ew?.table ?? null,
    boardsTable,
  };
}

/** A line as it was entered, for a table to confirm or a director to correct. */
export const enteredResult = (line: Pick<BoardResultRow, 'declarer' | 'level' | 'strain' | 'doubled' | 'tricks' | 'lead'>) => ({
  declarer: line.declarer,
  contract: { level: line.level, strain: line.strain, doubled: line.doubled },
  tricks: line.tricks,
  lead: line.lead,
});

const statusOf = (line: BoardResultRow | undefined) => line?.status ?? 'open';

/** The state of one table in the event's current round (the round the director has started). */
export async function tableState(db: Db, tournament: TournamentRow, table: number): Promise<TableState> {
  const plan = planEvent(tournament);
  const round = tournament.currentRound;
  const row = rowAt(plan, round, table);
  const [lines, notPlayed, participants] = await Promise.all([
    repo.listTableResults(db, tournament.id, { round, table }),
    repo.listBoardsNotPlayed(db, tournament.id, { round, table }),
    listSeatNames(db, tournament.id),
  ]);
  const sitOut = row ? sitsOut(plan, row) : false;
  const skipped = new Set(notPlayed.map((b) => b.boardNo));
  const boards = !row || sitOut ? [] : plan.boardsOf(row).filter((board) => !skipped.has(board));
  const namesOf = pairNames(plan, participants);
  const twoWinners = plan.movement.winners === 2;
  const names = (side: 'NS' | 'EW', pair: number | undefined) =>
    pair === undefined ? [] : namesOf(twoWinners ? side : null, pair).map((n) => n.name);
  return {
    round,
    nsPair: row?.ns ?? 0,
    ewPair: row?.ew ?? 0,
    boards: boards.map((board) => {
      const line = lines.find((l) => l.boardNo === board);
      return {
        board,
        status: statusOf(line),
        nsScore: line ? line.nsScore : null,
        dealer: dealerOf(board),
        vulnerability: vulnerabilityOf(board),
        entry: line ? enteredResult(line) : null,
      };
    }),
    next: row ? tableMove(plan, row, tournament.rounds) : null,
    event: {
      key: tournament.key,
      name: tournament.typeName,
      rounds: tournament.rounds,
      showTravellers: tournament.showTravellers,
      online: tournament.liveTableEvent,
      videoChannel: tournament.liveTableEvent ? videoChannelName(tournament.key, tournament.type, table - 1) : null,
    },
    table,
    names: { ns: names('NS', row?.ns), ew: names('EW', row?.ew) },
    sitOut,
    started: tournament.startedAt !== null,
    complete: tournament.status === 'complete',
  };
}

/**
 * The row of this table in the event's current round, holding this board: a table enters, confirms and rejects
 * only the boards it plays now. After the round, only the director corrects.
 */
function boardOfCurrentRound(plan: EventPlan, tournament: TournamentRow, table: number, board: number) {
  const round = tournament.currentRound;
  const row = rowAt(plan, round, table);
  const refuse = (message: string) => new AppError(400, ErrorCode.validationFailed, message, [{ path: 'board', message }]);
  if (!row) throw refuse(`Table ${table} does not play in round ${round}`);
  if (sitsOut(plan, row)) throw refuse(`Table ${table} sits out in round ${round}: it has no boards to play`);
  if (!plan.boardsOf(row).includes(board)) {
    const earlier = plan.rows.find((r) => r.table === table && r.round !== round && plan.boardsOf(r).includes(board));
    throw refuse(
      earlier && earlier.round < round
        ? `Board ${board} was played at this table in round ${earlier.round}; round ${round} is in play now, so only the director can correct it`
        : `Board ${board} is not played at this table in round ${round}`,
    );
  }
  return row;
}

/**
 * An online event's lines come from its online tables as each board is played out, and a line at a table shows
 * its players the board's deal: a phone enters, confirms and rejects nothing there.
 */
function assertNotOnline(tournament: TournamentRow) {
  if (tournament.liveTableEvent) throw conflict(messagesOfTables.onlineEvent);
}

/** A table enters nothing before the director starts the session (and so opens round 1). */
function assertStarted(tournament: TournamentRow) {
  if (!tournament.startedAt) throw conflict(notStartedMessage);
}
export const notStartedMessage = 'The director has not started the session yet: the boards open when round 1 starts';

const adjustedMessage = (board: number) => `The director gave board ${board} an adjusted score; only the director can change it now`;

/**
 * North's entry of a board of this round, scored as the organiser's lines are (Law 77; a pass-out scores 0) and
 * kept as 'entered' until East-West confirm it; a confirmed board of this round may be entered again, and waits for
 * East-West again. The phone's `entryId` is remembered in the same transaction: the
 * same key again changes nothing and answers the score it had, even if the board was entered again since.
 */
export async function enterTableResult(
  { db, changes }: ChangeContext,
  tournament: TournamentRow,
  table: number,
  body: TableResultBody,
): Promise<{ score: number }> {
  if (body.contract.level > 0 && !body.declarer) {
    throw new AppError(400, ErrorCode.validationFailed, 'A contract needs a declarer', [
      { path: 'declarer', message: 'A contract needs a declarer' },
    ]);
  }
  const answer = await db.transaction().execute(async (trx) => {
    const current = await lockEvent(trx, tournament);
    assertNotOnline(current);
    const before = await repo.findTableEntry(trx, current.id, body.entryId);
    if (before) {
      if (before.tableNo !== table || before.boardNo !== body.board)
        throw conflict('This entry key was used for another entry; send the entry with a new key');
      return { score: before.nsScore };
    }
    assertActive(current);
    assertStarted(current);
    const plan = planEvent(current);
    const row = boardOfCurrentRound(plan, current, table, body.board);
    const notPlayed = await repo.listBoardsNotPlayed(trx, current.id, { round: row.round, table });
    if (notPlayed.some((b) => b.boardNo === body.board)) {
      throw badRequest(`The director marked board ${body.board} as not played at this table`);
    }
    const line = { board: body.board, contract: body.contract, declarer: body.declarer ?? null, tricks: body.tricks, lead: body.lead ?? null };
    // The table corrects its own results until the round ends, confirmed or not: a correction waits for East-West
    // again. A director's adjusted score stays the director's. A confirmed line let the phone read the board's
    // traveller: the line it replaces is kept, as replaced, for the director's live view.
    const confirmed = await repo.findResult(trx, current.id, { round: row.round, board: body.board, table });
    if (confirmed?.status === 'confirmed' && !confirmed.adjustedNs) await keepWithdrawn(trx, confirmed, 'replaced');
    const score = await writeTableLine(trx, current.id, row, line, { status: 'entered', existing: 'replace' });
    await repo.insertTableEntry(trx, { tournamentId: current.id, entryId: body.entryId, tableNo: table, boardNo: body.board, nsScore: score });
    return { score };
  });
  await changes.emit({ kind: 'tableEntryChanged', key: tournament.key, table });
  return answer;
}

/** What a table played on a board, as North enters it or an online table records it. */
export interface TableLine {
  board: number;
  contract: { level: number; strain: Strain; doubled: 0 | 1 | 2 };
  /** Null, like the strain, tricks and lead, once the board is passed out (level 0). */
  declarer: Seat | null;
  tricks: number;
  lead: string | null;
}

/**
 * Writes a table's line of a board in its movement row, scored by Law 77 with the board's vulnerability (a pass-out
 * scores 0), in the caller's transaction with the event locked. `status`: the line waits for East-West ('entered')
 * or is the record ('confirmed'). A line already there is corrected (`replace`, never over the director's adjusted
 * score) or kept as it is (`keep`). Answers the line's North-South score.
 */
export async function writeTableLine(
  trx: Db,
  tournamentId: string,
  row: MovementRow,
  line: TableLine,
  options: { status: 'entered' | 'confirmed'; existing: 'replace' | 'keep' },
): Promise<number> {
  const board = await findBoard(trx, tournamentId, line.board);
  if (!board) throw notFound(messages.eventNotFound);
  const vulnerability = board.vulnerability;
  const declarer = line.contract.level === 0 ? null : line.declarer;
  const score = declarer
    ? scoreOfPlay({ kind: 'played', contract: { ...line.contract, level: line.contract.level as 1 }, declarer, tricks: line.tricks }, vulnerability)
    : scoreOfPlay({ kind: 'passedOut' }, vulnerability);
  const at = { round: row.round, board: line.board, table: row.table };
  const existing = await repo.findResult(trx, tournamentId, at);
  if (existing && options.existing === 'keep') return existing.nsScore;
  if (existing?.adjustedNs) throw conflict(adjustedMessage(line.board));
  const values = {
    nsPair: row.ns,
    ewPair: row.ew,
    declarer,
    level: declarer ? line.contract.level : 0,
    strain: declarer ? line.contract.strain : null,
    doubled: declarer ? line.contract.doubled : 0,
    tricks: declarer ? line.tricks : null,
    nsScore: score,
    adjustedNs: null,
    adjustedEw: null,
    status: options.status,
    lead: declarer ? line.lead : null,
  };
  if (existing) await repo.updateResult(trx, existing.id, { ...values, editedAt: new Date() });
  else await repo.insertResult(trx, { tournamentId, round: at.round, boardNo: at.board, tableNo: at.table, ...values });
  return score;
}

/** The entered line of a board of this round, locked with its event, for East-West to confirm or reject. */
async function enteredLine(trx: Db, tournament: TournamentRow, table: number, board: number) {
  const current = await lockEvent(trx, tournament);
  assertNotOnline(current);
  assertActive(current);
  assertStarted(current);
  const row = boardOfCurrentRound(planEvent(current), current, table, board);
  const line = await repo.findResult(trx, current.id, { round: row.round, board, table });
  if (!line)
    throw new AppError(400, ErrorCode.validationFailed, `Board ${board} has no entry yet`, [
      { path: 'board', message: `Board ${board} has no entry yet` },
    ]);
  if (line.status === 'confirmed') throw conflict(`Board ${board} is confirmed already`);
  return line;
}

/** East-West agree with North's entry: the line is confirmed, and only the director changes it from now on. */
export async function confirmTableResult({ db, changes }: ChangeContext, tournament: TournamentRow, table: number, board: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const line = await enteredLine(trx, tournament, table, board);
    await repo.updateResult(trx, line.id, { status: 'confirmed' });
  });
  await changes.emit({ kind: 'tableEntryChanged', key: tournament.key, table });
}

/**
 * East-West disagree: the entry goes, and the board is open for North to enter again. The entry is kept as it was
 * entered, withdrawn, for the director's live view.
 */
export async function rejectTableResult({ db, changes }: ChangeContext, tournament: TournamentRow, table: number, board: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const line = await enteredLine(trx, tournament, table, board);
    await keepWithdrawn(trx, line, 'rejected');
    await repo.deleteResult(trx, line.id);
  });
  await changes.emit({ kind: 'tableEntryChanged', key: tournament.key, table });
}

/** A table's line as it was entered, kept for the director's live view once it is no longer the table's result. */
async function keepWithdrawn(trx: Db, line: BoardResultRow, reason: 'rejected' | 'replaced') {
  await repo.insertWithdrawnEntry(trx, {
    tournamentId: line.tournamentId,
    round: line.round,
    boardNo: line.boardNo,
    tableNo: line.tableNo,
    declarer: line.declarer,
    level: line.level,
    strain: line.strain,
    doubled: line.doubled,
    tricks: line.tricks,
    lead: line.lead,
    nsScore: line.nsScore,
    enteredAt: line.editedAt,
    reason,
  });
}

/**
 * A board's traveller so far, scored as the results page scores it, once East-West have confirmed this table's line
 * of the board, and where the event shows travellers at the table. An entry alone shows nothing: North could enter
 * anything, read the other tables' lines, and have East-West reject it.
 */
export async function tableTraveller(
  db: Db,
  tournament: TournamentRow,
  table: number,
  board: number,
): Promise<{ board: number; lines: ResultLine[] }> {
  if (!tournament.showTravellers) throw forbidden('This event does not show the travellers at the table');
  if ((await repo.tableResultStatus(db, tournament.id, { board, table })) !== 'confirmed') {
    throw forbidden(`Board ${board}'s traveller shows once East-West have confirmed this table's result`);
  }
  return { board, lines: await boardTraveller(db, tournament, board) };
}

/** A board's lines so far, scored as the results page scores them (against every result of the event). */
export async function boardTraveller(db: Db, tournament: TournamentRow, board: number): Promise<ResultLine[]> {
  const plan = planEvent(tournament);
  const results = await repo.listResultsInOrder(db, tournament.id);
  const scored = scoreEvent(results.map(travellerLineOf), {
    method: scoringMethodOf(tournament),
    winners: plan.movement.winners,
    scheduledBoards: scheduledBoards(plan),
  });
  return results.flatMap((r, i) => (r.boardNo === board ? [presentLine(r, scored.lines[i]!)] : []));
}

/** Where a board is played: a table in a round, and whether its result is in there. */
export interface BoardPlay {
  round: number;
  table: number;
  done: boolean;
}

/**
 * Every table that plays a board in the movement, over all its rounds (sit-outs and the places the director marked
 * not played aside), with whether its result is in there.
 */
export async function boardPlays(db: Db, tournament: TournamentRow, board: number): Promise<BoardPlay[]> {
  const plan = planEvent(tournament);
  const [results, notPlayed] = await Promise.all([repo.listResultsInOrder(db, tournament.id), repo.listNotPlayed(db, tournament.id)]);
  const skipped = new Set(notPlayed.filter((n) => n.boardNo === board).map((n) => `${n.round}/${n.tableNo}`));
  const done = new Set(results.filter((r) => r.boardNo === board).map((r) => `${r.round}/${r.tableNo}`));
  return plan.rows
    .filter((row) => plan.boardsOf(row).includes(board) && !sitsOut(plan, row) && !skipped.has(`${row.round}/${row.table}`))
    .map((row) => ({ round: row.round, table: row.table, done: done.has(`${row.round}/${row.table}`) }));
}
