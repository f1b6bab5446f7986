import type { PlayTableState } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { unheardChanges, type EventChanges } from '../../lib/event-changes.ts';
import { findEvent } from '../events/service.ts';
import type { EventReading } from './event-reading.ts';
import { LiveTable, type TableOutcome } from './live-table.ts';
import { PresenceReports, usersAt } from './presence.ts';
import { RobotTurns, type RobotOptions } from './robot-turns.ts';
import type { TableRelay, TableRequest } from './table-relay.ts';
import { seatHeld, viewOf, type TableSnapshot, type TableViewer } from './table-view.ts';

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

/**
 * Every socket of the room here hears the table as its snapshot tells it, each its own frame (`viewOf`). A seat's
 * socket whose seat is another's now leaves the room and is told so (`unseated`). Answers whether any left.
 */
function tellRoom(room: TableRoom): boolean {
  if (!room.snapshot) return false;
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
  return left;
}

export interface TableRoomsOptions extends RobotOptions {
  db: Db;
  relay: TableRelay;
  /** With several instances, how long an instance's presence report counts at a table; alone, until the next. */
  presenceTtlMs: number;
  /** Where the tables' results and calls for the director are told, once stored (lib/event-changes.ts). */
  changes: EventChanges;
}

/**
 * The rooms of this instance's tables and the path of every change through them: a request is carried out by the
 * table where this instance owns it (else forwarded to its owner), and its outcome relayed (`relayOutcome`) to the
 * sockets here and, through the relay, on the other instances; then the table's robots may act. Leases are kept
 * here: a table is owned while its lease is, and taken over when its owner's lapses.
 */
export class TableRooms {
  private readonly rooms = new Map<string, Promise<TableRoom>>();
  readonly robots: RobotTurns;
  /** Who is connected here, told to each table's owner (presence.ts). */
  private readonly presence: PresenceReports;
  private closed = false;

  constructor(private readonly options: TableRoomsOptions) {
    this.robots = new RobotTurns(options, (room, live, seat, action) => this.perform(room, live, { kind: 'action', actor: seat, action }));
    this.presence = new PresenceReports(options.relay.instance, (room, request) => this.request(room, request), options.log);
  }

  get size() {
    return this.rooms.size;
  }

  /** The ids of the rooms opened here of an event's tables. */
  idsOf(key: string): string[] {
    return [...this.rooms.keys()].filter((id) => id.startsWith(`${key}/`));
  }

  /** The room of a table when it is open here (or opening). */
  opened(id: string): Promise<TableRoom> | undefined {
    return this.rooms.get(id);
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

  /** The rooms opened here, those whose opening failed left out. */
  async all(): Promise<TableRoom[]> {
    const rooms = await Promise.all([...this.rooms.values()].map((opened) => opened.catch(() => null)));
    return rooms.filter((room): room is TableRoom => room !== null);
  }

  /**
   * A request from a socket here: to the table when this instance owns it; else to its owner. When nobody holds the
   * table (its owner went), this instance takes it over first instead of sending the request where nobody listens.
   */
  async request(room: TableRoom, request: TableRequest): Promise<string | null> {
    if (!room.owner && !this.closed && !(await this.options.relay.held(room.id))) await this.reclaim(room);
    if (room.owner) return this.perform(room, room.owner, request);
    return this.options.relay.forward(room.id, request);
  }

  /** A request carried out by the table owned here (from a socket here, another instance, or a robot), then relayed. */
  private async perform(room: TableRoom, live: LiveTable, request: TableRequest): Promise<string | null> {
    return this.relayOutcome(room, live, await carryOut(live, request));
  }

  /**
   * The one step every change of a table owned here ends with (decision 061): each frame of its outcome, in order, to
   * the sockets here and on the other instances; then its robots may act. A failure after some frames fails here,
   * once they are told. Answers the table's refusal.
   */
  relayOutcome(room: TableRoom, live: LiveTable, outcome: TableOutcome): string | null {
    for (const snapshot of outcome.told) this.publish(room, snapshot);
    if (outcome.moved) this.robots.schedule(room, live);
    if ('failure' in outcome) throw outcome.failure;
    return outcome.refusal;
  }

  /** The table's sockets here and on the other instances hear it as the snapshot tells it. */
  private publish(room: TableRoom, snapshot: TableSnapshot) {
    room.snapshot = snapshot;
    if (tellRoom(room)) void this.presence.report(room);
    this.options.relay.publish(room.id, snapshot);
  }

  /** Takes the table when its lease is free (it then runs here), else listens to its owner. */
  private async claim(room: TableRoom, tournament: TournamentRow, reading?: EventReading) {
    const { db, relay, log } = this.options;
    const table = Number(room.id.slice(room.id.lastIndexOf('/') + 1));
    if (await relay.acquire(room.id)) {
      const live = await LiveTable.open(
        db,
        tournament,
        table,
        {
          changes: this.options.changes,
          stopped: (key, t, message) => log.error({ key, table: t }, message),
          failed: (key, t, error, message) => log.error({ err: error, key, table: t }, message),
        },
        reading,
      );
      live.presence.ttlMs = this.options.presenceTtlMs;
      // Taken over: who the previous owner had at the table counts until the instances tell it again; this one's now.
      if (room.snapshot) live.presence.adopt(room.snapshot);
      live.presence.note(relay.instance, this.presence.next(), usersAt(room.sockets));
      room.stop?.();
      room.owner = live;
      room.stop = relay.serve(room.id, (request) => this.perform(room, live, request));
      this.publish(room, live.snapshot());
      this.robots.schedule(room, live);
      return;
    }
    room.stop ??= relay.listen(room.id, (snapshot) => {
      room.snapshot = snapshot;
      if (tellRoom(room)) void this.presence.report(room);
    });
    // What the owner has stored is the table: read it here, so a socket sitting down sees it at once.
    const reader = await LiveTable.open(db, tournament, table, { changes: unheardChanges }, reading);
    room.snapshot ??= reader.snapshot();
    reader.close();
  }

  /**
   * A socket joins a table's room. A seat's socket is counted at the table first (its owner hears this instance's
   * sockets there, and tells the others the player is back), then hears the table.
   */
  async join(room: TableRoom, socket: TableSocket) {
    room.sockets.delete(socket);
    if (socket.viewer.kind === 'seat') await this.presence.report(room, socket);
    room.sockets.add(socket);
  }

  leave(room: TableRoom, socket: TableSocket) {
    if (room.sockets.delete(socket) && socket.viewer.kind === 'seat') void this.presence.report(room);
  }

  /** Every table with seat sockets here is told them again; each table owned here tells the seats whose reports lapsed. */
  async reportAll() {
    await Promise.all(
      (await this.all()).map(async (room) => {
        if (this.closed) return;
        if ([...room.sockets].some((socket) => socket.viewer.kind === 'seat')) await this.presence.report(room);
        const live = room.owner;
        const outcome = await live?.checkPresence();
        if (live && outcome) this.relayOutcome(room, live, outcome);
      }),
    );
  }

  /** Renews this instance's leases, all at once; a table whose lease was lost is given up, and heard from its new owner. */
  async renewLeases() {
    const rooms = (await this.all()).filter((room) => room.owner !== null);
    await Promise.all(
      rooms.map(async (room) => {
        if (this.closed || (await this.options.relay.renew(room.id))) return;
        room.owner?.close();
        room.owner = null;
        room.stop?.();
        room.stop = null;
        await this.reclaim(room);
      }),
    );
  }

  /** Takes the tables opened here whose owner went (those with sockets here). */
  async takeOver() {
    for (const opened of [...this.rooms.values()]) {
      const room = await opened.catch(() => null);
      if (!room || room.owner || this.closed || (await this.options.relay.held(room.id))) continue;
      await this.reclaim(room);
    }
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

  /** Lets a table go: its robots stop with it, and its lease is given up for another instance to take. */
  async close(id: string) {
    const opened = this.rooms.get(id);
    this.rooms.delete(id);
    const room = await opened?.catch(() => undefined);
    if (!room) return;
    room.closed = true;
    room.stop?.();
    if (room.owner) {
      room.owner.close();
      await this.options.relay.release(id);
    }
  }

  /** Stops: no robot acts any more, and every table is let go at once. */
  async closeAll() {
    this.closed = true;
    this.robots.close();
    for (const id of [...this.rooms.keys()]) await this.close(id);
    await this.options.relay.close();
  }
}

/** A request carried out by the table, answering its outcome. */
function carryOut(live: LiveTable, request: TableRequest): Promise<TableOutcome> {
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
