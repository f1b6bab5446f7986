import type { BoardState, Card } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import type { EventChanges } from '../../lib/event-changes.ts';
import { findEvent, listOnlineEventsInPlay, planEvent } from '../events/service.ts';
import { placesNow, roundInPlay, seatsOfUser } from '../entries/service.ts';
import { readEvent, type EventReading } from './event-reading.ts';
import { kibitzersClosedMessage, notOnlineMessage, notSeatedMessage, tableClosedMessage, viewerAt } from './policy.ts';
import { LocalRelay, type TableRelay, type TableRequest } from './table-relay.ts';
import { TableRooms, type TableRoom, type TableSocket } from './table-rooms.ts';
import type { TableViewer } from './table-view.ts';

export interface PlayHostOptions {
  db: Db;
  /** How long a robot waits before it acts, so people see its call or card come; 0 in tests. */
  robotDelayMs: number;
  /** The cards that keep the double-dummy best result for the seat to play, or null without a solver. */
  bestCards?: (state: BoardState) => Promise<Card[] | null>;
  /** The most tricks the side to play can take double dummy from the position as it stands, or null without a solver. */
  mostTricks?: (state: BoardState) => Promise<number | null>;
  /** Where the tables' results and calls for the director are told, once stored (lib/event-changes.ts). */
  changes: EventChanges;
  /** Who owns which table (Redis across instances, else this one alone). */
  relay?: TableRelay;
  /** With several instances: how often leases are renewed and dead owners' tables looked for (a third of the lease). */
  leaseMs?: number;
  /** How often the tables owned here are looked at for a robot to wake or a result to post (WAKE_MS unless told). */
  wakeMs?: number;
  log: { error(details: object, message: string): void; info?(details: object, message: string): void };
}

export type { TableRoom, TableSocket };

/** Why a socket may not sit at a table, or how it sits there. */
export type SitAnswer = { ok: true; room: TableRoom; viewer: TableViewer } | { ok: false; message: string };

export { kibitzersClosedMessage, notOnlineMessage, notSeatedMessage };
export { robotRetryDelay, ROBOT_RETRY_MAX_MS, ROBOT_RETRY_MS } from './robot-turns.ts';
/** How often the tables are woken (`PlayHost.wake`). */
export const WAKE_MS = 5_000;

/**
 * The online tables of this instance: opened on demand (a player sits, the event changes, the server starts),
 * owned through the relay's lease (every table when alone), and kept while the event is in play. Their rooms, and
 * the path of each change to every socket, are table-rooms.ts'; who may sit where is policy.ts'. Robots act for the
 * seats the server plays, after a short delay, through the same path as a player's message (robot-turns.ts). With
 * several instances, a table owned elsewhere is heard through the relay, and taken over when its owner's lease lapses.
 */
export class PlayHost {
  private readonly rooms: TableRooms;
  /** Events some of whose tables could not be opened (the database failed): opened again when the tables are woken. */
  private readonly unopened = new Set<string>();
  /** The tables could not be resumed after a start: tried again when the tables are woken. */
  private unresumed = false;
  private readonly relay: TableRelay;
  private closed = false;
  private readonly maintenance: NodeJS.Timeout[] = [];
  /** Each event's refresh of its tables under way, and the one waiting to begin after it (`openEvent`). */
  private readonly refreshes = new Map<string, { last: Promise<void>; waiting: Promise<void> | null }>();

  constructor(private readonly options: PlayHostOptions) {
    this.relay = options.relay ?? new LocalRelay();
    // How long an instance's presence report counts: a lease with several instances; alone, until the next.
    const presenceTtlMs = options.relay && options.leaseMs ? options.leaseMs : Number.POSITIVE_INFINITY;
    this.rooms = new TableRooms({ ...options, relay: this.relay, presenceTtlMs });
  }

  /**
   * Starts looking after leases (with several instances): renewing its own every third of a lease, and, apart from
   * that so a slow look never holds a renewal back, taking over the tables whose owner went, once a lease.
   */
  start() {
    const repeat = (every: number, work: () => Promise<void>, what: string) => {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        void work()
          .catch((error: unknown) => this.options.log.error({ err: error }, what))
          .finally(() => (running = false));
      }, every);
      this.maintenance.push(timer);
    };
    // Every table of this instance that stands still for want of a robot (a move or a result the database refused
    // and nothing scheduled since) goes on.
    repeat(this.options.wakeMs ?? WAKE_MS, () => this.wake(), 'online tables not woken');
    if (!this.options.relay || !this.options.leaseMs) return;
    repeat(Math.max(50, Math.floor(this.options.leaseMs / 3)), () => this.rooms.renewLeases(), 'online table leases not renewed');
    repeat(this.options.leaseMs, () => this.takeOver(), 'online tables not taken over');
    // Each table's owner hears again who sits at it here, so an instance that went stops counting after a lease, and
    // a new owner learns it; the owner tells the seats whose reports lapsed.
    repeat(Math.max(50, Math.floor(this.options.leaseMs / 3)), () => this.rooms.reportAll(), 'presence at online tables not told');
  }

  /** The room of a table, opened once (`TableRooms.room`). */
  room(tournament: TournamentRow, table: number, reading?: EventReading): Promise<TableRoom> {
    return this.rooms.room(tournament, table, reading);
  }

  /** A request from a socket here, carried out where the table runs and relayed (`TableRooms.request`). */
  request(room: TableRoom, request: TableRequest): Promise<string | null> {
    return this.rooms.request(room, request);
  }

  /** A socket joins a table's room, counted at the table first when it holds a seat (`TableRooms.join`). */
  join(room: TableRoom, socket: TableSocket): Promise<void> {
    return this.rooms.join(room, socket);
  }

  leave(room: TableRoom, socket: TableSocket) {
    this.rooms.leave(room, socket);
  }

  /**
   * Where the movement puts a player of the event in the round in play: the table (null when they sit it out, or
   * have no seat) and the round; null when the event is not played online now.
   */
  async placeOf(userId: string, key: string): Promise<{ table: number | null; round: number } | null> {
    const tournament = await findEvent(this.options.db, key);
    if (!tournament || !tournament.liveTableEvent || tournament.status !== 'active' || !tournament.startedAt) return null;
    const seats = await this.playerSeats(tournament, userId);
    const place = (await placesNow(this.options.db, tournament, seats)).find((p) => p.table <= tournament.tables);
    if (place) return { table: place.table, round: place.round };
    return { table: null, round: await roundInPlay(this.options.db, tournament, planEvent(tournament)) };
  }

  /** Where a user may sit at a table, and as what: the movement's word on them, ruled on by policy.ts. */
  async sit(user: Pick<UserRow, 'id' | 'role'>, key: string, tableNo: number): Promise<SitAnswer> {
    const tournament = await findEvent(this.options.db, key);
    const closed = tableClosedMessage(tournament, tableNo);
    if (closed || !tournament) return { ok: false, message: closed! };
    const seats = await this.playerSeats(tournament, user.id);
    const here = (await placesNow(this.options.db, tournament, seats)).find((p) => p.table === tableNo);
    const answer = viewerAt(user, tournament, { here, plays: seats.length > 0 });
    return answer.ok ? { ok: true, room: await this.room(tournament, tableNo), viewer: answer.viewer } : answer;
  }

  /** The user's seats as a player of the event: sides 0-3 are the players' seats; another side is a kibitzer's. */
  private async playerSeats(tournament: TournamentRow, userId: string) {
    return (await seatsOfUser(this.options.db, tournament.id, userId)).filter((s) => s.side >= 0 && s.side <= 3);
  }

  /**
   * Every table of an event in play, opened so its robots play (at the start of a round, or after a restart), or
   * told of the event's change. One refresh of an event at a time, each reading the event after the one before;
   * calls made while one waits to begin are answered by it, as it reads after them all.
   */
  openEvent(key: string): Promise<void> {
    let refresh = this.refreshes.get(key);
    if (!refresh) this.refreshes.set(key, (refresh = { last: Promise.resolve(), waiting: null }));
    if (refresh.waiting) return refresh.waiting;
    const queue = refresh;
    const run = queue.last.then(() => {
      queue.waiting = null;
      // A change the database kept the tables from taking in is taken in when the tables are woken.
      return this.refreshEvent(key).catch((error: unknown) => {
        this.unopened.add(key);
        throw error;
      });
    });
    queue.waiting = run;
    const last = run.then(
      () => undefined,
      () => undefined,
    );
    queue.last = last;
    // Nothing more queued: the event's entry goes.
    void last.then(() => {
      if (queue.last === last) this.refreshes.delete(key);
    });
    return run;
  }

  /**
   * Reads the event once and hands each of its tables here its part: the tables this instance owns take the change
   * in, those nobody runs are opened here.
   */
  private async refreshEvent(key: string): Promise<void> {
    const tournament = await findEvent(this.options.db, key);
    if (!tournament) return;
    // Not started: nothing to open (and nothing open: a table opens only once its event has started). Only a final
    // state closes tables, so a read that comes late (from before the start) never closes tables opened since.
    if (!tournament.startedAt) return;
    if (!tournament.liveTableEvent || tournament.status !== 'active') {
      // Complete (or no longer online): its tables close.
      for (const id of this.rooms.idsOf(key)) await this.rooms.close(id);
      return;
    }
    const failed = (table: number) => (error: unknown) => {
      this.unopened.add(key);
      this.options.log.error({ err: error, key, table }, 'an online table could not be opened');
    };
    const owned: TableRoom[] = [];
    const free: number[] = [];
    await Promise.all(
      Array.from({ length: tournament.tables }, async (_, i) => {
        const table = i + 1;
        const id = `${key}/${table}`;
        try {
          const opened = this.rooms.opened(id);
          if (opened) {
            const room = await opened;
            if (room.owner) owned.push(room);
          } else if (!(await this.relay.held(id))) {
            // Nobody runs it (robots alone, or its owner went): this instance takes it.
            free.push(table);
          }
        } catch (error) {
          failed(table)(error);
        }
      }),
    );
    // With several instances, the others may run every table: then nothing is read.
    if (owned.length === 0 && free.length === 0) return;
    let reading: EventReading;
    try {
      reading = await readEvent(this.options.db, tournament);
    } catch (error) {
      this.unopened.add(key);
      this.options.log.error({ err: error, key }, 'the online tables of an event could not be read');
      return;
    }
    if (this.closed) return;
    await Promise.all([
      ...owned.map((room) => {
        // Its owner now: the room may have lost its lease while the event was read.
        const live = room.owner;
        return live
          ?.reload(tournament, reading)
          .then((outcome) => void this.rooms.relayOutcome(room, live, outcome))
          .catch(failed(live.table));
      }),
      ...free.map((table) => this.room(tournament, table, reading).catch(failed(table))),
    ]);
  }

  /**
   * After a restart: every online event in play has its tables opened again, each resumed from its stored actions.
   * Answers how many tables this instance then knows.
   */
  async resumeAll(): Promise<number> {
    let keys: string[];
    try {
      keys = await listOnlineEventsInPlay(this.options.db);
    } catch (error) {
      this.unresumed = true;
      throw error;
    }
    this.unresumed = false;
    for (const key of keys) await this.openEvent(key);
    return this.rooms.size;
  }

  /** Takes the tables whose owner went: those with sockets here, then those nobody here has opened (robots alone). */
  private async takeOver() {
    await this.rooms.takeOver();
    await this.resumeAll();
  }

  /** The event was deleted: its tables here stop (their robots with them), and nothing opens them again. */
  async closeEvent(key: string) {
    this.unopened.delete(key);
    for (const id of this.rooms.idsOf(key)) await this.rooms.close(id);
  }

  /** Stops: this instance's tables are given up at once, so another instance takes them without waiting for a lease. */
  async close() {
    this.closed = true;
    for (const timer of this.maintenance) clearInterval(timer);
    await this.rooms.closeAll();
  }

  /**
   * Every table owned here: a board played out whose result could not be stored is posted (and the next dealt),
   * and a robot whose turn it is with nothing scheduled is woken; tables that could not be opened are opened.
   */
  private async wake() {
    // Tables the database kept from opening open now (their robots then play from where the table stands).
    if (this.unresumed) await this.resumeAll();
    for (const key of [...this.unopened]) {
      this.unopened.delete(key);
      await this.openEvent(key).catch((error: unknown) => this.options.log.error({ err: error, key }, 'online tables not refreshed'));
    }
    await Promise.all(
      (await this.rooms.all()).map(async (room) => {
        const live = room.owner;
        if (!live || this.closed) return;
        try {
          this.rooms.relayOutcome(room, live, await live.settle());
        } catch (error) {
          return this.options.log.error({ err: error, key: live.key, table: live.table }, 'a board played out could not be posted');
        }
        this.rooms.robots.schedule(room, live);
      }),
    );
  }
}
