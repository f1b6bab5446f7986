import {
  legalCalls,
  robotAcceptsClaim,
  robotAcceptsUndo,
  robotCall,
  robotPlay,
  type BoardState,
  type Call,
  type Card,
  type Seat,
  type TableAction,
} from '@bridge/engine';
import { messages, type PlayTableState } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import type { EventChanges } from '../../lib/event-changes.ts';
import { findEvent, listOnlineEventsInPlay, planEvent } from '../events/service.ts';
import { placesNow, playingDirectorMessage, roundInPlay, seatsOfUser } from '../entries/service.ts';
import { notStartedMessage } from '../results/service.ts';
import { readEvent, type EventReading } from './event-reading.ts';
import { LiveTable, seatHeld, notSeatedMessage, viewOf, type TableSnapshot, type TableViewer } from './live-table.ts';
import { LocalRelay, type TableRelay, type TableRequest } from './table-relay.ts';

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

/** A socket at a table, as the host sees it. */
export interface TableSocket {
  viewer: TableViewer;
  send(message: { type: 'table'; state: PlayTableState }): void;
  /** Its seat is another's now (a new round moved its user on): it has left the table, and finds where to go. */
  unseated(): void;
}

/**
 * A table as this instance knows it: the sockets here, the last snapshot, and the table itself when this instance
 * owns it (else its owner is another instance, reached through the relay).
 */
export interface TableRoom {
  readonly id: string;
  readonly sockets: Set<TableSocket>;
  snapshot: TableSnapshot | null;
  owner: LiveTable | null;
  stop: (() => void) | null;
  /** A takeover of the table in progress, so two never run at once. */
  reclaiming: Promise<void> | null;
  /** The host let the table go (its event completed, or the server stops): its sockets sit again to hear anything. */
  closed: boolean;
}

/** Why a socket may not sit at a table, or how it sits there. */
export type SitAnswer = { ok: true; room: TableRoom; viewer: TableViewer } | { ok: false; message: string };

export { notSeatedMessage };
/** How often the tables are woken (`PlayHost.wake`). */
export const WAKE_MS = 5_000;
/** A robot's move the database refused is tried again after this, doubled at each failure up to ROBOT_RETRY_MAX_MS. */
export const ROBOT_RETRY_MS = 250;
export const ROBOT_RETRY_MAX_MS = 8_000;
export const robotRetryDelay = (failures: number) => Math.min(ROBOT_RETRY_MAX_MS, ROBOT_RETRY_MS * 2 ** (failures - 1));

export const kibitzersClosedMessage = 'This event does not allow kibitzers at its tables';
export const notOnlineMessage = 'This event is not played online';

/**
 * The online tables of this instance: opened on demand (a player sits, the event changes, the server starts),
 * owned through the relay's lease (every table when alone), and kept while the event is in play. Robots act for
 * the seats the server plays, after a short delay, through the same path as a player's message. With several
 * instances, a table owned elsewhere is heard through the relay, and taken over when its owner's lease lapses.
 */
export class PlayHost {
  private readonly rooms = new Map<string, Promise<TableRoom>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The tables with a robot's move scheduled or under way: one at a time a table. */
  private readonly robotsBusy = new Set<LiveTable>();
  /** Events some of whose tables could not be opened (the database failed): opened again when the tables are woken. */
  private readonly unopened = new Set<string>();
  /** The tables could not be resumed after a start: tried again when the tables are woken. */
  private unresumed = false;
  private readonly relay: TableRelay;
  private closed = false;
  private readonly maintenance: NodeJS.Timeout[] = [];
  /** Each event's refresh of its tables under way, and the one waiting to begin after it (`openEvent`). */
  private readonly refreshes = new Map<string, { last: Promise<void>; waiting: Promise<void> | null }>();
  /** Orders this instance's presence reports, so a table's owner never takes an older one after a newer. */
  private presenceSeq = 0;

  constructor(private readonly options: PlayHostOptions) {
    this.relay = options.relay ?? new LocalRelay();
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
    repeat(Math.max(50, Math.floor(this.options.leaseMs / 3)), () => this.renewLeases(), 'online table leases not renewed');
    repeat(this.options.leaseMs, () => this.takeOver(), 'online tables not taken over');
    // Each table's owner hears again who sits at it here, so an instance that went stops counting after a lease, and
    // a new owner learns it; the owner tells the seats whose reports lapsed.
    repeat(Math.max(50, Math.floor(this.options.leaseMs / 3)), () => this.reportAll(), 'presence at online tables not told');
  }

  /** How long an instance's presence report counts: a lease with several instances; alone, until the next. */
  private get presenceTtlMs() {
    return this.options.relay && this.options.leaseMs ? this.options.leaseMs : Number.POSITIVE_INFINITY;
  }

  /**
   * The room of a table, opened once: owned here when its lease is free, else heard from its owner. Opened from the
   * event's reading when its tables open together.
   */
  room(tournament: TournamentRow, table: number, reading?: EventReading): Promise<TableRoom> {
    const id = `${tournament.key}/${table}`;
    let opened = this.rooms.get(id);
    if (!opened) {
      const room: TableRoom = { id, sockets: new Set(), snapshot: null, owner: null, stop: null, reclaiming: null, closed: false };
      opened = this.claim(room, tournament, reading).then(() => room);
      this.rooms.set(id, opened);
      opened.catch(() => this.rooms.delete(id));
    }
    return opened;
  }

  /**
   * A request from a socket here: to the table when this instance owns it; else to its owner. When nobody holds the
   * table (its owner went), this instance takes it over first instead of sending the request where nobody listens.
   */
  async request(room: TableRoom, request: TableRequest): Promise<string | null> {
    if (!room.owner && !this.closed && !(await this.relay.held(room.id))) await this.reclaim(room);
    if (room.owner) return perform(room.owner, request);
    return this.relay.forward(room.id, request);
  }

  /** Takes the table when its lease is free (it then runs here), else listens to its owner. */
  private async claim(room: TableRoom, tournament: TournamentRow, reading?: EventReading) {
    const table = Number(room.id.slice(room.id.lastIndexOf('/') + 1));
    if (await this.relay.acquire(room.id)) {
      const live = await LiveTable.open(
        this.options.db,
        tournament,
        table,
        {
          changes: this.options.changes,
          changed: (changed) => this.changed(room, changed),
          clockChanged: (changed) => this.publish(room, changed),
          presenceChanged: (changed) => this.publish(room, changed),
          stopped: (key, t, message) => this.options.log.error({ key, table: t }, message),
          failed: (key, t, error, message) => this.options.log.error({ err: error, key, table: t }, message),
        },
        reading,
      );
      live.presenceTtlMs = this.presenceTtlMs;
      // Taken over: who the previous owner had at the table counts until the instances tell it again; this one's now.
      if (room.snapshot) live.adoptPresence(room.snapshot);
      live.notePresence(this.relay.instance, ++this.presenceSeq, usersAt(room.sockets));
      room.stop?.();
      room.owner = live;
      room.stop = this.relay.serve(room.id, (request) => perform(live, request));
      this.changed(room, live);
      return;
    }
    room.stop ??= this.relay.listen(room.id, (snapshot) => {
      room.snapshot = snapshot;
      this.broadcast(room);
    });
    // What the owner has stored is the table: read it here, so a socket sitting down sees it at once.
    const reader = await LiveTable.open(
      this.options.db,
      tournament,
      table,
      { changes: this.options.changes, changed: () => undefined, clockChanged: () => undefined },
      reading,
    );
    room.snapshot ??= reader.snapshot();
    reader.close();
  }

  /** The table changed here: its sockets here and on the other instances hear it, and its robots may act. */
  private changed(room: TableRoom, live: LiveTable) {
    this.publish(room, live);
    this.scheduleRobot(live);
  }

  /** The table's sockets here and on the other instances hear it as it is now. */
  private publish(room: TableRoom, live: LiveTable) {
    room.snapshot = live.snapshot();
    this.broadcast(room);
    this.relay.publish(room.id, room.snapshot);
  }

  private broadcast(room: TableRoom) {
    if (!room.snapshot) return;
    let left = false;
    for (const socket of room.sockets) {
      const viewer = socket.viewer;
      // A new round that keeps the player at the same seat (a stationary pair): the seat is still theirs.
      if (viewer.kind === 'seat' && viewer.round < room.snapshot.round && room.snapshot.seatedUsers[viewer.seat] === viewer.userId)
        socket.viewer = { ...viewer, round: room.snapshot.round };
      if (seatHeld(room.snapshot, socket.viewer) === 'lost') {
        room.sockets.delete(socket);
        left = true;
        socket.unseated();
        continue;
      }
      const state = viewOf(room.snapshot, socket.viewer);
      if (state) socket.send({ type: 'table', state });
    }
    if (left) void this.reportPresence(room);
  }

  /**
   * A socket joins a table's room. A seat's socket is counted at the table first (its owner hears this instance's
   * sockets there, and tells the others the player is back), then hears the table.
   */
  async join(room: TableRoom, socket: TableSocket) {
    room.sockets.delete(socket);
    if (socket.viewer.kind === 'seat') await this.reportPresence(room, socket);
    room.sockets.add(socket);
  }

  leave(room: TableRoom, socket: TableSocket) {
    if (room.sockets.delete(socket) && socket.viewer.kind === 'seat') void this.reportPresence(room);
  }

  /** Tells the table's owner this instance's seat sockets there, per user (with `joining`, about to join). */
  private async reportPresence(room: TableRoom, joining?: TableSocket) {
    const users = usersAt(joining ? [...room.sockets, joining] : room.sockets);
    try {
      await this.request(room, { kind: 'presence', instance: this.relay.instance, seq: ++this.presenceSeq, users });
    } catch (error) {
      this.options.log.error({ err: error, table: room.id }, 'presence at an online table not told');
    }
  }

  /** Every table with seat sockets here is told them again; each table owned here tells the seats whose reports lapsed. */
  private async reportAll() {
    const rooms = await Promise.all([...this.rooms.values()].map((opened) => opened.catch(() => null)));
    await Promise.all(
      rooms.map(async (room) => {
        if (!room || this.closed) return;
        if ([...room.sockets].some((socket) => socket.viewer.kind === 'seat')) await this.reportPresence(room);
        await room.owner?.checkPresence();
      }),
    );
  }

  /** Renews this instance's leases, all at once; a table whose lease was lost is given up, and heard from its new owner. */
  private async renewLeases() {
    const rooms = (await Promise.all([...this.rooms.values()].map((opened) => opened.catch(() => null)))).filter(
      (room): room is TableRoom => room?.owner != null,
    );
    await Promise.all(
      rooms.map(async (room) => {
        if (this.closed || (await this.relay.renew(room.id))) return;
        room.owner?.close();
        room.owner = null;
        room.stop?.();
        room.stop = null;
        await this.reclaim(room);
      }),
    );
  }

  /** Takes the tables whose owner went: those with sockets here, then those nobody here has opened (robots alone). */
  private async takeOver() {
    for (const opened of [...this.rooms.values()]) {
      const room = await opened.catch(() => null);
      if (!room || room.owner || this.closed || (await this.relay.held(room.id))) continue;
      await this.reclaim(room);
    }
    await this.resumeAll();
  }

  /** Takes a table over (or listens to its new owner); one takeover of a table at a time. */
  private reclaim(room: TableRoom): Promise<void> {
    room.reclaiming ??= (async () => {
      if (room.owner) return;
      const tournament = await findEvent(this.options.db, room.id.slice(0, room.id.lastIndexOf('/')));
      if (tournament) await this.claim(room, tournament);
    })().finally(() => (room.reclaiming = null));
    return room.reclaiming;
  }

  /**
   * Where a user may sit at a table: their seat when the movement puts them there this round; the director's view
   * for the organiser and admins; a kibitzer's where the event allows them. A player of the event seated at another
   * table never watches this one: they may play its boards later.
   */
  /**
   * Where the movement puts a player of the event in the round in play: the table (null when they sit it out, or
   * have no seat) and the round; null when the event is not played online now.
   */
  async placeOf(userId: string, key: string): Promise<{ table: number | null; round: number } | null> {
    const tournament = await findEvent(this.options.db, key);
    if (!tournament || !tournament.liveTableEvent || tournament.status !== 'active' || !tournament.startedAt) return null;
    const seats = (await seatsOfUser(this.options.db, tournament.id, userId)).filter((s) => s.side >= 0 && s.side <= 3);
    const place = (await placesNow(this.options.db, tournament, seats)).find((p) => p.table <= tournament.tables);
    if (place) return { table: place.table, round: place.round };
    return { table: null, round: await roundInPlay(this.options.db, tournament, planEvent(tournament)) };
  }

  async sit(user: Pick<UserRow, 'id' | 'role'>, key: string, tableNo: number): Promise<SitAnswer> {
    const tournament = await findEvent(this.options.db, key);
    if (!tournament || tableNo > tournament.tables) return { ok: false, message: messages.videoUnknownTable };
    if (!tournament.liveTableEvent || tournament.status !== 'active') return { ok: false, message: notOnlineMessage };
    if (!tournament.startedAt) return { ok: false, message: notStartedMessage };
    // Sides 0-3 are the players' seats; a participant with another side is a kibitzer of the event.
    const seats = (await seatsOfUser(this.options.db, tournament.id, user.id)).filter((s) => s.side >= 0 && s.side <= 3);
    const place = (await placesNow(this.options.db, tournament, seats)).find((p) => p.table === tableNo);
    let viewer: TableViewer;
    const director = user.role === 'admin' || tournament.organiserId === user.id;
    if (place) viewer = { kind: 'seat', seat: place.seat, userId: user.id, round: place.round };
    // An organiser or admin who plays in the event is a player while it is in play (decision 057): no other table.
    else if (seats.length > 0) return { ok: false, message: director ? playingDirectorMessage : notSeatedMessage };
    else if (director) viewer = { kind: 'director' };
    else if (tournament.kibitzersEnabled) viewer = { kind: 'kibitzer' };
    else return { ok: false, message: kibitzersClosedMessage };
    return { ok: true, room: await this.room(tournament, tableNo), viewer };
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
      for (const id of [...this.rooms.keys()]) if (id.startsWith(`${key}/`)) await this.closeRoom(id);
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
          const opened = this.rooms.get(id);
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
        return live?.reload(tournament, reading).catch(failed(live.table));
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

  /** The event was deleted: its tables here stop (their robots with them), and nothing opens them again. */
  async closeEvent(key: string) {
    this.unopened.delete(key);
    for (const id of [...this.rooms.keys()]) if (id.startsWith(`${key}/`)) await this.closeRoom(id);
  }

  /** Stops: this instance's tables are given up at once, so another instance takes them without waiting for a lease. */
  async close() {
    this.closed = true;
    for (const timer of this.maintenance) clearInterval(timer);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const id of [...this.rooms.keys()]) await this.closeRoom(id);
    await this.relay.close();
  }

  private async closeRoom(id: string) {
    const opened = this.rooms.get(id);
    this.rooms.delete(id);
    const room = await opened?.catch(() => undefined);
    if (!room) return;
    room.closed = true;
    room.stop?.();
    if (room.owner) {
      room.owner.close();
      await this.relay.release(id);
    }
  }

  /**
   * When the server plays the seat to act (or to answer), its robot acts after the delay; one move at a time a
   * table, the next looked for once it is made. A move that failed (the database refused it) is tried again after
   * a delay that doubles at each failure (`robotRetryDelay`).
   */
  private scheduleRobot(live: LiveTable, failures = 0) {
    if (this.closed || live.closed || this.robotsBusy.has(live) || !live.robotTurn()) return;
    this.robotsBusy.add(live);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.robotAct(live).then(
          (acted) => {
            this.robotsBusy.delete(live);
            // Its move made (or a player's came meanwhile): the next turn may be a robot's again.
            if (acted) this.scheduleRobot(live);
          },
          (error: unknown) => {
            this.robotsBusy.delete(live);
            if (live.closed) return; // let go meanwhile: its new owner plays it
            this.options.log.error({ err: error, key: live.key, table: live.table, failures: failures + 1 }, 'a robot could not act; it tries again');
            this.scheduleRobot(live, failures + 1);
          },
        );
      },
      failures === 0 ? this.options.robotDelayMs : robotRetryDelay(failures),
    );
    this.timers.add(timer);
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
    const rooms = await Promise.all([...this.rooms.values()].map((opened) => opened.catch(() => null)));
    await Promise.all(
      rooms.map(async (room) => {
        const live = room?.owner;
        if (!live || this.closed) return;
        try {
          await live.settle();
        } catch (error) {
          return this.options.log.error({ err: error, key: live.key, table: live.table }, 'a board played out could not be posted');
        }
        this.scheduleRobot(live);
      }),
    );
  }

  /** The robot whose turn it is acts; false when there was none, or the engine refused it. */
  private async robotAct(live: LiveTable): Promise<boolean> {
    // Read again when the timer fires: a player may have acted meanwhile.
    const turn = live.robotTurn();
    const state = live.state;
    if (!turn || !state) return false;
    let action: TableAction;
    if (turn.answer === 'claim') action = { type: 'claimResponse', accept: await this.robotAcceptsClaim(state) };
    // An undo asks back a card or call just made, a slip of the mouse online: robots grant it unless a hidden card
    // was shown after it (a claimer's hand), as the Laws allow a change.
    else if (turn.answer === 'undo') action = { type: 'undoResponse', accept: robotAcceptsUndo(state) };
    else action = await this.robotMove(state, turn.seat);
    const refused = await live.act(turn.seat, action);
    if (refused) this.options.log.error({ key: live.key, table: live.table, seat: turn.seat, action, refused }, 'the engine refused a robot');
    return !refused;
  }

  /**
   * A robot accepts a claim only when the claimer's side surely takes the tricks claimed: double dummy with the
   * solver, else by the winners it cannot lose. A rejection withdraws the claim and play goes on (docs/robot-play.md).
   */
  private async robotAcceptsClaim(state: BoardState): Promise<boolean> {
    const solverTricks = (await this.options.mostTricks?.(state).catch(() => null)) ?? undefined;
    return robotAcceptsClaim(state, solverTricks === undefined ? {} : { solverTricks });
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

/** A socket's request carried out by the table's owner. */
function perform(live: LiveTable, request: TableRequest): Promise<string | null> {
  switch (request.kind) {
    case 'action':
      return live.act(request.actor, request.action, request.player);
    case 'robot':
      return live.setRobot(request.seat, request.robot);
    case 'callDirector':
      return live.callDirector(request.seat, request.player);
    case 'directorHere':
      return live.directorHere();
    case 'presence':
      return live.reportPresence(request.instance, request.seq, request.users);
  }
}

/** How many seat sockets each user has among these. */
function usersAt(sockets: Iterable<TableSocket>): Record<string, number> {
  const users: Record<string, number> = {};
  for (const { viewer } of sockets) if (viewer.kind === 'seat') users[viewer.userId] = (users[viewer.userId] ?? 0) + 1;
  return users;
}
