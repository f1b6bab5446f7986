import { applyAction, type Actor, type BoardState, type Seat, type TableAction } from '@bridge/engine';
import type { PlayTableState } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import type { EventChanges } from '../../lib/event-changes.ts';
import { clockOf } from '../events/service.ts';
import { findDirectorCall, onlineTable } from '../results/service.ts';
import { markWrite, type EventReading } from './event-reading.ts';
import { notSeatedMessage } from './policy.ts';
import { TablePresence } from './presence.ts';
import * as repo from './repo.ts';
import { TableDirector } from './table-director.ts';
import { TableRound, type SeatPlayer } from './table-round.ts';
import type { TableSnapshot } from './table-view.ts';

export type { SeatPlayer };

/**
 * What a change of the table answers its caller, who relays it (decision 061): the table as it stood after each step,
 * in order (a board's end, then the next board dealt), and whether the play moved on, so a robot may have to act.
 */
export interface TableOutcome {
  /** Why the table refused the request (nothing changed); null when it took it. */
  refusal: string | null;
  /** Every frame of the change, in order: each is relayed to every socket at the table. */
  told: TableSnapshot[];
  /** Whether the play may have moved on: false when only the round clock or who is away changed. */
  moved: boolean;
  /** A failure after part of the change was told: the caller relays the frames, then fails with it. */
  failure?: unknown;
}

/**
 * What the table announces besides its frames (those are its caller's to relay): to the event's change stream, and
 * to the server's log.
 */
export interface LiveTableHooks {
  /**
   * Where the services the table calls tell a board's result posted, a call for the director and a disputed claim's
   * flag, once stored: the event's pages, phones and live views hear of them (lib/event-changes.ts).
   */
  changes: EventChanges;
  /** The table stopped: a stored action no longer applies to the board's deal (the server's log says it). */
  stopped?(key: string, table: number, message: string): void;
  /** A write the table goes on without (it tries it again) failed: the server's log says it. */
  failed?(key: string, table: number, error: unknown, message: string): void;
}

export const seatWithRobotMessage = 'The director has given your seat to a robot for the rest of the round';
export const directorCalledMessage = 'The director has been called to this table already and is on the way';
export const noDirectorCallMessage = 'Nobody at this table has called the director';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** Whether two readings of an event hold the same round clock (paused or run, a new round, another round time). */
const sameClock = (a: TournamentRow, b: TournamentRow) =>
  a.roundStartedAt?.getTime() === b.roundStartedAt?.getTime() &&
  a.roundElapsedMs === b.roundElapsedMs &&
  a.boardsPerRound === b.boardsPerRound &&
  Number(a.minutesPerBoard) === Number(b.minutesPerBoard);

/**
 * One table of an online event, in this process: what it plays in the round (`TableRound`), its business with the
 * director, and who is away. Every change runs through `run`, one after another, so two messages never race: an
 * action is checked by the engine and stored, then answers its outcome, the frames its caller relays; a board played
 * out is posted as the table's result and the next board of the round is dealt.
 */
export class LiveTable {
  private queue: Promise<unknown> = Promise.resolve();
  /** What the table plays: the round's boards and players, the board in play. */
  private readonly play: TableRound;
  private readonly director: TableDirector;
  /** This table's last write of a result or a substitute (`markWrite`): an event's reading older than it misses it. */
  private lastWrite = 0;
  /** Let go by its host: it takes nothing more. */
  closed = false;
  /** Who has a seat's socket at the table, as the instances report it, and who is away. */
  readonly presence: TablePresence;

  private constructor(
    private readonly db: Db,
    private tournament: TournamentRow,
    readonly table: number,
    private readonly hooks: LiveTableHooks,
  ) {
    this.play = new TableRound(db, table);
    this.director = new TableDirector(db, { id: tournament.id, key: tournament.key }, table, hooks);
    this.presence = new TablePresence(this.play);
  }

  /** Opens a table: from the event's reading when its tables open together, else from a read of its own. */
  static async open(db: Db, tournament: TournamentRow, table: number, hooks: LiveTableHooks, reading?: EventReading): Promise<LiveTable> {
    const live = new LiveTable(db, tournament, table, hooks);
    // A call stays open over rounds and restarts until the director answers it.
    live.director.call = reading ? reading.directorCall(table) : await findDirectorCall(db, tournament, table);
    await live.load(tournament, reading);
    return live;
  }

  get key() {
    return this.tournament.key;
  }
  /** The board in play, or the last board played when the round is over; null when the table has no board. */
  get state(): BoardState | null {
    return this.play.state;
  }

  /** The seat the server must act for now, with what it must answer, if it plays that seat. */
  robotTurn() {
    return this.play.robotTurn();
  }

  /**
   * The director gives a seat to a robot for the rest of the round (its player away too long), or back to its
   * player. Refused for a seat nobody holds: a robot plays it already.
   */
  setRobot(seat: Seat, robot: boolean): Promise<TableOutcome> {
    return this.change(async (tell) => {
      const player = this.play.online.players[seat];
      if (!player?.userId || player.isBot) return 'A robot plays this seat already: nobody holds it';
      const place = { tournamentId: this.tournament.id, round: this.play.round, table: this.table };
      if (robot) await repo.insertSubstitute(this.db, place, seat);
      else await repo.deleteSubstitute(this.db, place, seat);
      this.lastWrite = markWrite();
      if (robot) this.play.substitutes.add(seat);
      else this.play.substitutes.delete(seat);
      tell();
      return null;
    });
  }

  /** A player at the table calls the director; refused while a call is open. */
  callDirector(seat: Seat, player?: SeatPlayer): Promise<TableOutcome> {
    return this.change(async (tell) => {
      if (player && !this.play.holds(seat, player)) return notSeatedMessage;
      if (this.director.call) return directorCalledMessage;
      const opened = await this.director.open(seat);
      tell();
      // Another instance opened it while it held the table: the stored call is the table's.
      if (!opened) return directorCalledMessage;
      return null;
    });
  }

  /** The director answers the table's call: it is cleared, and so is the flag of a rejected claim there. */
  directorHere(): Promise<TableOutcome> {
    return this.change(async (tell) => {
      if (!(await this.director.answer())) return noDirectorCallMessage;
      tell();
      return null;
    });
  }

  /**
   * An instance's count of its seat sockets at the table, per user (all of them, so one replaces the last); `seq`
   * orders an instance's reports, so a late one never undoes a newer. When a seat's presence changed, the outcome
   * tells it.
   */
  reportPresence(instance: string, seq: number, users: Record<string, number>): Promise<TableOutcome> {
    // In turn with the table's changes: a report never tells a table caught halfway through a reload (a new round's
    // players with the last round's board).
    return this.change(async (tell) => {
      const now = Date.now();
      const known = this.presence.knows(instance);
      if (!this.presence.note(instance, seq, users, now)) return null;
      // An instance heard for the first time may hold the table as it read it itself: it hears the owner's.
      if (!known || this.presence.changed(now)) tell(false);
      return null;
    });
  }

  /** Tells who is away when it changed since the table last told it (a report lapsed); null when that failed. */
  checkPresence(): Promise<TableOutcome | null> {
    return this.change(async (tell) => {
      if (this.presence.changed(Date.now())) tell(false);
      return null;
    }).catch(() => null);
  }

  /** Runs `work` after everything queued before it; a failure is the caller's, and does not stop the queue. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(() => (this.closed ? Promise.reject(new Error('The table is closed')) : work()));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Runs a change in turn (`run`) and answers its outcome: `work` calls `tell` at each step the sockets must see
   * (`tell(false)` when the play did not move on) and answers its refusal. A failure after a step was told comes back
   * in the outcome, so that step is relayed before it; a failure before any step fails the change.
   */
  private change(work: (tell: (moved?: boolean) => void) => Promise<string | null>): Promise<TableOutcome> {
    return this.run(async () => {
      const outcome: TableOutcome = { refusal: null, told: [], moved: false };
      const tell = (moved = true) => {
        outcome.told.push(this.snapshot());
        outcome.moved ||= moved;
      };
      try {
        outcome.refusal = await work(tell);
      } catch (failure) {
        if (outcome.told.length === 0) throw failure;
        outcome.failure = failure;
      }
      return outcome;
    });
  }

  /**
   * Takes in a change of the event (a new round, a result the director entered, its clock), from the event's reading
   * when given: reloads when what the table plays changed; else tells a change of the round clock alone.
   */
  reload(tournament: TournamentRow, reading?: EventReading): Promise<TableOutcome> {
    return this.change(async (tell) => {
      const before = this.play.online;
      // The reading holds this table as it is unless the table wrote a result or a substitute since it began.
      const shared = reading && this.lastWrite <= reading.asOf ? reading : undefined;
      const next = shared ? shared.table(this.table) : await onlineTable(this.db, tournament, this.table);
      const clockChanged = !sameClock(this.tournament, tournament);
      this.tournament = tournament;
      if (this.play.playsOnWith(next)) {
        // A substitute the director seated: the sockets hear the new name, and the seat changes hands (and the clock).
        if (JSON.stringify(next.players) !== JSON.stringify(before.players)) tell();
        else if (clockChanged) tell(false);
        return null;
      }
      await this.load(tournament, shared, next);
      tell();
      return null;
    });
  }

  /** An action by a seat (or the director): refused with the engine's message, or stored and applied, then told. */
  act(actor: Actor, action: TableAction, player?: SeatPlayer): Promise<TableOutcome> {
    return this.change(async (tell) => {
      const play = this.play;
      // Checked in turn with the table's reloads: a message sent before a new round is not played in it, whoever
      // sits there now; and a seat the director gave to a robot is the robot's.
      if (player && (actor === 'director' || !play.holds(actor, player))) return notSeatedMessage;
      if (player && play.substitutes.has(actor as Seat)) return seatWithRobotMessage;
      if (play.stopped) return play.stopped;
      if (!play.state || play.state.result) return play.roundOver ? 'Every board of this round is played at this table' : 'No board is in play';
      const outcome = applyAction(play.state, actor, action);
      if (!outcome.ok) return outcome.message;
      const board = play.online.boards[play.boardIndex]!;
      const place = { tournamentId: this.tournament.id, round: play.round, table: this.table, board: board.board };
      try {
        await repo.insertAction(this.db, place, play.seq + 1, actor, action);
      } catch (error) {
        // Another writer took this place: the table's truth is in the database; read it again.
        await this.load(this.tournament);
        tell();
        throw error;
      }
      play.seq += 1;
      const disputed = outcome.state.disputed;
      play.state = outcome.state;
      // Stored, the action stands: every seat hears the table as it is now, whatever fails after.
      try {
        if (action.type === 'claimResponse' && !action.accept && disputed) {
          const { seat, tricks, rejectedBy } = disputed;
          await this.director.flagDispute({ table: this.table, round: play.round, board: board.board, seat, tricks, rejectedBy });
        }
        if (action.type === 'directorRuling') await this.director.clearDispute();
        // A board played out is posted first, so whoever sees its end finds its line in the results.
        if (outcome.state.result) await this.postResult(outcome.state);
      } finally {
        // Every seat sees the board's end (the result, all four hands) before the next board is dealt.
        tell();
      }
      if (outcome.state.result && (await this.dealNext())) tell();
      return null;
    });
  }

  /**
   * A board played out whose result could not be posted (the database failed after its last card was stored, or
   * before a restart), or whose next board could not be read: the result is posted now and the next board dealt, as
   * `act` would have.
   */
  settle(): Promise<TableOutcome> {
    return this.change(async (tell) => {
      await this.director.retryFlag();
      const state = this.play.state;
      const board = this.play.online.boards[this.play.boardIndex];
      // Only a board's own play is posted as its result.
      if (!state?.result || !board || state.board !== board.board) return null;
      const posted = board.done;
      if (!posted) {
        await this.postResult(state);
        tell();
      }
      // Posted before, but the next board could not be read then: it is dealt now (or the round is over here).
      if ((await this.dealNext()) || posted) tell();
      return null;
    });
  }

  /** The table as its sockets are told it, on this instance and the others. */
  snapshot(): TableSnapshot {
    const now = Date.now();
    const play = this.play;
    const aways = this.presence.tell(now);
    const players = Object.fromEntries(
      SEATS.map((seat) => {
        const player = play.online.players[seat];
        const robot = play.isRobot(seat);
        return [seat, { name: player && !robot ? player.names : player?.names || 'Robot', robot, away: aways[seat] }];
      }),
    ) as PlayTableState['players'];
    return {
      key: this.tournament.key,
      table: this.table,
      round: play.round,
      state: play.state,
      players,
      boards: { played: play.online.boards.filter((b) => b.done).length, total: play.online.boards.length },
      roundOver: play.roundOver,
      directorCall: this.director.call,
      stopped: play.stopped,
      seatedUsers: Object.fromEntries(SEATS.flatMap((seat) => (play.userAt(seat) ? [[seat, play.userAt(seat)!]] : []))),
      clock: { ...clockOf(this.tournament, now), at: now },
    };
  }

  close() {
    this.closed = true;
  }

  /** Takes what the table plays now (`TableRound.load`); a board in play that stopped calls the director. */
  private async load(tournament: TournamentRow, reading?: EventReading, online?: Parameters<TableRound['load']>[2]) {
    await this.play.load(tournament, reading, online);
    await this.director.callForStop(this.play.stopped, this.play.stoppedBy);
  }

  /** Posts the board's result (`TableRound.post`, which the event's pages hear of). */
  private async postResult(finished: BoardState) {
    await this.play.post(this.tournament, finished, this.hooks.changes);
    this.lastWrite = markWrite();
  }

  /** Deals the next board of the round; false when the round is over here (the last board stays on show). */
  private async dealNext(): Promise<boolean> {
    if (!(await this.play.dealNext(this.tournament.id))) return false;
    await this.director.callForStop(this.play.stopped, this.play.stoppedBy);
    return true;
  }
}
