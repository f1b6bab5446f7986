import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { VideoPeer, VideoServerMessage } from '@bridge/api';
import { LocalRooms, type Hub, type HubMember } from './hub.ts';

const RELAY = 'video:relay';
const EVICT = 'video:evict';
const membersKey = (channel: string) => `video:members:${channel}`;
const instanceKey = (id: string) => `video:instance:${id}`;

/** A seat in a channel's hash: the peer, the instance its socket is on, and which socket of that instance. */
type Membership = { peer: VideoPeer; instance: string; member: string };
type Relayed = { channel: string; from: string; to: string | null; message: VideoServerMessage };
type Eviction = { channel: string; peerId: string; member: string };

// Changes a hash field only while it still holds the value read before (another instance may have changed it
// in between): ARGV[3] empty deletes the field, else it is the new value. Answers 1 when it changed.
const COMPARE_AND_SET = `
if redis.call('hget', KEYS[1], ARGV[1]) == ARGV[2] then
  if ARGV[3] == '' then redis.call('hdel', KEYS[1], ARGV[1]) else redis.call('hset', KEYS[1], ARGV[1], ARGV[3]) end
  return 1
end
return 0`;

export interface RedisHubOptions {
  /**
   * How long an instance counts as alive after its last heartbeat (it beats three times in that span). The seats
   * of an instance that stopped beating are freed, and their peers told `disconnected`, within about this time.
   */
  aliveMs?: number;
}

/**
 * Rooms shared by every server instance through Redis. Who is in a channel is a Redis hash (so "already
 * joined" holds across instances); messages go out on one pub/sub channel and each instance hands them to its
 * own sockets. Each instance marks itself alive with a short-lived key; a seat whose instance's key expired
 * (it died without cleaning up) is removed, and announced as `disconnected`, by whichever instance reads it
 * first: on a join, on a peer list, or in the sweep each instance makes of its own channels at every heartbeat.
 */
export class RedisHub implements Hub {
  /** This instance's name in Redis (its heartbeat key, its seats). */
  readonly instance = randomUUID();
  private readonly rooms = new LocalRooms();
  /** Which socket each local member is, as its seat in Redis names it. */
  private readonly ids = new WeakMap<HubMember, string>();
  private readonly subscriber: Redis;
  private readonly heartbeat: NodeJS.Timeout;
  /** Subscribed and marked alive; null after a failed attempt, so the next join tries again. */
  private ready: Promise<unknown> | null;
  private readonly aliveMs: number;
  private beating = false;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    options: RedisHubOptions = {},
  ) {
    this.aliveMs = options.aliveMs ?? 15_000;
    this.subscriber = redis.duplicate();
    // A duplicate has none of the original's listeners: its failures reach the hub through subscribe's rejection.
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel === RELAY) {
        const relayed = JSON.parse(raw) as Relayed;
        this.rooms.deliver(relayed.channel, relayed.from, relayed.to, relayed.message);
      } else if (channel === EVICT) {
        const evicted = JSON.parse(raw) as Eviction;
        this.dropLocal(evicted.channel, evicted.peerId, evicted.member);
      }
    });
    this.ready = this.connect();
    this.heartbeat = setInterval(() => void this.beat(), this.aliveMs / 3);
    this.heartbeat.unref();
    // A client that has given up reconnecting for good: the hub cannot go on, and stops beating.
    redis.once('end', () => {
      clearInterval(this.heartbeat);
      this.subscriber.disconnect();
    });
  }

  /**
   * Subscribes and marks this instance alive. A failure (Redis down at the start) is answered to the join that
   * waits on it, not left unhandled, and the next join tries again.
   */
  private connect(): Promise<unknown> {
    const ready = Promise.all([this.subscriber.subscribe(RELAY, EVICT), this.markAlive()]);
    ready.catch(() => {
      if (this.ready === ready) this.ready = null;
    });
    return ready;
  }

  /** Answers whether this instance's key was still there: if not, the others took it for dead meanwhile. */
  private async markAlive(): Promise<boolean> {
    return (await this.redis.set(instanceKey(this.instance), '1', 'PX', this.aliveMs, 'GET')) !== null;
  }

  private async beat() {
    if (this.beating || this.closed) return;
    this.beating = true;
    try {
      if (!(await this.markAlive())) {
        // Paused for longer than aliveMs (a stalled process, a partition): our seats may have been freed and
        // announced as gone. Our sockets leave their rooms; their browsers reconnect and join afresh.
        for (const channel of this.rooms.channels()) {
          for (const member of this.rooms.members(channel)) {
            this.rooms.remove(channel, member);
            member.dropped('lost');
            // A seat nobody reaped yet is still ours: free it and say so, as the reaper would have.
            if (await this.release(channel, member)) {
              await this.send(channel, member.peer.peerId, null, {
                type: 'disconnected',
                channelName: channel,
                body: { peerId: member.peer.peerId },
              });
            }
          }
        }
      }
      for (const channel of this.rooms.channels()) await this.peers(channel);
    } catch {
      // Redis unreachable: the next beat tries again.
    } finally {
      this.beating = false;
    }
  }

  private async compareAndSet(channel: string, peerId: string, expected: string, value: string): Promise<boolean> {
    return (await this.redis.eval(COMPARE_AND_SET, 1, membersKey(channel), peerId, expected, value)) === 1;
  }

  /** Removes a seat of a dead instance (if no one changed it meanwhile) and tells the room it is gone. */
  private async reap(channel: string, peerId: string, raw: string) {
    if (await this.compareAndSet(channel, peerId, raw, '')) {
      await this.send(channel, peerId, null, { type: 'disconnected', channelName: channel, body: { peerId } });
    }
  }

  /** Takes a member of this instance out of its room, if it is the socket named. */
  private dropLocal(channel: string, peerId: string, id: string) {
    const member = this.rooms.get(channel, peerId);
    if (!member || !this.holds(channel, peerId, id)) return;
    this.rooms.remove(channel, member);
    member.dropped('replaced');
  }

  async join(channel: string, member: HubMember, strict: boolean) {
    await (this.ready ??= this.connect());
    const { peerId } = member.peer;
    const id = randomUUID();
    const value = JSON.stringify({ peer: member.peer, instance: this.instance, member: id } satisfies Membership);
    let replaced: Membership | null = null;
    // A few rounds at most: each one that fails saw the seat change under it (a leave, a reap, another join).
    for (let round = 0; ; round++) {
      if (round === 5) return 'alreadyJoined' as const;
      if (await this.redis.hsetnx(membersKey(channel), peerId, value)) break;
      const raw = await this.redis.hget(membersKey(channel), peerId);
      if (raw === null) continue;
      const holder = JSON.parse(raw) as Membership;
      const mine = holder.instance === this.instance;
      // A seat no socket holds: its instance died (reaped, and announced), or its socket here is on its way out.
      if (!mine && !(await this.redis.exists(instanceKey(holder.instance)))) {
        await this.reap(channel, peerId, raw);
        continue;
      }
      if (mine && !this.holds(channel, peerId, holder.member)) {
        if (await this.compareAndSet(channel, peerId, raw, value)) break;
        continue;
      }
      if (strict) return 'alreadyJoined' as const;
      if (!(await this.compareAndSet(channel, peerId, raw, value))) continue;
      replaced = holder;
      break;
    }
    if (replaced?.instance === this.instance) this.dropLocal(channel, peerId, replaced.member);
    this.ids.set(member, id);
    this.rooms.add(channel, member);
    if (replaced && replaced.instance !== this.instance) {
      await this.redis.publish(EVICT, JSON.stringify({ channel, peerId, member: replaced.member } satisfies Eviction));
    }
    return 'joined' as const;
  }

  private holds(channel: string, peerId: string, id: string) {
    const member = this.rooms.get(channel, peerId);
    return member !== undefined && this.ids.get(member) === id;
  }

  async leave(channel: string, member: HubMember) {
    if (!this.rooms.remove(channel, member)) return false;
    await this.release(channel, member);
    return true;
  }

  /** Frees the member's seat in Redis if it still holds it; answers whether it did. */
  private async release(channel: string, member: HubMember) {
    const raw = await this.redis.hget(membersKey(channel), member.peer.peerId);
    return (
      raw !== null &&
      (JSON.parse(raw) as Membership).member === this.ids.get(member) &&
      (await this.compareAndSet(channel, member.peer.peerId, raw, ''))
    );
  }

  /** The living members of the channel; the seats of dead instances met on the way are reaped. */
  async peers(channel: string) {
    const entries = Object.entries(await this.redis.hgetall(membersKey(channel)));
    const members = entries.map(([peerId, raw]) => ({ peerId, raw, membership: JSON.parse(raw) as Membership }));
    const others = [...new Set(members.map((m) => m.membership.instance).filter((instance) => instance !== this.instance))];
    const alive = others.length ? await this.redis.mget(others.map(instanceKey)) : [];
    const dead = new Set(others.filter((_, i) => alive[i] === null));
    for (const m of members) if (dead.has(m.membership.instance)) await this.reap(channel, m.peerId, m.raw);
    return members.filter((m) => !dead.has(m.membership.instance)).map((m) => m.membership.peer);
  }

  async send(channel: string, from: string, to: string | null, message: VideoServerMessage) {
    await this.redis.publish(RELAY, JSON.stringify({ channel, from, to, message } satisfies Relayed));
  }

  async close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const channel of this.rooms.channels()) {
      for (const member of this.rooms.members(channel)) {
        await this.leave(channel, member);
        await this.send(channel, member.peer.peerId, null, { type: 'disconnected', channelName: channel, body: { peerId: member.peer.peerId } });
      }
    }
    await this.redis.del(instanceKey(this.instance));
    this.subscriber.disconnect();
  }
}
