import { parseDeal, type Contract, type Deal, type MovementRow, type Seat, type Vulnerability } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { findBoard, listDeals, lockActiveEvent, planEvent, type EventPlan } from '../events/service.ts';
import { listSeatedParticipants, playersByTable, roundInPlay } from '../entries/service.ts';
import * as repo from './repo.ts';
import { writeTableLine } from './table-results.ts';

// An event's tables played online (modules/play runs them): what a table plays in the round in play, who sits
// there, and the result of a board played out, posted as the table's line beside every other result.

export interface OnlineBoard {
  board: number;
  deal: Deal;
  dealer: Seat;
  vulnerability: Vulnerability;
  /** A result is in for this board at this table (played out here, or entered by the director). */
  done: boolean;
}

export interface OnlineSeat {
  userId: string | null;
  names: string;
  /** Played by the server: the participant is a robot. An empty seat is played by a robot too. */
  isBot: boolean;
}

export interface OnlineTable {
  round: number;
  /** The table's row of the movement in this round; null when the table does not play it. */
  row: MovementRow | null;
  /** The row's boards in order, without those the director marked not played. */
  boards: OnlineBoard[];
  players: Partial<Record<Seat, OnlineSeat>>;
  plan: EventPlan;
}

export const unknownDealsMessage = 'The deals of this event are not known, so it cannot be played online';

/**
 * What the tables of an event play now, read once for them all: the round in play, the event's deals and
 * participants (each placed once), and the round's results and boards not played. Each table's part is cut from it.
 */
export interface OnlineTables {
  round: number;
  /** What a table plays now: a new object each time, as a table marks its boards done while it plays them. */
  table(table: number): OnlineTable;
}

/**
 * Reads what the event's tables play now: every table's part, or only the part of table `only` (the round's
 * results and boards not played of that table alone).
 */
export async function readOnlineTables(db: Db, tournament: TournamentRow, only?: number): Promise<OnlineTables> {
  const plan = planEvent(tournament);
  const round = await roundInPlay(db, tournament, plan);
  const at = only === undefined ? { round } : { round, table: only };
  const [boards, results, notPlayed, participants] = await Promise.all([
    listDeals(db, tournament.id),
    repo.listResultPlaces(db, tournament.id, at),
    repo.listNotPlayedPlaces(db, tournament.id, at),
    listSeatedParticipants(db, tournament.id),
  ]);
  const rows = new Map<number, MovementRow>();
  for (const row of plan.rows) if (row.round === round && !rows.has(row.table)) rows.set(row.table, row);
  const played = boardsByTable(results);
  const skipped = boardsByTable(notPlayed);
  const stored = new Map(boards.map((b) => [b.boardNo, b]));
  // The engine never changes a deal, so the tables that play a board share its parsed deal.
  const deals = new Map<number, Deal>();
  const dealOf = (board: number, text: string) => {
    let deal = deals.get(board);
    if (!deal) deals.set(board, (deal = parseDeal(text)));
    return deal;
  };
  const seated = playersByTable(plan, participants, round);
  return {
    round,
    table(table) {
      const row = rows.get(table) ?? null;
      const numbers = row ? plan.boardsOf(row).filter((board) => !skipped.get(table)?.has(board)) : [];
      const onlineBoards = numbers.map((board) => {
        const deal = stored.get(board);
        if (!deal?.deal) throw conflict(unknownDealsMessage);
        return {
          board,
          deal: dealOf(board, deal.deal),
          dealer: deal.dealer,
          vulnerability: deal.vulnerability,
          done: played.get(table)?.has(board) ?? false,
        };
      });
      const players: Partial<Record<Seat, OnlineSeat>> = {};
      for (const [seat, participant] of Object.entries(seated.get(table) ?? {}) as [Seat, (typeof participants)[number]][]) {
        players[seat] = { userId: participant.userId, names: participant.names, isBot: participant.isBot };
      }
      return { round, row, boards: onlineBoards, players, plan };
    },
  };
}

/** The boards of each table among lines or marks of a round. */
function boardsByTable(places: readonly { tableNo: number; boardNo: number }[]): Map<number, Set<number>> {
  const tables = new Map<number, Set<number>>();
  for (const { tableNo, boardNo } of places) {
    let boards = tables.get(tableNo);
    if (!boards) tables.set(tableNo, (boards = new Set()));
    boards.add(boardNo);
  }
  return tables;
}

/** What a table plays now: the round in play, its boards with their deals and whether each is done, and its players. */
export const onlineTable = async (db: Db, tournament: TournamentRow, table: number): Promise<OnlineTable> =>
  (await readOnlineTables(db, tournament, table)).table(table);

export interface PlayedBoard {
  round: number;
  table: number;
  board: number;
  contract: Contract;
  declarer: Seat | null;
  tricks: number;
  lead: string | null;
}

/**
 * The result of a board played out at an online table, posted as that table's line of the round (confirmed: the
 * play itself is the record). A line the director has already given stays as it is. Answers the North-South score.
 */
export async function recordPlayedBoard({ db, changes }: ChangeContext, tournament: TournamentRow, played: PlayedBoard): Promise<number> {
  const answer = await db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    const row = planEvent(current).rows.find((r) => r.round === played.round && r.table === played.table);
    if (!row) throw conflict(`Table ${played.table} does not play in round ${played.round}`);
    return writeTableLine(trx, current.id, row, played, { status: 'confirmed', existing: 'keep' });
  });
  await changes.emit({ kind: 'resultPosted', key: tournament.key, table: played.table });
  return answer;
}

/** A player's open call for the director at a table: the seat and when (ISO 8601). */
export interface DirectorCall {
  seat: Seat;
  at: string;
}

/** The open call for the director at a table, if any. */
export async function findDirectorCall(db: Db, tournament: Pick<TournamentRow, 'id'>, table: number): Promise<DirectorCall | null> {
  const row = await repo.findDirectorCall(db, tournament.id, table);
  return row ? { seat: row.seat, at: row.calledAt.toISOString() } : null;
}

/** A player at a table calls the director: the call, or null when the table has one open already. */
export async function callDirector(
  { db, changes }: ChangeContext,
  tournament: Pick<TournamentRow, 'id' | 'key'>,
  table: number,
  seat: Seat,
): Promise<DirectorCall | null> {
  const row = await repo.insertDirectorCall(db, { tournamentId: tournament.id, tableNo: table, seat });
  if (!row) return null;
  await changes.emit({ kind: 'directorCallChanged', key: tournament.key, table });
  return { seat: row.seat, at: row.calledAt.toISOString() };
}

/** The director answers a table's call; false when none was open. */
export async function answerDirectorCall(
  { db, changes }: ChangeContext,
  tournament: Pick<TournamentRow, 'id' | 'key'>,
  table: number,
): Promise<boolean> {
  const answered = await repo.deleteDirectorCall(db, tournament.id, table);
  if (answered) await changes.emit({ kind: 'directorCallChanged', key: tournament.key, table });
  return answered;
}

/** Every open call for the director of an event, oldest first: the director's live view lists them. */
export async function listDirectorCalls(db: Db, tournament: Pick<TournamentRow, 'id'>): Promise<(DirectorCall & { table: number })[]> {
  return (await repo.listDirectorCalls(db, tournament.id)).map((row) => ({ table: row.tableNo, seat: row.seat, at: row.calledAt.toISOString() }));
}

/** A rejected claim at a table, flagged for the director: where, whose claim of how many tricks, who rejected it, and when. */
export interface DisputedClaimFlag {
  table: number;
  round: number;
  board: number;
  seat: Seat;
  tricks: number;
  rejectedBy: Seat;
  at: string;
}

/** Flags a table's rejected claim for the director's live view, in place of an earlier one at that table. */
export async function flagDisputedClaim(
  { db, changes }: ChangeContext,
  tournament: Pick<TournamentRow, 'id' | 'key'>,
  flag: Omit<DisputedClaimFlag, 'at'>,
): Promise<void> {
  await repo.upsertDisputedClaim(db, {
    tournamentId: tournament.id,
    tableNo: flag.table,
    round: flag.round,
    boardNo: flag.board,
    seat: flag.seat,
    tricks: flag.tricks,
    rejectedBy: flag.rejectedBy,
  });
  await changes.emit({ kind: 'directorCallChanged', key: tournament.key, table: flag.table });
}

/** The director ruled on a table's disputed claim, or answered the table: its flag goes; false when none was there. */
export async function clearDisputedClaim(
  { db, changes }: ChangeContext,
  tournament: Pick<TournamentRow, 'id' | 'key'>,
  table: number,
): Promise<boolean> {
  const cleared = await repo.deleteDisputedClaim(db, tournament.id, table);
  if (cleared) await changes.emit({ kind: 'directorCallChanged', key: tournament.key, table });
  return cleared;
}

/** Every flagged rejected claim of an event, oldest first: the director's live view lists them. */
export async function listDisputedClaims(db: Db, tournament: Pick<TournamentRow, 'id'>): Promise<DisputedClaimFlag[]> {
  return (await repo.listDisputedClaims(db, tournament.id)).map((row) => ({
    table: row.tableNo,
    round: row.round,
    board: row.boardNo,
    seat: row.seat,
    tricks: row.tricks,
    rejectedBy: row.rejectedBy,
    at: row.disputedAt.toISOString(),
  }));
}

/** A board's deal, or null when the event does not know it. */
export async function boardDeal(db: Db, tournament: Pick<TournamentRow, 'id'>, board: number): Promise<Deal | null> {
  const stored = await findBoard(db, tournament.id, board);
  return stored?.deal ? parseDeal(stored.deal) : null;
}
