import { parseDeal, type Contract, type Deal, type MovementRow, type Seat, type Vulnerability } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { planEvent, type EventPlan } from './movement.ts';
import * as repo from './repo.ts';
import { playersByTable, roundInPlay } from './seating.ts';
import { lockActiveEvent, scoreOfPlay } from './service.ts';

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
    repo.listDeals(db, tournament.id),
    repo.listResultPlaces(db, tournament.id, at),
    repo.listNotPlayedPlaces(db, tournament.id, at),
    repo.listSeatedParticipants(db, tournament.id),
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
export async function recordPlayedBoard(db: Db, tournament: TournamentRow, played: PlayedBoard): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const current = await lockActiveEvent(trx, tournament, 'results');
    const plan = planEvent(current);
    const row = plan.rows.find((r) => r.round === played.round && r.table === played.table);
    if (!row) throw conflict(`Table ${played.table} does not play in round ${played.round}`);
    const board = await repo.findBoard(trx, current.id, played.board);
    const vulnerability = (board?.vulnerability ?? 'None') as Vulnerability;
    const passedOut = played.contract.level === 0 || !played.declarer;
    const score = passedOut
      ? scoreOfPlay({ kind: 'passedOut' }, vulnerability)
      : scoreOfPlay(
          { kind: 'played', contract: { ...played.contract, level: played.contract.level as 1 }, declarer: played.declarer!, tricks: played.tricks },
          vulnerability,
        );
    const existing = await repo.findResult(trx, current.id, { round: played.round, board: played.board, table: played.table });
    if (existing) return existing.nsScore;
    await repo.insertResult(trx, {
      tournamentId: current.id,
      round: played.round,
      boardNo: played.board,
      tableNo: played.table,
      nsPair: row.ns,
      ewPair: row.ew,
      declarer: passedOut ? null : played.declarer!,
      level: played.contract.level,
      strain: passedOut ? null : played.contract.strain,
      doubled: passedOut ? 0 : played.contract.doubled,
      tricks: passedOut ? null : played.tricks,
      nsScore: score,
      adjustedNs: null,
      adjustedEw: null,
      status: 'confirmed',
      lead: passedOut ? null : played.lead,
    });
    return score;
  });
}

/** The keys of the online events in play (started, not complete): their tables run on the server. */
export const listOnlineEventsInPlay = async (db: Db): Promise<string[]> => (await repo.listOnlineEventsInPlay(db)).map((row) => row.key);
