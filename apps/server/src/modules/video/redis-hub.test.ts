import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VideoServerMessage } from '@bridge/api';
import type { DropReason, HubMember } from './hub.ts';
import { RedisHub } from './redis-hub.ts';

const redisUrl = process.env.TEST_REDIS_URL;
// Short enough that a dead instance is noticed within a test, long enough that a busy machine does not stall a
// living one past it; the waits below are bounds, not measurements.
const ALIVE_MS = 1500;
const WAIT = { timeout: 15_000, interval: 25 };

interface TestMember extends HubMember {
  received: VideoServerMessage[];
  drops: DropReason[];
}

const member = (peerId: string): TestMember => {
  const received: VideoServerMessage[] = [];
  const drops: DropReason[] = [];
  return {
    peer: { peerId, displayName: peerId, seat: 'North' },
    received,
    drops,
    deliver: (m) => received.push(m),
    dropped: (reason) => drops.push(reason),
  };
};
const gone = (m: TestMember, peerId: string) => m.received.some((r) => r.type === 'disconnected' && r.body.peerId === peerId);

// Several server instances on one Redis, each with its own connection, as in production.
describe.runIf(redisUrl)('video rooms in Redis', () => {
  const clients: Redis[] = [];
  const hubs: RedisHub[] = [];
  const instance = () => {
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    const hub = new RedisHub(redis, { aliveMs: ALIVE_MS });
    clients.push(redis);
    hubs.push(hub);
    return { redis, hub };
  };
  /** An instance that stops dead: its connection to Redis goes without a leave, a close or a goodbye. */
  const kill = (redis: Redis) => redis.disconnect();
  const channel = () => `k${randomUUID().slice(0, 8)}table0`;
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close().catch(() => undefined);
    for (const redis of clients.splice(0)) redis.disconnect();
  });

  it('frees the seats of an instance that died, tells the room they are gone, and lets the user join again', async () => {
    const living = instance();
    const dying = instance();
    const room = channel();
    const watcher = member('u-watcher');
    expect(await living.hub.join(room, watcher, true)).toBe('joined');
    expect(await dying.hub.join(room, member('u-ghost'), true)).toBe('joined');
    expect((await living.hub.peers(room)).map((p) => p.peerId).sort()).toEqual(['u-ghost', 'u-watcher']);
    expect(await living.hub.join(room, member('u-ghost'), true)).toBe('alreadyJoined');

    kill(dying.redis);
    // The living instance's sweep of its own rooms finds the seat of the dead one, removes and announces it.
    await expect.poll(() => gone(watcher, 'u-ghost'), WAIT).toBe(true);
    expect((await living.hub.peers(room)).map((p) => p.peerId)).toEqual(['u-watcher']);
    expect(watcher.received.filter((m) => m.type === 'disconnected')).toHaveLength(1);

    const back = member('u-ghost');
    expect(await living.hub.join(room, back, true)).toBe('joined');
    expect((await living.hub.peers(room)).map((p) => p.peerId).sort()).toEqual(['u-ghost', 'u-watcher']);
  });

  it('lets a user back in whose seat a dead instance still holds, in a room nobody living watches', async () => {
    const dying = instance();
    const other = instance();
    const room = channel();
    await dying.hub.join(room, member('u-ghost'), true);
    kill(dying.redis);
    // Refused while the dead instance's heartbeat key lives, then let in: the join itself reaps the seat.
    await expect.poll(() => other.hub.join(room, member('u-ghost'), true), WAIT).toBe('joined');
    expect((await other.hub.peers(room)).map((p) => p.peerId)).toEqual(['u-ghost']);
  });

  it('a non-strict join on another instance takes the seat; the older socket is dropped and its leave frees nothing', async () => {
    const first = instance();
    const second = instance();
    const room = channel();
    const watcher = member('u-watcher');
    await second.hub.join(room, watcher, true);
    const old = member('u-player');
    await first.hub.join(room, old, true);
    const fresh = member('u-player');
    expect(await second.hub.join(room, fresh, false)).toBe('joined');
    await expect.poll(() => old.drops, WAIT).toEqual(['replaced']);
    expect(await first.hub.leave(room, old)).toBe(false);
    expect((await second.hub.peers(room)).map((p) => p.peerId).sort()).toEqual(['u-player', 'u-watcher']);
    // Messages for the user reach the newer socket only.
    await first.hub.send(room, 'u-watcher', 'u-player', { type: 'disconnected', channelName: room, body: { peerId: 'probe' } });
    await expect.poll(() => fresh.received.length, WAIT).toBe(1);
    expect(old.received).toEqual([]);
    expect(await second.hub.join(room, member('u-player'), true)).toBe('alreadyJoined');
  });

  it('drops its own members when it finds it was taken for dead (paused past its heartbeat)', async () => {
    const paused = instance();
    const other = instance();
    const room = channel();
    const player = member('u-player');
    const watcher = member('u-watcher');
    await paused.hub.join(room, player, true);
    await other.hub.join(room, watcher, true);
    // What the others see of a pause: the heartbeat key expired.
    await paused.redis.del(`video:instance:${paused.hub.instance}`);
    await expect.poll(() => player.drops, WAIT).toEqual(['lost']);
    await expect.poll(() => gone(watcher, 'u-player'), WAIT).toBe(true);
    expect(await paused.hub.leave(room, player)).toBe(false);
    // Its seat is free: the user's page joins again, on either instance.
    expect(await other.hub.join(room, member('u-player'), true)).toBe('joined');
  });
});

// Needs no Redis: the point is one that is not there.
describe('video rooms with Redis unreachable at the start', () => {
  it('leaves no promise failing unheard before anyone joins, answers a join with the error, and asks Redis again', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: (times) => (times > 3 ? null : 20) });
    redis.on('error', () => undefined);
    // A long life, so that no heartbeat asks Redis during the test: each `set` below is a join's new attempt.
    const hub = new RedisHub(redis, { aliveMs: 60_000 });
    const set = vi.spyOn(redis, 'set');
    try {
      // The start fails while nobody waits on it, as in a process that no player has joined yet (an unheard
      // failure would fail this test file).
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect(hub.join('k1table0', member('u-first'), true)).rejects.toThrow();
      expect(set).toHaveBeenCalledTimes(1);
      await expect(hub.join('k1table0', member('u-second'), true)).rejects.toThrow();
      expect(set).toHaveBeenCalledTimes(2);
    } finally {
      await hub.close().catch(() => undefined);
      redis.disconnect();
    }
  });
});
