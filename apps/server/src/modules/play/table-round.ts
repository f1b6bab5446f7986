import { actingSeat, awaitedAnswers, contractOf, declarerOf, openingLead, type BoardState, type Seat } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import type { EventChanges } from '../../lib/event-changes.ts';
import { onlineTable, recordPlayedBoard, type OnlineTable } from '../results/service.ts';
import { replayBoard, type Replayed } from './board-replay.ts';
import type { EventReading } from './event-reading.ts';
import * as repo from './repo.ts';

/** Who sends a seat's action: its user, as seated for a round (the socket's seat viewer). */
export interface SeatPlayer {
  userId: string;
  round: number;
}

/**
 * What one table plays in the round in play: its boards and players as the event has them, the board in play rebuilt
 * from its stored actions (the last board played, once the round is over here), the seats the director gave to a
 * robot, and why the board in play stopped. The table (live-table.ts) changes it, one change at a time.
 */
export class TableRound {
  online!: OnlineTable;
  /** The board in play, or the last board played when the round is over; null when the table has no board. */
  state: BoardState | null = null;
  /** Where the board in play is in `online.boards` (past the last once the round is over here). */
  boardIndex = 0;
  /** How many actions of the board in play are stored. */
  seq = 0;
  /** Seats the director gave to a robot for the rest of the round. */
  substitutes = new Set<Seat>();
  /**
   * Why the board in play cannot go on: a stored action no longer applies to its deal (changed under it). Nothing is
   * played at the table, and nothing stored is written over, until the director gives the board a result.
   */
  stopped: string | null = null;
  /** The seat whose stored action no longer applied: the director's call is made in its name (North for a ruling). */
  stoppedBy: Seat = 'N';

  constructor(
    private readonly db: Db,
    readonly table: number,
  ) {}

  get round() {
    return this.online.round;
  }
  get roundOver() {
    return this.online.boards.every((board) => board.done);
  }

  /** Whether the server plays this seat: a robot participant, or nobody sits there. */
  isRobot(seat: Seat): boolean {
    const player = this.online.players[seat];
    return !player || player.isBot || !player.userId || this.substitutes.has(seat);
  }

  /** The user who sits at a seat now, if any. */
  userAt(seat: Seat): string | null {
    return this.online.players[seat]?.userId ?? null;
  }

  /** Whether a player's seat, as they sat down, is theirs at the table now: the same user in the same round. */
  holds(seat: Seat, player: SeatPlayer) {
    return this.online.round === player.round && this.userAt(seat) === player.userId;
  }

  /** The seat the server must act for now, with what it must answer, if it plays that seat. */
  robotTurn(): { seat: Seat; answer?: 'claim' | 'undo' } | null {
    const state = this.state;
    if (!state || state.result || this.stopped) return null;
    const waiting = awaitedAnswers(state).find((seat) => this.isRobot(seat));
    if (waiting) return { seat: waiting, answer: state.claim ? 'claim' : 'undo' };
    const seat = actingSeat(state);
    return seat && this.isRobot(seat) ? { seat } : null;
  }

  /**
   * Takes what the table plays now (`online` when just read, else from the event's reading or a read of its own) and
   * rebuilds its board in play from the stored actions.
   */
  async load(tournament: TournamentRow, reading?: EventReading, online?: OnlineTable) {
    // Everything is read before anything is taken: a read that fails leaves the table as it was, whole.
    const table = online ?? (reading ? reading.table(this.table) : await onlineTable(this.db, tournament, this.table));
    const place = { tournamentId: tournament.id, round: table.round, table: this.table };
    const substitutes = new Set(reading ? reading.substitutes(this.table) : await repo.listSubstitutes(this.db, place));
    const boards = table.boards;
    const index = boards.findIndex((b) => !b.done);
    if (index < 0) {
      const last = boards.length > 0 ? await this.replay(tournament.id, table, boards.length - 1, reading) : null;
      this.online = table;
      this.substitutes = substitutes;
      this.boardIndex = boards.length;
      this.state = last?.state ?? null;
      this.stopped = null;
      return;
    }
    this.online = table;
    this.substitutes = substitutes;
    this.enter(index, await this.replay(tournament.id, table, index, reading));
  }

  /**
   * Whether the table plays on with what the event now has for it (`next`), taken in: the board in play is still to
   * be played, on the same deal; or the round was over here and still is, on the same boards. Else it must `load`.
   */
  playsOnWith(next: OnlineTable): boolean {
    const before = this.online;
    const board = before.boards[this.boardIndex];
    const nextBoard = board && next.boards.find((b) => b.board === board.board);
    const same =
      next.round === before.round &&
      next.boards.length === before.boards.length &&
      (board !== undefined
        ? nextBoard !== undefined && !nextBoard.done && JSON.stringify(nextBoard.deal) === JSON.stringify(board.deal)
        : next.boards.every((b, i) => b.done && b.board === before.boards[i]!.board));
    if (same) this.online = { ...next, boards: next.boards.map((b, i) => ({ ...b, done: i < this.boardIndex ? true : b.done })) };
    return same;
  }

  /** Posts the board played out as the table's result line (once: a line already there stays); the event's pages hear of it. */
  async post(tournament: TournamentRow, finished: BoardState, changes: EventChanges) {
    const board = this.online.boards[this.boardIndex]!;
    if (finished.board !== board.board) throw new Error(`board ${finished.board} played out is not board ${board.board} in play`);
    const contract = contractOf(finished) ?? { level: 0 as const, strain: 'NT' as const, doubled: 0 as const };
    await recordPlayedBoard({ db: this.db, changes }, tournament, {
      round: this.online.round,
      table: this.table,
      board: board.board,
      contract,
      declarer: declarerOf(finished),
      tricks: finished.result!.tricks,
      lead: openingLead(finished),
    });
    board.done = true;
  }

  /** Deals the next board of the round; false when the round is over here (the last board stays on show). */
  async dealNext(tournamentId: string): Promise<boolean> {
    const next = this.online.boards.findIndex((b) => !b.done);
    if (next < 0) {
      this.boardIndex = this.online.boards.length;
      return false;
    }
    // Read first: a read that fails leaves the board just played where it was (`settle` deals again).
    this.enter(next, await this.replay(tournamentId, this.online, next));
    return true;
  }

  /** Rebuilds the board at `index` of `table` from its stored actions (`replayBoard`). */
  private replay(tournamentId: string, table: OnlineTable, index: number, reading?: EventReading): Promise<Replayed> {
    return replayBoard(this.db, tournamentId, table, this.table, index, reading);
  }

  /** Puts in play the board at `index`, as `replay` rebuilt it: its state, its stored actions, and why it stopped. */
  private enter(index: number, replayed: Replayed) {
    this.boardIndex = index;
    this.state = replayed.state;
    this.seq = replayed.seq;
    this.stopped = replayed.stopped?.message ?? null;
    if (replayed.stopped) this.stoppedBy = replayed.stopped.by;
  }
}
