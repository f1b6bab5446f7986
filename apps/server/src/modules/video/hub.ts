import type { VideoPeer, VideoServerMessage } from '@bridge/api';

/**
 * Why the hub put a member out of its room without the socket asking: a newer socket of the same user took its
 * place (a non-strict join), or the room no longer holds it (its instance was presumed dead and its seat freed).
 */
export type DropReason = 'replaced' | 'lost';

/** A socket in a channel, as the hub sees it: who it is and how to reach it. */
export interface HubMember {
  peer: VideoPeer;
  deliver(message: VideoServerMessage): void;
  /** The hub has taken the member out of the room already; the socket should stop acting in it. */
  dropped(reason: DropReason): void;
}

/**
 * Rooms of the video signalling. One server keeps them in memory (LocalHub); several servers share them through
 * Redis (RedisHub), so the players of one table may be connected to different instances.
 */
export interface Hub {
  /**
   * Adds the member. When the same user is in the channel already, a strict join answers 'alreadyJoined' and
   * changes nothing; a non-strict one takes that socket's place (the older member is `dropped('replaced')`).
   */
  join(channel: string, member: HubMember, strict: boolean): Promise<'joined' | 'alreadyJoined'>;
  /** Removes the member if it is this one (a newer socket of the same user is left alone). */
  leave(channel: string, member: HubMember): Promise<boolean>;
  peers(channel: string): Promise<VideoPeer[]>;
  /**
   * Sends to one peer of the channel, or to every peer but the sender when `to` is null. The in-process hub
   * delivers at once and answers nothing, so relaying costs no promise.
   */
  send(channel: string, from: string, to: string | null, message: VideoServerMessage): void | Promise<void>;
  close(): Promise<void>;
}

/** This instance's own sockets, by channel and peer id: what both hubs deliver to. */
export class LocalRooms {
  private readonly rooms = new Map<string, Map<string, HubMember>>();

  get(channel: string, peerId: string): HubMember | undefined {
    return this.rooms.get(channel)?.get(peerId);
  }

  add(channel: string, member: HubMember): void {
    const room = this.rooms.get(channel) ?? new Map<string, HubMember>();
    room.set(member.peer.peerId, member);
    this.rooms.set(channel, room);
  }

  /** Removes the member if it is this one (a newer socket of the same user stays). */
  remove(channel: string, member: HubMember): boolean {
    const room = this.rooms.get(channel);
    if (room?.get(member.peer.peerId) !== member) return false;
    room.delete(member.peer.peerId);
    if (room.size === 0) this.rooms.delete(channel);
    return true;
  }

  members(channel: string): HubMember[] {
    return [...(this.rooms.get(channel)?.values() ?? [])];
  }

  channels(): string[] {
    return [...this.rooms.keys()];
  }

  /** To one peer, or to every peer but the sender when `to` is null. */
  deliver(channel: string, from: string, to: string | null, message: VideoServerMessage): void {
    const room = this.rooms.get(channel);
    if (!room) return;
    if (to !== null) return room.get(to)?.deliver(message);
    for (const member of room.values()) if (member.peer.peerId !== from) member.deliver(message);
  }

  clear(): void {
    this.rooms.clear();
  }
}

/** The in-process hub: rooms live in this server's memory. */
export class LocalHub implements Hub {
  private readonly rooms = new LocalRooms();

  async join(channel: string, member: HubMember, strict: boolean) {
    const current = this.rooms.get(channel, member.peer.peerId);
    if (current && strict) return 'alreadyJoined' as const;
    if (current) {
      this.rooms.remove(channel, current);
      current.dropped('replaced');
    }
    this.rooms.add(channel, member);
    return 'joined' as const;
  }

  async leave(channel: string, member: HubMember) {
    return this.rooms.remove(channel, member);
  }

  async peers(channel: string) {
    return this.rooms.members(channel).map((member) => member.peer);
  }

  send(channel: string, from: string, to: string | null, message: VideoServerMessage): void {
    this.rooms.deliver(channel, from, to, message);
  }

  async close() {
    this.rooms.clear();
  }
}
