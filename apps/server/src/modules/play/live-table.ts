import {
  actingSeat,
  applyAction,
  awaitedAnswers,
  contractOf,
  declarerOf,
  openingLead,
  seatView,
  startBoard,
  type Actor,
  type BoardState,
  type Seat,
  type TableAction,
  type Viewer,
} from '@bridge/engine';
import type { PlayTableState } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import {
  answerDirectorCall,
  callDirector,
  clearDisputedClaim,
  findDirectorCall,
  flagDisputedClaim,
  onlineTable,
  recordPlayedBoard,
  type DirectorCall,
  type OnlineTable,
} from '../events/online-tables.ts';
import { clockOf } from '../events/sessions.ts';
import { markWrite, type EventReading } from './event-reading.ts';
import * as repo from './repo.ts';

/**
 * Who looks at a table through a socket: a seat of it (its user's, in the round the movement put them there), a
 * kibitzer, or the director (every hand).
 */
export type TableViewer = { kind: 'seat'; seat: Seat; userId: string; round: number } | { kind: 'kibitzer' } | { kind: 'director' };

/**
 * A table as its owner tells it: the whole board (every hand) and what the frames add to it. Each instance with
 * sockets at the table cuts each viewer's frame from it (`viewOf`); it never leaves the servers.
 */
export interface TableSnapshot {
  key: string;
  table: number;
  round: number;
  state: BoardState | null;
  players: PlayTableState['players'];
  boards: PlayTableState['boards'];
  roundOver: boolean;
  directorCall: DirectorCall | null;
  /** Why the table has stopped (its stored play no longer fits the board's deal); null while it plays. */
  stopped: string | null;
  /** The user at each seat this round: a seat's socket hears the table only while its user sits there. */
  seatedUsers: Partial<Record<Seat, string>>;
  /** The event's round clock as read at `at` (milliseconds since the epoch): each frame runs a running clock on from there. */
  clock: PlayTableState['clock'] & { at: number };
}

/**
 * Whether a seat's socket holds its seat at the table as the snapshot tells it: `ahead` when the socket sat down for
 * a round the table has not taken in yet (it hears the table once it has); `lost` when a new round moved its user
 * on (to another table, or another seat of this one) or a substitute took the seat: another hand is there now.
 */
export function seatHeld(snapshot: TableSnapshot, viewer: TableViewer): 'held' | 'ahead' | 'lost' {
  if (viewer.kind !== 'seat') return 'held';
  if (viewer.round > snapshot.round) return 'ahead';
  return viewer.round === snapshot.round && snapshot.seatedUsers[viewer.seat] === viewer.userId ? 'held' : 'lost';
}

/** The round clock as it stands at `now`, from the snapshot's reading. */
function clockAt(clock: TableSnapshot['clock'], now: number): PlayTableState['clock'] {
  const { at, ...reading } = clock;
  return clock.running ? { ...reading, elapsedMs: reading.elapsedMs + Math.max(0, now - at) } : reading;
}

/** Whether two readings of an event hold the same round clock (paused or run, a new round, another round time). */
const sameClock = (a: TournamentRow, b: TournamentRow) =>
  a.roundStartedAt?.getTime() === b.roundStartedAt?.getTime() &&
  a.roundElapsedMs === b.roundElapsedMs &&
  a.boardsPerRound === b.boardsPerRound &&
  Number(a.minutesPerBoard) === Number(b.minutesPerBoard);

/** The frame a viewer gets from a snapshot: only what it may see. */
export function viewOf(snapshot: TableSnapshot, viewer: TableViewer, now: number = Date.now()): PlayTableState | null {
  if (!snapshot.state || seatHeld(snapshot, viewer) !== 'held') return null;
  const engineViewer: Viewer = viewer.kind === 'seat' ? viewer.seat : viewer.kind === 'kibitzer' ? 'kibitzer' : 'all';
  const view = seatView(snapshot.state, engineViewer);
  return {
    ...view,
    key: snapshot.key,
    table: snapshot.table,
    round: snapshot.round,
    contract: view.contract && view.contract.level > 0 ? view.contract : null,
    players: snapshot.players,
    boards: snapshot.boards,
    roundOver: snapshot.roundOver,
    directorCall: snapshot.directorCall,
    stopped: snapshot.stopped ?? null,
    clock: clockAt(snapshot.clock, now),
  };
}

export interface LiveTableHooks {
  /** A board's result was posted: the event's pages and phones hear of it. */
  resultPosted(key: string, table: number): void;
  /** The table changed: its sockets hear of it and its robots may act. */
  changed(table: LiveTable): void;
  /** A player called the director, a claim was rejected, or the director answered or ruled: the director's live view hears of it. */
  directorCallChanged(key: string, table: number): void;
  /** The event's round clock changed (paused, run) while the table plays on: its sockets hear of it, nothing else. */
  clockChanged(table: LiveTable): void;
  /** Only who is away changed: its sockets hear of it (nothing for the robots to do); else `changed` is told. */
  presenceChanged?(table: LiveTable): void;
  /** The table stopped: a stored action no longer applies to the board's deal (the server's log says it). */
  stopped?(key: string, table: number, message: string): void;
  /** A write the table goes on without (it tries it again) failed: the server's log says it. */
  failed?(key: string, table: number, error: unknown, message: string): void;
}

export const notSeatedMessage = 'You are not seated at this table in the current round';
export const seatWithRobotMessage = 'The director has given your seat to a robot for the rest of the round';

/** Who sends a seat's action: its user, as seated for a round (the socket's seat viewer). */
export interface SeatPlayer {
  userId: string;
  round: number;
}
export const directorCalledMessage = 'The director has been called to this table already and is on the way';
export const noDirectorCallMessage = 'Nobody at this table has called the director';

/** Why a table stopped: the stored action `at` (of `total`) of the board in play no longer applies to its deal. */
export const stoppedMessage = (board: number, at: number, total: number) =>
  `Board ${board} cannot go on at this table: its stored play no longer fits its deal (action ${at} of ${total}). Play has stopped and the director is called.`;

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/**
 * One table of an online event, in this process: the board in play rebuilt from its stored actions, the sockets
 * at it, and its players. Every change runs through `run`, one after another, so two messages never race: an
 * action is checked by the engine, stored, then broadcast; a board played out is posted as the table's result and
 * the next board of the round is dealt.
 */
export class LiveTable {
  private queue: Promise<unknown> = Promise.resolve();
  private online!: OnlineTable;
  /** The board in play, or the last board played when the round is over; null when the table has no board. */
  state: BoardState | null = null;
  private boardIndex = 0;
  private seq = 0;
  /** Seats the director gave to a robot for the rest of the round. */
  private substitutes = new Set<Seat>();
  /** A player's call for the director, open until the director answers it. */
  private directorCall: DirectorCall | null = null;
  /**
   * Why the board in play cannot go on: a stored action no longer applies to its deal (changed under it). Nothing is
   * played at the table, and nothing stored is written over, until the director gives the board a result.
   */
  private stopped: string | null = null;
  /** The seat whose stored action no longer applied: the director's call is made in its name (North for a ruling). */
  private stoppedBy: Seat = 'N';
  /** This table's last write of a result or a substitute (`markWrite`): an event's reading older than it misses it. */
  private lastWrite = 0;
  /** The flag of a disputed claim the database refused: written by the next `settle`. */
  private flagLeft: (() => Promise<boolean>) | null = null;
  /** Let go by its host: it takes nothing more. */
  closed = false;
  /**
   * Who has a seat's socket at the table: each instance's last count of its sockets per user, and when the owner
   * heard it. A report older than `presenceTtlMs` no longer counts (its instance went without a word).
   */
  private readonly presence = new Map<string, { seq: number; at: number; users: Record<string, number> }>();
  /** How long an instance's report counts without being heard again; for ever with one instance. */
  presenceTtlMs = Number.POSITIVE_INFINITY;
  /** Since when each user of a seat here has been away, as the table first saw them away. */
  private readonly awaySince = new Map<string, string>();
  /** Each seat's `away` as the table last told it, to tell a change of presence. */
  private toldAway: Partial<Record<Seat, string | null>> = {};

  private constructor(
    private readonly db: Db,
    private tournament: TournamentRow,
    readonly table: number,
    private readonly hooks: LiveTableHooks,
  ) {}

  /** Opens a table: from the event's reading when its tables open together, else from a read of its own. */
  static async open(db: Db, tournament: TournamentRow, table: number, hooks: LiveTableHooks, reading?: EventReading): Promise<LiveTable> {
    const live = new LiveTable(db, tournament, table, hooks);
    // A call stays open over rounds and restarts until the director answers it.
    live.directorCall = reading ? reading.directorCall(table) : await findDirectorCall(db, tournament, table);
    await live.load(tournament, reading);
    return live;
  }

  get key() {
    return this.tournament.key;
  }
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

  /**
   * The director gives a seat to a robot for the rest of the round (its player away too long), or back to its
   * player. Refused for a seat nobody holds: a robot plays it already.
   */
  setRobot(seat: Seat, robot: boolean): Promise<string | null> {
    return this.run(async () => {
      const player = this.online.players[seat];
      if (!player?.userId || player.isBot) return 'A robot plays this seat already: nobody holds it';
      const place = { tournamentId: this.tournament.id, round: this.online.round, table: this.table };
      if (robot) await repo.insertSubstitute(this.db, place, seat);
      else await repo.deleteSubstitute(this.db, place, seat);
      this.lastWrite = markWrite();
      if (robot) this.substitutes.add(seat);
      else this.substitutes.delete(seat);
      this.hooks.changed(this);
      return null;
    });
  }

  /** A player at the table calls the director; refused while a call is open. */
  callDirector(seat: Seat, player?: SeatPlayer): Promise<string | null> {
    return this.run(async () => {
      if (player && !this.holds(seat, player)) return notSeatedMessage;
      if (this.directorCall) return directorCalledMessage;
      const call = await callDirector(this.db, this.tournament, this.table, seat);
      if (!call) {
        // Another instance opened it while it held the table: the stored call is the table's.
        this.directorCall = await findDirectorCall(this.db, this.tournament, this.table);
        this.hooks.changed(this);
        return directorCalledMessage;
      }
      this.directorCall = call;
      this.hooks.changed(this);
      this.hooks.directorCallChanged(this.key, this.table);
      return null;
    });
  }

  /** The director answers the table's call: it is cleared, and so is the flag of a rejected claim there. */
  directorHere(): Promise<string | null> {
    return this.run(async () => {
      const answered = await answerDirectorCall(this.db, this.tournament, this.table);
      const settled = await clearDisputedClaim(this.db, this.tournament, this.table);
      // A flag the database refused before is answered too.
      this.flagLeft = null;
      if (!answered && !settled && !this.directorCall) return noDirectorCallMessage;
      this.directorCall = null;
      this.hooks.changed(this);
      this.hooks.directorCallChanged(this.key, this.table);
      return null;
    });
  }

  /**
   * An instance's count of its seat sockets at the table, per user (all of them, so one replaces the last); `seq`
   * orders an instance's reports, so a late one never undoes a newer. Answers whether a seat's presence changed,
   * which the sockets then hear.
   */
  reportPresence(instance: string, seq: number, users: Record<string, number>): Promise<string | null> {
    // In turn with the table's changes: a report never tells a table caught halfway through a reload (a new round's
    // players with the last round's board).
    return this.run(async () => {
      const now = Date.now();
      const known = this.presence.has(instance);
      if (!this.notePresence(instance, seq, users, now)) return null;
      // An instance heard for the first time may hold the table as it read it itself: it hears the owner's.
      if (!known) this.tellPresence();
      else this.checkPresenceNow(now);
      return null;
    });
  }

  /** Takes an instance's report in without telling anyone; false when a newer one was taken already. */
  notePresence(instance: string, seq: number, users: Record<string, number>, now = Date.now()): boolean {
    const last = this.presence.get(instance);
    if (last && last.seq > seq) return false;
    this.presence.set(instance, { seq, at: now, users });
    return true;
  }

  /** Takes the presence a previous owner told (a takeover): who was there counts as there until the instances report. */
  adoptPresence(previous: TableSnapshot, now = Date.now()) {
    // Alone, an instance is told every change of its own sockets: nothing to carry over.
    if (previous.round !== this.online.round || !Number.isFinite(this.presenceTtlMs)) return;
    const there: Record<string, number> = {};
    for (const seat of SEATS) {
      const user = this.userAt(seat);
      if (!user || previous.seatedUsers[seat] !== user) continue;
      const away = previous.players[seat]?.away;
      if (away) this.awaySince.set(user, away);
      else if (away === null && !previous.players[seat].robot) there[user] = 1;
    }
    this.presence.set('previous owner', { seq: 0, at: now, users: there });
    this.toldAway = this.aways(now);
  }

  /** When a seat's presence changed since the table last told it (a report came, or one lapsed), the sockets hear it. */
  checkPresence(): Promise<void> {
    return this.run(async () => this.checkPresenceNow(Date.now())).catch(() => undefined);
  }

  private checkPresenceNow(now: number) {
    const aways = this.aways(now);
    if (SEATS.some((seat) => aways[seat] !== this.toldAway[seat])) this.tellPresence();
  }

  private tellPresence() {
    if (this.hooks.presenceChanged) this.hooks.presenceChanged(this);
    else this.hooks.changed(this);
  }

  /** Each seat's `away`: since when its player has had no socket here; null while there, and for a robot's seat. */
  private aways(now: number): Record<Seat, string | null> {
    for (const [instance, report] of this.presence) if (now - report.at > this.presenceTtlMs) this.presence.delete(instance);
    const aways = {} as Record<Seat, string | null>;
    for (const seat of SEATS) {
      const user = this.userAt(seat);
      if (!user || this.isRobot(seat)) {
        aways[seat] = null;
        continue;
      }
      const there = [...this.presence.values()].some((report) => (report.users[user] ?? 0) > 0);
      if (there) this.awaySince.delete(user);
      else if (!this.awaySince.has(user)) this.awaySince.set(user, new Date(now).toISOString());
      aways[seat] = there ? null : this.awaySince.get(user)!;
    }
    const seated = new Set(SEATS.map((seat) => this.userAt(seat)));
    for (const user of this.awaySince.keys()) if (!seated.has(user)) this.awaySince.delete(user);
    return aways;
  }

  /** Whether a player's seat, as they sat down, is theirs at the table now: the same user in the same round. */
  private holds(seat: Seat, player: SeatPlayer) {
    return this.online.round === player.round && this.userAt(seat) === player.userId;
  }

  /** The user who sits at a seat now, if any. */
  userAt(seat: Seat): string | null {
    return this.online.players[seat]?.userId ?? null;
  }

  /** Runs `work` after everything queued before it; a failure is the caller's, and does not stop the queue. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(() => (this.closed ? Promise.reject(new Error('The table is closed')) : work()));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Takes in a change of the event (a new round, a result the director entered, its clock), from the event's reading
   * when given: reloads when what the table plays changed; else tells a change of the round clock alone.
   */
  reload(tournament: TournamentRow, reading?: EventReading): Promise<void> {
    return this.run(async () => {
      const before = this.online;
      // The reading holds this table as it is unless the table wrote a result or a substitute since it began.
      const shared = reading && this.lastWrite <= reading.asOf ? reading : undefined;
      const next = shared ? shared.table(this.table) : await onlineTable(this.db, tournament, this.table);
      const board = before.boards[this.boardIndex];
      const nextBoard = board && next.boards.find((b) => b.board === board.board);
      // The board in play is still to be played, on the same deal; or the round was over here and still is, on the
      // same boards.
      const same =
        next.round === before.round &&
        next.boards.length === before.boards.length &&
        (board !== undefined
          ? nextBoard !== undefined && !nextBoard.done && JSON.stringify(nextBoard.deal) === JSON.stringify(board.deal)
          : next.boards.every((b, i) => b.done && b.board === before.boards[i]!.board));
      const clockChanged = !sameClock(this.tournament, tournament);
      this.tournament = tournament;
      if (same) {
        this.online = { ...next, boards: next.boards.map((b, i) => ({ ...b, done: i < this.boardIndex ? true : b.done })) };
        // A substitute the director seated: the sockets hear the new name, and the seat changes hands (and the clock).
        if (JSON.stringify(next.players) !== JSON.stringify(before.players)) this.hooks.changed(this);
        else if (clockChanged) this.hooks.clockChanged(this);
        return;
      }
      await this.load(tournament, shared, next);
      this.hooks.changed(this);
    });
  }

  /** An action by a seat (or the director): refused with the engine's message, or stored, applied and broadcast. */
  act(actor: Actor, action: TableAction, player?: SeatPlayer): Promise<string | null> {
    return this.run(async () => {
      // Checked in turn with the table's reloads: a message sent before a new round is not played in it, whoever
      // sits there now; and a seat the director gave to a robot is the robot's.
      if (player && (actor === 'director' || !this.holds(actor, player))) return notSeatedMessage;
      if (player && this.substitutes.has(actor as Seat)) return seatWithRobotMessage;
      if (this.stopped) return this.stopped;
      if (!this.state || this.state.result) return this.roundOver ? 'Every board of this round is played at this table' : 'No board is in play';
      const outcome = applyAction(this.state, actor, action);
      if (!outcome.ok) return outcome.message;
      const board = this.online.boards[this.boardIndex]!;
      const place = { tournamentId: this.tournament.id, round: this.online.round, table: this.table, board: board.board };
      try {
        await repo.insertAction(this.db, place, this.seq + 1, actor, action);
      } catch (error) {
        // Another writer took this place: the table's truth is in the database; read it again.
        await this.load(this.tournament);
        this.hooks.changed(this);
        throw error;
      }
      this.seq += 1;
      const disputed = outcome.state.disputed;
      this.state = outcome.state;
      // Stored, the action stands: every seat hears the table as it is now, whatever fails after.
      try {
        // A rejected claim is flagged in the director's live view until the director rules on it or answers the table.
        if (action.type === 'claimResponse' && !action.accept && disputed) {
          const flag = {
            table: this.table,
            round: this.online.round,
            board: board.board,
            seat: disputed.seat,
            tricks: disputed.tricks,
            rejectedBy: disputed.rejectedBy,
          };
          await this.writeFlag(async () => {
            await flagDisputedClaim(this.db, this.tournament, flag);
            return true;
          });
        }
        if (action.type === 'directorRuling') await this.writeFlag(() => clearDisputedClaim(this.db, this.tournament, this.table));
        // A board played out is posted first, so whoever sees its end finds its line in the results.
        if (outcome.state.result) await this.postResult(outcome.state);
      } finally {
        // Every seat sees the board's end (the result, all four hands) before the next board is dealt.
        this.hooks.changed(this);
      }
      if (outcome.state.result && (await this.dealNext())) this.hooks.changed(this);
      return null;
    });
  }

  /**
   * A board played out whose result could not be posted (the database failed after its last card was stored, or
   * before a restart), or whose next board could not be read: the result is posted now and the next board dealt, as
   * `act` would have.
   */
  settle(): Promise<void> {
    return this.run(async () => {
      if (this.flagLeft) await this.writeFlag(this.flagLeft);
      const board = this.online.boards[this.boardIndex];
      // Only a board's own play is posted as its result.
      if (!this.state?.result || !board || this.state.board !== board.board) return;
      const posted = board.done;
      if (!posted) {
        await this.postResult(this.state);
        this.hooks.changed(this);
      }
      // Posted before, but the next board could not be read then: it is dealt now (or the round is over here).
      if ((await this.dealNext()) || posted) this.hooks.changed(this);
    });
  }

  /** The table as its sockets are told it, on this instance and the others. */
  snapshot(): TableSnapshot {
    const now = Date.now();
    const aways = this.aways(now);
    this.toldAway = aways;
    const players = Object.fromEntries(
      SEATS.map((seat) => {
        const player = this.online.players[seat];
        return [
          seat,
          { name: player && !this.isRobot(seat) ? player.names : player?.names || 'Robot', robot: this.isRobot(seat), away: aways[seat] },
        ];
      }),
    ) as PlayTableState['players'];
    return {
      key: this.tournament.key,
      table: this.table,
      round: this.online.round,
      state: this.state,
      players,
      boards: { played: this.online.boards.filter((b) => b.done).length, total: this.online.boards.length },
      roundOver: this.roundOver,
      directorCall: this.directorCall,
      stopped: this.stopped,
      seatedUsers: Object.fromEntries(SEATS.flatMap((seat) => (this.userAt(seat) ? [[seat, this.userAt(seat)!]] : []))),
      clock: { ...clockOf(this.tournament, now), at: now },
    };
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

  close() {
    this.closed = true;
  }

  /**
   * Takes what the table plays now (`online` when just read, else from the event's reading or a read of its own) and
   * rebuilds its board in play from the stored actions.
   */
  private async load(tournament: TournamentRow, reading?: EventReading, online?: OnlineTable) {
    // Everything is read before anything is taken: a read that fails leaves the table as it was, whole.
    const table = online ?? (reading ? reading.table(this.table) : await onlineTable(this.db, tournament, this.table));
    const place = { tournamentId: tournament.id, round: table.round, table: this.table };
    const substitutes = new Set(reading ? reading.substitutes(this.table) : await repo.listSubstitutes(this.db, place));
    const boards = table.boards;
    const index = boards.findIndex((b) => !b.done);
    if (index < 0) {
      const last = boards.length > 0 ? await this.replay(table, boards.length - 1, reading) : null;
      this.online = table;
      this.substitutes = substitutes;
      this.boardIndex = boards.length;
      this.state = last?.state ?? null;
      this.stopped = null;
      return;
    }
    this.online = table;
    this.substitutes = substitutes;
    this.enter(index, await this.replay(table, index, reading));
    await this.callForStop();
  }

  /** Puts in play the board at `index`, as `replay` rebuilt it: its state, its stored actions, and why it stopped. */
  private enter(index: number, replayed: Replayed) {
    this.boardIndex = index;
    this.state = replayed.state;
    this.seq = replayed.seq;
    this.stopped = replayed.stopped?.message ?? null;
    if (replayed.stopped) this.stoppedBy = replayed.stopped.by;
  }

  /**
   * Rebuilds a board from its deal and its stored actions. An action that no longer applies (the deal was changed
   * under it) ends the replay there: for the board in play the table then stops (`stopped`), with every stored
   * action kept as it is and no place of them taken by another, rather than play on from a cut-off board.
   */
  private async replay(table: OnlineTable, index: number, reading?: EventReading): Promise<Replayed> {
    const board = table.boards[index]!;
    let state = startBoard(board.board, board.deal, { dealer: board.dealer, vulnerability: board.vulnerability });
    const actions = reading
      ? await reading.actions(this.table, board.board)
      : await repo.listActions(this.db, {
          tournamentId: this.tournament.id,
          round: table.round,
          table: this.table,
          board: board.board,
        });
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

  /** A table just stopped calls the director (once: a call already open stays), and the server's log says why. */
  private async callForStop() {
    if (!this.stopped) return;
    this.hooks.stopped?.(this.key, this.table, this.stopped);
    if (this.directorCall) return;
    const call = await callDirector(this.db, this.tournament, this.table, this.stoppedBy);
    this.directorCall = call ?? (await findDirectorCall(this.db, this.tournament, this.table));
    if (call) this.hooks.directorCallChanged(this.key, this.table);
  }

  /**
   * Writes the flag of a disputed claim for the director's live view (or clears it: `write` answers whether the live
   * view changed). The table's action stands without it: a write the database refused is logged and kept, and tried
   * again by `settle` (a later write takes the place of one kept).
   */
  private async writeFlag(write: () => Promise<boolean>) {
    this.flagLeft = null;
    try {
      if (await write()) this.hooks.directorCallChanged(this.key, this.table);
    } catch (error) {
      this.flagLeft = write;
      this.hooks.failed?.(this.key, this.table, error, 'the flag of a disputed claim could not be written; it is tried again');
    }
  }

  /** Posts the board's result (once: a line already there stays). */
  private async postResult(finished: BoardState) {
    const board = this.online.boards[this.boardIndex]!;
    if (finished.board !== board.board) throw new Error(`board ${finished.board} played out is not board ${board.board} in play`);
    const contract = contractOf(finished) ?? { level: 0 as const, strain: 'NT' as const, doubled: 0 as const };
    await recordPlayedBoard(this.db, this.tournament, {
      round: this.online.round,
      table: this.table,
      board: board.board,
      contract,
      declarer: declarerOf(finished),
      tricks: finished.result!.tricks,
      lead: openingLead(finished),
    });
    this.lastWrite = markWrite();
    board.done = true;
    this.hooks.resultPosted(this.tournament.key, this.table);
  }

  /** Deals the next board of the round; false when the round is over here (the last board stays on show). */
  private async dealNext(): Promise<boolean> {
    const next = this.online.boards.findIndex((b) => !b.done);
    if (next < 0) {
      this.boardIndex = this.online.boards.length;
      return false;
    }
    // Read first: a read that fails leaves the board just played where it was (`settle` deals again).
    this.enter(next, await this.replay(this.online, next));
    await this.callForStop();
    return true;
  }
}

/** A board rebuilt from its stored actions: where it stands, how many there are, and the first that no longer applied. */
interface Replayed {
  state: BoardState;
  seq: number;
  stopped: { message: string; by: Seat } | null;
}
