import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Gives back a socket's place; calling it again does nothing. */
export type Release = () => void;

/**
 * How many sockets of one kind (video signalling, online tables) one user holds open (docs/decisions/028).
 * `acquire` answers a release for the new socket, or null when the user holds `max` already.
 */
export interface SocketCap {
  acquire(userId: string): Promise<Release | null>;
  close(): Promise<void>;
}

/** The sockets of this process only. */
export class LocalSocketCap implements SocketCap {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Synchronous underneath, so two sockets arriving together cannot both take the last place. */
  async acquire(userId: string): Promise<Release | null> {
    return this.take(userId);
  }

  take(userId: string): Release | null {
    const count = this.counts.get(userId) ?? 0;
    if (count >= this.max) return null;
    this.counts.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(userId) ?? 1) - 1;
      if (left > 0) this.counts.set(userId, left);
      else this.counts.delete(userId);
    };
  }

  async close() {
    this.counts.clear();
  }
}

// Drops the user's expired leases, then adds one unless `max` are held. Redis's clock decides, so the instances'
// clocks need not agree. Answers 1 when the lease was added.
const ACQUIRE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

// Extends a lease still held (one a release removed stays removed).
const RENEW = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * The sockets of every instance sharing Redis: each socket holds a lease in a sorted set per user
 * (`{kind}:sockets:{userId}`, one kind's sockets counted apart from another's), scored by its
 * expiry. An instance renews its leases three times per `leaseMs`; the leases of an instance that died expire
 * after at most `leaseMs`. With Redis unreachable, the cap falls back to this process's own count.
 */
export class RedisSocketCap implements SocketCap {
  private readonly local: LocalSocketCap;
  private readonly leases = new Map<string, { userId: string }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly kind: 'video' | 'play',
    private readonly max: number,
    private readonly leaseMs = 30_000,
  ) {
    this.local = new LocalSocketCap(max);
    this.timer = setInterval(() => void this.renew(), leaseMs / 3);
    this.timer.unref();
  }

  private leasesKey(userId: string) {
    return `${this.kind}:sockets:${userId}`;
  }

  async acquire(userId: string): Promise<Release | null> {
    const local = this.local.take(userId);
    if (!local) return null;
    const lease = randomUUID();
    let added: unknown;
    try {
      added = await this.redis.eval(ACQUIRE, 1, this.leasesKey(userId), lease, this.max, this.leaseMs);
    } catch {
      return local; // Redis down: this instance's own count stands
    }
    if (added !== 1) {
      local();
      return null;
    }
    this.leases.set(lease, { userId });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      local();
      this.leases.delete(lease);
      this.redis.zrem(this.leasesKey(userId), lease).catch(() => undefined); // else it expires
    };
  }

  private async renew() {
    if (this.leases.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [lease, { userId }] of this.leases) pipeline.eval(RENEW, 1, this.leasesKey(userId), lease, this.leaseMs);
    await pipeline.exec().catch(() => undefined);
  }

  /** Gives back the leases still held, before the process's Redis connection closes. */
  async close() {
    clearInterval(this.timer);
    if (this.leases.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [lease, { userId }] of this.leases) pipeline.zrem(this.leasesKey(userId), lease);
    this.leases.clear();
    await pipeline.exec().catch(() => undefined);
  }
}
