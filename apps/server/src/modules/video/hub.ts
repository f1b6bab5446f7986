import type { VideoPeer, VideoServerMessage } from '@bridge/api';

/** A socket in a channel, as the hub sees it: who it is and how to reach it. */
export interface HubMember {
  peer: VideoPeer;
  deliver(message: VideoServerMessage): void;
}

/**
 * Rooms of the video signalling. One server keeps them in memory (LocalHub); several servers share them through
 * Redis (RedisHub), so the players of one table may be connected to different instances.
 */
export interface Hub {
  /** Adds the member; 'alreadyJoined' (and nothing changes) when the same user is in the channel already. */
  join(channel: string, member: HubMember): Promise<'joined' | 'alreadyJoined'>;
  /** Removes the member if it is this one (a newer socket of the same user is left alone). */
  leave(channel: string, member: HubMember): Promise<boolean>;
  peers(channel: string): Promise<VideoPeer[]>;
  /** Sends to one peer of the channel, or to every peer but the sender when `to` is null. */
  send(channel: string, from: string, to: string | null, message: VideoServerMessage): Promise<void>;
  close(): Promise<void>;
}

/** The in-process hub: rooms live in this server's memory. */
export class LocalHub implements Hub {
  private readonly rooms = new Map<string, Map<string, HubMember>>();

  async join(channel: string, member: HubMember) {
    const room = this.rooms.get(channel) ?? new Map<string, HubMember>();
    if (room.has(member.peer.peerId)) return 'alreadyJoined' as const;
    room.set(member.peer.peerId, member);
    this.rooms.set(channel, room);
    return 'joined' as const;
  }

  async leave(channel: string, member: HubMember) {
    const room = this.rooms.get(channel);
    if (room?.get(member.peer.peerId) !== member) return false;
    room.delete(member.peer.peerId);
    if (room.size === 0) this.rooms.delete(channel);
    return true;
  }

  async peers(channel: string) {
    return [...(this.rooms.get(channel)?.values() ?? [])].map((member) => member.peer);
  }

  async send(channel: string, from: string, to: string | null, message: VideoServerMessage) {
    deliverLocally(this.rooms.get(channel), from, to, message);
  }

  async close() {
    this.rooms.clear();
  }
}

export function deliverLocally(room: Map<string, HubMember> | undefined, from: string, to: string | null, message: VideoServerMessage): void {
  if (!room) return;
  if (to !== null) {
    room.get(to)?.deliver(message);
    return;
  }
  for (const [peerId, member] of room) if (peerId !== from) member.deliver(message);
}
