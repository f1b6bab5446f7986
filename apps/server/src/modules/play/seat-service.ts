import { EventType, videoChannelName, type PlayMyTable } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { placesNow } from '../events/seating.ts';
import { findTournament, seatsOfUser } from '../events/service.ts';

const nowhere: PlayMyTable = { table: null, channel: null };

/**
 * The table the movement puts a user at now in an active table event, and its video room (the room video's
 * `channelAccess` lets them join); nowhere when they have no player's seat there this round.
 */
export async function myTable(db: Db, userId: string, key: string): Promise<PlayMyTable> {
  const tournament = await findTournament(db, key);
  if (tournament.status !== 'active' || tournament.type === EventType.solitaire) return nowhere;
  // Sides 0-3 are the players' seats; any other side is a kibitzer of the event.
  const seats = (await seatsOfUser(db, tournament.id, userId)).filter((s) => s.side >= 0 && s.side <= 3);
  const place = (await placesNow(db, tournament, seats)).find((p) => p.table <= tournament.tables);
  if (!place) return nowhere;
  return { table: place.table, channel: videoChannelName(tournament.key, tournament.type, place.table - 1) };
}
