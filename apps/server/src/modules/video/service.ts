import { EventType, messages, parseVideoChannel, seatNameOfSide, videoChannelName, type VideoSeat, type VideoTableInPlay } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { isOrganiserOrAdmin } from '../../lib/policy.ts';
import { findEvent } from '../events/service.ts';
import { eventsInPlaySeating, placesNow as placesOfSeats, playingDirectorMessage, seatsOfUser, type SeatLetter } from '../entries/service.ts';
import { sessionUser } from '../users/service.ts';

/** The part of a user that signalling needs: who it is, the name its peers see, and whether it is an admin. */
export type SignallingUser = Pick<UserRow, 'id' | 'names' | 'role'>;

export type ChannelAccess =
  | { ok: true; seat: VideoSeat }
  /** 'unauthorized': the socket's session has ended or its account is disabled or gone; the socket is closed. */
  | { ok: false; code: 'not_found' | 'forbidden' | 'unauthorized'; message: string };

/**
 * Who may join a channel, read afresh at every join from the socket's session (a user disabled, demoted or
 * signed out since the socket opened is refused): the tournament key for a player-based (solitaire) event,
 * '{key}table{i}' (zero-based) for the others. The organiser and admins (who direct) may join any table, unless
 * they hold a player's seat in the event: from its start until it is complete they are a player (decision 057); a
 * seated player only the table the movement puts their pair at in the current round (docs/decisions/027);
 * kibitzers any table, where the event allows them.
 */
export async function channelAccess(db: Db, session: string, channel: string): Promise<ChannelAccess> {
  const user = await sessionUser(db, session);
  if (!user) return { ok: false, code: 'unauthorized', message: messages.notSignedIn };
  const unknown = { ok: false, code: 'not_found', message: messages.videoUnknownTable } as const;
  const { key, table } = parseVideoChannel(channel);
  const tournament = await findEvent(db, key);
  if (!tournament) return unknown;
  const playerBased = tournament.type === EventType.solitaire;
  if (playerBased ? table !== null : table === null || table >= tournament.tables) return unknown;

  const seats = await seatsOfUser(db, tournament.id, user.id);
  const playing = seats.filter((s) => seatNameOfSide(s.side));
  const directs = isOrganiserOrAdmin(user, tournament);
  // An organiser or admin who plays in the event is a player from its start until it is complete (decision 057).
  const inPlay = tournament.startedAt !== null && tournament.status !== 'complete';
  if (directs && !(playing.length > 0 && inPlay)) return { ok: true, seat: user.role === 'admin' ? 'Director' : 'Organiser' };
  if (seats.length === 0) return { ok: false, code: 'forbidden', message: messages.videoNotInEvent };
  if (playing.length > 0) {
    if (table === null) return { ok: true, seat: seatNameOfSide(playing[0]!.side)! };
    // A player never watches another table, kibitzers or not: it may play those boards later.
    const seat = await seatAtTable(db, tournament, playing, table + 1);
    if (seat) return { ok: true, seat };
    return { ok: false, code: 'forbidden', message: directs ? playingDirectorMessage : messages.videoNotAtTable };
  }
  return tournament.kibitzersEnabled ? { ok: true, seat: 'Kibitzer' } : { ok: false, code: 'forbidden', message: messages.videoKibitzersClosed };
}

/**
 * The events in play where a user has a seat at a table, each with the room the movement puts them in now (the
 * room `channelAccess` lets them join); an event where they sit out this round is left out.
 */
export async function tablesInPlay(db: Db, userId: string): Promise<VideoTableInPlay[]> {
  const tables: VideoTableInPlay[] = [];
  for (const tournament of await eventsInPlaySeating(db, userId)) {
    const seats = (await seatsOfUser(db, tournament.id, userId)).filter((s) => seatNameOfSide(s.side));
    if (tournament.type === EventType.solitaire) {
      if (seats.length)
        tables.push({
          key: tournament.key,
          name: tournament.typeName,
          table: null,
          channel: tournament.key,
          seat: seatNameOfSide(seats[0]!.side)!,
          play: false,
        });
      continue;
    }
    const place = (await placesNow(db, tournament, seats)).find((p) => p.table <= tournament.tables);
    if (place)
      tables.push({
        key: tournament.key,
        name: tournament.typeName,
        table: place.table,
        channel: videoChannelName(tournament.key, tournament.type, place.table - 1),
        seat: place.seat,
        play: tournament.liveTableEvent && tournament.startedAt !== null,
      });
  }
  return tables;
}

type EventShape = Parameters<typeof placesOfSeats>[1];
const SEAT_NAMES: Record<SeatLetter, VideoSeat> = { N: 'North', E: 'East', S: 'South', W: 'West' };

/** Where each of a player's seats puts them in the round in play, with the seat's name (docs/decisions/027). */
async function placesNow(db: Db, tournament: EventShape, seats: { tableNo: number; side: number }[]): Promise<{ table: number; seat: VideoSeat }[]> {
  return (await placesOfSeats(db, tournament, seats)).map((place) => ({ table: place.table, seat: SEAT_NAMES[place.seat] }));
}

/** The seat at table `tableNo` (one-based) of a player whose pair the movement puts there in the round in play, or null. */
async function seatAtTable(db: Db, tournament: EventShape, seats: { tableNo: number; side: number }[], tableNo: number): Promise<VideoSeat | null> {
  const places = await placesNow(db, tournament, seats);
  return places.find((place) => place.table === tableNo)?.seat ?? null;
}
