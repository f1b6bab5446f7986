import { z } from 'zod';
import { EventType, SEAT_NAMES } from './bridge-terms.ts';
import { isSingleLine } from './text.ts';

/** Relay credential lifetime (specification section 9). */
export const RELAY_CREDENTIAL_TTL_SECONDS = 86_400;

export const IceServersBody = z.object({ ttl: z.number().int().min(60).max(RELAY_CREDENTIAL_TTL_SECONDS).optional() }).default({});
export type IceServersBody = z.infer<typeof IceServersBody>;

export const IceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;
export const IceServersResponse = z.object({ iceServers: z.array(IceServer) });
export type IceServersResponse = z.infer<typeof IceServersResponse>;

/** Where a peer sits in the chat, in the fixed tile order North, East, South, West, then everyone else. */
export const VideoSeat = z.enum([...SEAT_NAMES, 'Kibitzer', 'Organiser', 'Director']);
export type VideoSeat = z.infer<typeof VideoSeat>;

/** One event in play where the caller has a seat, and the room of the table the movement puts them at now. */
export const VideoTableInPlay = z.object({
  key: z.string(),
  name: z.string(),
  /** One-based; null for a player-based event (type 5), whose players share one room. */
  table: z.number().nullable(),
  /** The signalling channel of that room. */
  channel: z.string(),
  seat: VideoSeat,
  /** The event is played online and its director has started it: the table's page `/play/{key}` is open. */
  play: z.boolean(),
});
export type VideoTableInPlay = z.infer<typeof VideoTableInPlay>;
/** `GET /api/v1/video/tables`: the caller's tables in play, oldest event first. */
export const MyVideoTablesResponse = z.object({ result: z.object({ tables: z.array(VideoTableInPlay) }) });

export const VideoPeer = z.object({ peerId: z.string(), displayName: z.string(), seat: VideoSeat });
export type VideoPeer = z.infer<typeof VideoPeer>;

// An SDP is a few kilobytes; a generous bound keeps a client from pushing megabytes through the relay.
const sdp = z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(64_000).optional() });
const candidate = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
const target = z.string().min(1).max(64).refine(isSingleLine);
const channelName = z.string().min(1).max(80).refine(isSingleLine);

/**
 * What a browser sends on `/ws/video` (specification section 7's envelope: type, channelName, userUid, body).
 * `userUid` is accepted for the older clients' sake and ignored: the server knows who the socket belongs to.
 */
export const VideoClientMessage = z.discriminatedUnion('type', [
  // strict (the default): refused with 'alreadyJoined' while the same user is in the channel on another socket;
  // strict: false takes that socket's place instead (a page rejoining after its connection dropped).
  z.object({
    type: z.literal('join'),
    channelName,
    userUid: z.string().optional(),
    body: z.object({ strict: z.boolean().default(true) }).default({ strict: true }),
  }),
  z.object({ type: z.literal('start'), channelName, userUid: z.string().optional(), body: z.object({}).passthrough().optional() }),
  z.object({
    type: z.literal('peerDetails'),
    channelName,
    userUid: z.string().optional(),
    body: z.object({ targetPeer: target.optional() }).default({}),
  }),
  z.object({ type: z.literal('send_offer'), channelName, userUid: z.string().optional(), body: z.object({ sdp, targetPeer: target }) }),
  z.object({ type: z.literal('send_answer'), channelName, userUid: z.string().optional(), body: z.object({ sdp, targetPeer: target }) }),
  z.object({ type: z.literal('ice_candidate'), channelName, userUid: z.string().optional(), body: z.object({ candidate, targetPeer: target }) }),
  z.object({ type: z.literal('disconnect'), channelName, userUid: z.string().optional(), body: z.object({}).passthrough().optional() }),
]);
export type VideoClientMessage = z.infer<typeof VideoClientMessage>;

/** What the server sends. Spellings of the older clients kept: offer_sdp_recieved, answer_sdp_recieved. */
export type VideoServerMessage =
  | { type: 'joined'; channelName: string; body: { peer: VideoPeer; peers: VideoPeer[] } }
  | { type: 'alreadyJoined'; channelName: string; body: { message: string } }
  | { type: 'start_call'; channelName: string; body: { peer: VideoPeer } }
  | { type: 'peerDetails'; channelName: string; body: { peers: VideoPeer[] } }
  | { type: 'offer_sdp_recieved'; channelName: string; body: { sdp: z.infer<typeof sdp>; from: string } }
  | { type: 'answer_sdp_recieved'; channelName: string; body: { sdp: z.infer<typeof sdp>; from: string } }
  | { type: 'ice_candidate'; channelName: string; body: { candidate: z.infer<typeof candidate>; from: string } }
  | { type: 'disconnected'; channelName: string; body: { peerId: string } }
  /** To a socket put out of its room: a newer socket of the same user joined non-strict ('replaced'). */
  | { type: 'disconnect'; channelName: string; body: { reason: 'replaced' } }
  | { type: 'error'; channelName?: string; body: { message: string; code: string } };

/** The signalling channel of a table: the event key for player-based (solitaire) events, else one per table. */
export function videoChannelName(key: string, type: number, index: number): string {
  return type === EventType.solitaire ? key : `${key}table${index}`;
}

/**
 * What a channel name means, the one place that reads it: `{key}table{i}` is table i (zero-based, written without
 * leading zeros) of a table event; anything else is the key of a player-based event. `{key}table00` is not another
 * spelling of table 0: it reads as an event key of its own, which no event has, so a socket cannot open a second
 * room for one table.
 */
export function parseVideoChannel(name: string): { key: string; table: number | null } {
  const match = /^(.+)table(0|[1-9]\d{0,3})$/.exec(name);
  return match ? { key: match[1]!, table: Number(match[2]) } : { key: name, table: null };
}

/** A signalling socket's close codes besides the standard ones. */
export const VideoCloseCode = {
  /** The user's account, role or session changed (disabled, demoted, deleted, signed out): reconnect and join again. */
  accessChanged: 4003,
} as const;

/** Open signalling sockets one user may hold at once (every instance together); one more is refused at upgrade. */
export const VIDEO_SOCKETS_PER_USER = 8;
