import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Actor, Seat, TableAction } from '@bridge/engine';
import type { SeatPlayer } from './table-round.ts';
import type { TableSnapshot } from './table-view.ts';

/**
 * What a socket asks of a table: an action of a seat (or the director's ruling), the director's robot substitute, a
 * player's call for the director, or the director's answer to it; or what an instance tells of its sockets there.
 */
export type TableRequest =
  | {
      kind: 'action';
      actor: Actor;
      action: TableAction;
      /** A player's: who must still hold the seat, in the round they sat for. */ player?: SeatPlayer;
    }
  | { kind: 'robot'; seat: Seat; robot: boolean }
  | { kind: 'callDirector'; seat: Seat; player: SeatPlayer }
  | { kind: 'directorHere' }
  /** An instance's count of its seat sockets at the table, per user: each instance's presence at the table. */
  | { kind: 'presence'; instance: string; seq: number; users: Record<string, number> };

/**
 * Who runs each online table, and how the other instances reach it (docs/decisions/051). One instance owns a table
 * at a time, through a lease; its sockets on other instances send their actions to the owner and hear the table
 * from it. Without Redis there is one instance, which owns every table.
 */
export interface TableRelay {
  readonly instance: string;
  /** Takes the table's lease when nobody holds it; true when this instance holds it now. */
  acquire(id: string): Promise<boolean>;
  /** Keeps the lease; false when it was lost (expired and taken, or Redis gone). */
  renew(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  /** Whether anyone holds the table's lease. */
  held(id: string): Promise<boolean>;
  /** The owner tells every instance the table changed. */
  publish(id: string, snapshot: TableSnapshot): void;
  /** Hears the table's changes from its owner (on another instance); answers the way to stop. */
  listen(id: string, onSnapshot: (snapshot: TableSnapshot) => void): () => void;
  /** The owner takes requests sent from other instances; answers the way to stop. */
  serve(id: string, handler: (request: TableRequest) => Promise<string | null>): () => void;
  /** Sends a request to the table's owner on another instance: its refusal, null when taken. */
  forward(id: string, request: TableRequest): Promise<string | null>;
  close(): Promise<void>;
}

/** One instance: it owns every table; nothing crosses. */
export class LocalRelay implements TableRelay {
  readonly instance = 'local';
  async acquire() {
    return true;
  }
  async renew() {
    return true;
  }
  async release() {}
  /** Alone, a table is held once this instance has opened it: the host knows that itself. */
  async held() {
    return false;
  }
  publish() {}
  listen() {
    return () => undefined;
  }
  serve() {
    return () => undefined;
  }
  async forward(): Promise<string | null> {
    return 'This table is not open on this server';
  }
  async close() {}
}

export const ownerGoneMessage = 'The table is moving to another server; try again in a moment';

// Renews a lease only while this instance holds it (compare and extend), and releases only its own.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Tables spread over instances that share Redis (and the database): leases, and actions and snapshots over pub/sub. */
export class RedisRelay implements TableRelay {
  readonly instance = randomUUID();
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<(message: unknown) => void>>();
  private readonly waiting = new Map<string, { resolve: (refusal: string | null) => void; timer: NodeJS.Timeout }>();

  constructor(
    private readonly redis: Redis,
    private readonly leaseMs: number,
    private readonly log: { error(details: object, message: string): void },
  ) {
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (channel: string, raw: string) => {
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch (error) {
        return log.error({ err: error, channel }, 'an unreadable table message came through Redis');
      }
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
    this.on(`bridge:play:reply:${this.instance}`, (message) => {
      const { request, refusal } = message as { request: string; refusal: string | null };
      const waiting = this.waiting.get(request);
      if (!waiting) return;
      this.waiting.delete(request);
      clearTimeout(waiting.timer);
      waiting.resolve(refusal);
    });
  }

  async acquire(id: string) {
    return (await this.redis.set(leaseKey(id), this.instance, 'PX', this.leaseMs, 'NX')) === 'OK';
  }

  async renew(id: string) {
    try {
      return (await this.redis.eval(RENEW, 1, leaseKey(id), this.instance, this.leaseMs)) === 1;
    } catch {
      return false;
    }
  }

  async release(id: string) {
    await this.redis.eval(RELEASE, 1, leaseKey(id), this.instance).catch(() => undefined);
  }

  async held(id: string) {
    return (await this.redis.exists(leaseKey(id))) === 1;
  }

  publish(id: string, snapshot: TableSnapshot) {
    this.redis.publish(`bridge:play:state:${id}`, JSON.stringify(snapshot)).catch((error: unknown) => {
      this.log.error({ err: error, table: id }, "could not tell the other instances of a table's change");
    });
  }

  listen(id: string, onSnapshot: (snapshot: TableSnapshot) => void) {
    return this.on(`bridge:play:state:${id}`, (message) => onSnapshot(message as TableSnapshot));
  }

  serve(id: string, handler: (request: TableRequest) => Promise<string | null>) {
    return this.on(`bridge:play:act:${id}`, (message) => {
      const { from, id: requestId, request } = message as { from: string; id: string; request: TableRequest };
      void handler(request)
        .catch(() => 'Something went wrong; try again')
        .then((refusal) => this.redis.publish(`bridge:play:reply:${from}`, JSON.stringify({ request: requestId, refusal })))
        .catch(() => undefined);
    });
  }

  forward(id: string, tableRequest: TableRequest): Promise<string | null> {
    const request = randomUUID();
    return new Promise((resolve) => {
      // An owner that does not answer within a lease has gone: its table is being taken over.
      const timer = setTimeout(() => {
        this.waiting.delete(request);
        resolve(ownerGoneMessage);
      }, this.leaseMs);
      this.waiting.set(request, { resolve, timer });
      this.redis.publish(`bridge:play:act:${id}`, JSON.stringify({ from: this.instance, id: request, request: tableRequest })).catch(() => {
        this.waiting.delete(request);
        clearTimeout(timer);
        resolve(ownerGoneMessage);
      });
    });
  }

  async close() {
    for (const { timer, resolve } of this.waiting.values()) {
      clearTimeout(timer);
      resolve(ownerGoneMessage);
    }
    this.waiting.clear();
    this.subscriber.disconnect();
  }

  private on(channel: string, handler: (message: unknown) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.subscriber.subscribe(channel).catch((error: unknown) => this.log.error({ err: error, channel }, 'could not subscribe to a table channel'));
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }
}

const leaseKey = (id: string) => `bridge:play:lease:${id}`;
