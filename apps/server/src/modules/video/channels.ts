import { messages, type VideoSeat } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

const SIDE_SEATS: Record<number, VideoSeat> = { 0: 'North', 1: 'East', 2: 'South', 3: 'West' };

/** The part of a user that signalling needs: who it is, the name its peers see, and whether it is an admin. */
export type SignallingUser = Pick<UserRow, 'id' | 'names' | 'role'>;

export type ChannelAccess = { ok: true; seat: VideoSeat } | { ok: false; code: 'not_found' | 'forbidden'; message: string };

/**
 * Who may join a channel: the tournament key for a player-based event (type 5), '{key}table{i}' (zero-based)
 * for the others. Seated players of the event may join any of its tables (pairs move between tables in a
 * movement), kibitzers only where the event allows them, and the organiser and admins always.
 */
export async function channelAccess(db: Db, user: SignallingUser, channel: string): Promise<ChannelAccess> {
  const unknown = { ok: false, code: 'not_found', message: messages.videoUnknownTable } as const;
  const tableMatch = /^(.+)table(\d{1,4})$/.exec(channel);
  const key = tableMatch ? tableMatch[1]! : channel;
  const tournament = await db.selectFrom('tournaments').select(['id', 'type', 'tables', 'organiserId', 'kibitzersEnabled']).where('key', '=', key).executeTakeFirst();
  if (!tournament) return unknown;
  const playerBased = tournament.type === 5;
  if (playerBased ? tableMatch !== null : tableMatch === null || Number(tableMatch[2]) >= tournament.tables) return unknown;

  if (user.role === 'admin') return { ok: true, seat: 'Director' };
  if (tournament.organiserId === user.id) return { ok: true, seat: 'Organiser' };
  const seats = await db.selectFrom('participants').select(['side']).where('tournamentId', '=', tournament.id).where('userId', '=', user.id).execute();
  const seated = seats.find((s) => SIDE_SEATS[s.side]);
  if (seated) return { ok: true, seat: SIDE_SEATS[seated.side]! };
  if (seats.length === 0) return { ok: false, code: 'forbidden', message: messages.videoNotInEvent };
  return tournament.kibitzersEnabled ? { ok: true, seat: 'Kibitzer' } : { ok: false, code: 'forbidden', message: messages.videoKibitzersClosed };
}
