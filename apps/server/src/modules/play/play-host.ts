import { legalCalls, robotCall, robotPlay, type BoardState, type Call, type Card, type Seat, type TableAction } from '@bridge/engine';
import { messages } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { findEvent, seatsOfUser } from '../events/service.ts';
import { listOnlineEventsInPlay } from '../events/online-tables.ts';
import { notStartedMessage } from '../events/table-results.ts';
import { placesNow } from '../events/seating.ts';
import { LiveTable, type TableSocket, type TableViewer } from './live-table.ts';

export interface PlayHostOptions {
  db: Db;
  /** How long a robot waits before it acts, so people see its call or card come; 0 in tests. */
  robotDelayMs: number;
  /** The cards that keep the double-dummy best result for the seat to play, or null without a solver. */
  bestCards?: (state: BoardState) => Promise<Card[] | null>;
  /** A board's result was posted at a table. */
  resultPosted(key: string, table: number): void;
  log: { error(details: object, message: string): void };
}

/** Why a socket may not sit at a table, or how it sits there. */
export type SitAnswer = { ok: true; table: LiveTable; viewer: TableViewer } | { ok: false; message: string };

export const notSeatedMessage = 'You are not seated at this table in the current round';
export const kibitzersClosedMessage = 'This event does not allow kibitzers at its tables';
export const notOnlineMessage = 'This event is not played online';

/**
 * The online tables this process runs, opened on demand (a player sits, the event changes, the server starts) and
 * kept while the event is in play. Robots act for the seats the server plays, after a short delay, through the same
 * path as a player's message.
 */
export class PlayHost {
  private readonly tables = new Map<string, Promise<LiveTable>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: PlayHostOptions) {}

  /** A table of an event, opened once and shared by every socket at it. */
  table(tournament: TournamentRow, table: number): Promise<LiveTable> {
    const id = `${tournament.key}/${table}`;
    let opened = this.tables.get(id);
    if (!opened) {
      opened = LiveTable.open(this.options.db, tournament, table, {
        resultPosted: (key, t) => this.options.resultPosted(key, t),
        changed: (live) => this.scheduleRobot(live),
      });
      this.tables.set(id, opened);
      opened.then(
        (live) => this.scheduleRobot(live),
        () => this.tables.delete(id),
      );
    }
    return opened;
  }

  /**
   * Where a user may sit at a table: their seat when the movement puts them there this round; the director's view
   * for the organiser and admins; a kibitzer's where the event allows them. A player of the event seated at another
   * table never watches this one: they may play its boards later.
   */
  async sit(user: Pick<UserRow, 'id' | 'role'>, key: string, tableNo: number): Promise<SitAnswer> {
    const tournament = await findEvent(this.options.db, key);
    if (!tournament || tableNo > tournament.tables) return { ok: false, message: messages.videoUnknownTable };
    if (!tournament.liveTableEvent || tournament.status !== 'active') return { ok: false, message: notOnlineMessage };
    if (!tournament.startedAt) return { ok: false, message: notStartedMessage };
    // Sides 0-3 are the players' seats; a participant with another side is a kibitzer of the event.
    const seats = (await seatsOfUser(this.options.db, tournament.id, user.id)).filter((s) => s.side >= 0 && s.side <= 3);
    const place = (await placesNow(this.options.db, tournament, seats)).find((p) => p.table === tableNo);
    let viewer: TableViewer;
    if (place) viewer = { kind: 'seat', seat: place.seat };
    else if (user.role === 'admin' || tournament.organiserId === user.id) viewer = { kind: 'director' };
    else if (seats.length > 0) return { ok: false, message: notSeatedMessage };
    else if (tournament.kibitzersEnabled) viewer = { kind: 'kibitzer' };
    else return { ok: false, message: kibitzersClosedMessage };
    return { ok: true, table: await this.table(tournament, tableNo), viewer };
  }

  /** Every table of an event in play, opened so its robots play (at the start of a round, or after a restart). */
  async openEvent(key: string): Promise<void> {
    const tournament = await findEvent(this.options.db, key);
    if (!tournament) return;
    const live = [...this.tables.keys()].filter((id) => id.startsWith(`${key}/`));
    if (!tournament.liveTableEvent || tournament.status !== 'active' || !tournament.startedAt) {
      // Complete (or no longer online): its tables close.
      for (const id of live) void this.closeTable(id);
      return;
    }
    for (let t = 1; t <= tournament.tables; t++) {
      const id = `${key}/${t}`;
      const opened = this.tables.get(id);
      try {
        if (opened) await (await opened).reload(tournament);
        else await this.table(tournament, t);
      } catch (error) {
        this.options.log.error({ err: error, key, table: t }, 'an online table could not be opened');
      }
    }
  }

  /** After a restart: every online event in play has its tables opened again, each resumed from its stored actions. */
  async resumeAll(): Promise<void> {
    for (const key of await listOnlineEventsInPlay(this.options.db)) await this.openEvent(key);
  }

  leave(table: LiveTable, socket: TableSocket) {
    table.sockets.delete(socket);
  }

  async close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const id of [...this.tables.keys()]) await this.closeTable(id);
  }

  private async closeTable(id: string) {
    const opened = this.tables.get(id);
    this.tables.delete(id);
    (await opened?.catch(() => undefined))?.close();
  }

  /** When the server plays the seat to act (or to answer), its robot acts after the delay. */
  private scheduleRobot(live: LiveTable) {
    if (this.closed) return;
    const turn = live.robotTurn();
    if (!turn) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.robotAct(live).catch((error: unknown) =>
        this.options.log.error({ err: error, key: live.key, table: live.table }, 'a robot could not act'),
      );
    }, this.options.robotDelayMs);
    this.timers.add(timer);
  }

  private async robotAct(live: LiveTable) {
    // Read again when the timer fires: a player may have acted meanwhile.
    const turn = live.robotTurn();
    const state = live.state;
    if (!turn || !state) return;
    let action: TableAction;
    if (turn.answer === 'claim') action = { type: 'claimResponse', accept: true };
    else if (turn.answer === 'undo') action = { type: 'undoResponse', accept: true };
    else action = await this.robotMove(state, turn.seat);
    const refused = await live.act(turn.seat, action);
    if (refused) this.options.log.error({ key: live.key, table: live.table, seat: turn.seat, action, refused }, 'the engine refused a robot');
  }

  /** A robot's call in the auction, or its card in the play (declarer's robot plays dummy's cards too). */
  private async robotMove(state: BoardState, seat: Seat): Promise<TableAction> {
    const calls = state.auction.map((c) => c.call);
    const legal = legalCalls(state.dealer, calls);
    if (legal.length > 0) {
      const { call, explanation } = robotCall(state.deal[seat], seat, state.dealer, calls, state.vulnerability, (c: Call) => legal.includes(c));
      return { type: 'call', call, ...(call === 'Pass' ? {} : { explanation }) };
    }
    // The cards that keep the double-dummy best result when the solver is there; the robot then plays like a person
    // among them (low from equals, signals), or alone by its heuristic without a solver.
    const bestCards = (await this.options.bestCards?.(state).catch(() => null)) ?? undefined;
    return { type: 'play', card: robotPlay(state, bestCards ? { bestCards } : {}) };
  }
}
