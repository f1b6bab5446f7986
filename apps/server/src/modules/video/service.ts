import { EventType, messages, parseVideoChannel, seatNameOfSide, videoChannelName, type VideoSeat, type VideoTableInPlay } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { seatPair } from '../events/history.ts';
import { planEvent, type EventPlan } from '../events/movement.ts';
import { eventsInPlaySeating, findEvent, resultsByRound, seatsOfUser } from '../events/service.ts';
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
 * '{key}table{i}' (zero-based) for the others. The organiser and admins (who direct) may join any table; a
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

  if (user.role === 'admin') return { ok: true, seat: 'Director' };
  if (tournament.organiserId === user.id) return { ok: true, seat: 'Organiser' };
  const seats = await seatsOfUser(db, tournament.id, user.id);
  if (seats.length === 0) return { ok: false, code: 'forbidden', message: messages.videoNotInEvent };
  const playing = seats.filter((s) => seatNameOfSide(s.side));
  if (playing.length > 0) {
    if (table === null) return { ok: true, seat: seatNameOfSide(playing[0]!.side)! };
    // A player never watches another table, kibitzers or not: it may play those boards later.
    const seat = await seatAtTable(db, tournament, playing, table + 1);
    return seat ? { ok: true, seat } : { ok: false, code: 'forbidden', message: messages.videoNotAtTable };
  }
  return tournament.kibitzersEnabled ? { ok: true, seat: 'Kibitzer' } : { ok: false, code: 'forbidden', message: messages.videoKibitzersClosed };
}

type EventShape = Parameters<typeof planEvent>[0] & { id: string; startedAt: Date | null; currentRound: number };

/**
 * The seat at table `tableNo` (one-based) of a player whose pair the movement puts there in the current round,
 * or null. Seats are given for round 1 (North-South one pair, East-West the other); in a Howell a pair may sit
 * the other way round later, and its first player then takes North or East.
 */
async function seatAtTable(db: Db, tournament: EventShape, seats: { tableNo: number; side: number }[], tableNo: number): Promise<VideoSeat | null> {
  const places = await placesNow(db, tournament, seats);
  return places.find((place) => place.table === tableNo)?.seat ?? null;
}

/**
 * Where each of a player's seats puts them in the round in play: the one-based table and the seat there. A stored
 * shape that no longer makes a movement keeps the players at the table they were given.
 */
async function placesNow(db: Db, tournament: EventShape, seats: { tableNo: number; side: number }[]): Promise<{ table: number; seat: VideoSeat }[]> {
  let plan: EventPlan;
  try {
    plan = planEvent(tournament);
  } catch {
    return seats.flatMap((s) => {
      const seat = seatNameOfSide(s.side);
      return seat ? [{ table: s.tableNo, seat }] : [];
    });
  }
  // A session the director runs from the console is in the round the director moved it to; an event fed by the
  // organiser API is in the first round whose results are not all in.
  const round = tournament.startedAt ? tournament.currentRound : currentRound(plan, tournament.rounds, await resultsByRound(db, tournament.id));
  const places: { table: number; seat: VideoSeat }[] = [];
  for (const seat of seats) {
    const pair = seatPair(plan, seat.tableNo, seat.side);
    if (!pair) continue;
    const row = plan.rows.find(
      (r) =>
        r.round === round &&
        (pair.direction === 'NS'
          ? r.ns === pair.pairNo
          : pair.direction === 'EW'
            ? r.ew === pair.pairNo
            : r.ns === pair.pairNo || r.ew === pair.pairNo),
    );
    // A pair that sits out this round has no table.
    if (!row) continue;
    const sitsNs = pair.direction ? pair.direction === 'NS' : row.ns === pair.pairNo;
    const first = seat.side < 2;
    places.push({ table: row.table, seat: sitsNs ? (first ? 'North' : 'South') : first ? 'East' : 'West' });
  }
  return places;
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
        tables.push({ key: tournament.key, name: tournament.typeName, table: null, channel: tournament.key, seat: seatNameOfSide(seats[0]!.side)! });
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
      });
  }
  return tables;
}

/**
 * The round in play: the first whose results are not all in (every board of every table of the round), or the
 * last round once all are in. A round's room opens when the round before has its last result posted.
 */
export function currentRound(plan: EventPlan, rounds: number, resultsByRound: ReadonlyMap<number, number>): number {
  for (let round = 1; round <= rounds; round++) {
    const expected = plan.rows.filter((row) => row.round === round).reduce((sum, row) => sum + plan.boardsOf(row).length, 0);
    if ((resultsByRound.get(round) ?? 0) < expected) return round;
  }
  return rounds;
}
