import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { VideoPeer, VideoServerMessage } from '@bridge/api';
import { LocalRooms, type Hub, type HubMember } from './hub.ts';

const RELAY = 'video:relay';
const membersKey = (channel: string) => `video:members:${channel}`;
const instanceKey = (id: string) => `video:instance:${id}`;

type Membership = { peer: VideoPeer; instance: string };
type Relayed = { channel: string; from: string; to: string | null; message: VideoServerMessage };

/**
 * Rooms shared by every server instance through Redis. Who is in a channel is a Redis hash (so "already
 * joined" holds across instances); messages go out on one pub/sub channel and each instance hands them to its
 * own sockets. An instance marks itself alive with a short-lived key, so the seats of an instance that died
 * are taken over instead of being refused for ever.
 */
export class RedisHub implements Hub {
  private readonly instance = randomUUID();
  private readonly rooms = new LocalRooms();
  private readonly subscriber: Redis;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly ready: Promise<unknown>;

  constructor(private readonly redis: Redis, private readonly aliveMs = 15_000) {
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (_channel: string, raw: string) => {
      const relayed = JSON.parse(raw) as Relayed;
      this.rooms.deliver(relayed.channel, relayed.from, relayed.to, relayed.message);
    });
    const markAlive = () => this.redis.set(instanceKey(this.instance), '1', 'PX', this.aliveMs);
    this.ready = Promise.all([this.subscriber.subscribe(RELAY), markAlive()]);
    this.heartbeat = setInterval(() => void markAlive().catch(() => undefined), this.aliveMs / 3);
    this.heartbeat.unref();
  }

  async join(channel: string, member: HubMember) {
    await this.ready;
    const value = JSON.stringify({ peer: member.peer, instance: this.instance } satisfies Membership);
    if (!(await this.redis.hsetnx(membersKey(channel), member.peer.peerId, value))) {
      const holder = await this.redis.hget(membersKey(channel), member.peer.peerId);
      const holderAlive = holder ? await this.redis.exists(instanceKey((JSON.parse(holder) as Membership).instance)) : 0;
      if (holderAlive) return 'alreadyJoined' as const;
      await this.redis.hset(membersKey(channel), member.peer.peerId, value);
    }
    this.rooms.add(channel, member);
    return 'joined' as const;
  }

  async leave(channel: string, member: HubMember) {
    if (!this.rooms.remove(channel, member)) return false;
    const holder = await this.redis.hget(membersKey(channel), member.peer.peerId);
    if (holder && (JSON.parse(holder) as Membership).instance === this.instance) await this.redis.hdel(membersKey(channel), member.peer.peerId);
    return true;
  }

  async peers(channel: string) {
    const members = Object.values(await this.redis.hgetall(membersKey(channel))).map((raw) => JSON.parse(raw) as Membership);
    const instances = [...new Set(members.map((m) => m.instance))];
    const alive = instances.length ? await this.redis.mget(instances.map(instanceKey)) : [];
    const living = new Set(instances.filter((_, i) => alive[i] !== null));
    return members.filter((m) => living.has(m.instance)).map((m) => m.peer);
  }

  async send(channel: string, from: string, to: string | null, message: VideoServerMessage) {
    await this.redis.publish(RELAY, JSON.stringify({ channel, from, to, message } satisfies Relayed));
  }

  async close() {
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
