import { handCards, type Deal } from '@bridge/engine';
import { EventType, videoChannelName, type PlayBoardReview, type PlayDeal, type PlayMyTable } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findTournament, planEvent } from '../events/service.ts';
import { placeInRound, placesNow, seatsOfUser } from '../entries/service.ts';
import { boardDeal, boardPlays, boardTraveller } from '../results/service.ts';
import { directsEvent, notOnlineMessage } from './policy.ts';
import * as repo from './repo.ts';

/**
 * Which of an event's boards a table has acted on (a call, a card, any stored action): their deals are what those
 * actions were played on, so the events module refuses to change them (it asks through this, given to its routes).
 */
export const boardsActedOn = (db: Db, tournamentId: string, boards: readonly number[]): Promise<number[]> =>
  repo.listBoardsActedOn(db, tournamentId, boards);

/** The four hands as cards (`SA`, `HT`); null when a hand is not known. */
function cardsOf(deal: Deal | null): PlayDeal | null {
  if (!deal?.N || !deal.E || !deal.S || !deal.W) return null;
  return { N: handCards(deal.N), E: handCards(deal.E), S: handCards(deal.S), W: handCards(deal.W) };
}

/**
 * A board of an online event for review, holding only what the caller may see. A hand is hidden while the board is
 * still to be played where the caller could pass it on, so:
 * - the director (the organiser, an admin) sees the deal and the traveller always, unless they play in the event:
 *   then, until it is complete, they see what a player sees;
 * - a player of the event sees them once their own table has finished the board (the traveller only where the event
 *   shows travellers, as the table phones do); a player whose pair does not play the board, once every table has;
 * - a kibitzer (where the event allows them) once every table that plays the board in the movement has finished it,
 *   the traveller again only where the event shows travellers;
 * - anyone else sees neither.
 */
export async function reviewBoard(db: Db, user: Pick<UserRow, 'id' | 'role'>, tournament: TournamentRow, board: number): Promise<PlayBoardReview> {
  if (!tournament.liveTableEvent) throw badRequest(notOnlineMessage);
  const plan = planEvent(tournament);
  if (!plan.boards.includes(board)) throw notFound(`Board ${board} is not played in this event`);
  // Sides 0-3 are the players' seats; a participant with another side is a kibitzer of the event.
  const seats = (await seatsOfUser(db, tournament.id, user.id)).filter((s) => s.side >= 0 && s.side <= 3);
  // An organiser or admin who plays in the event is one of its players until it is complete (decision 057).
  const director = directsEvent(user, tournament, seats.length > 0);
  const plays = await boardPlays(db, tournament, board);
  const finishedEverywhere = plays.every((play) => play.done);
  let finished: boolean;
  if (director) finished = true;
  else if (seats.length > 0) {
    const own = plays.find((play) => seats.some((seat) => placeInRound(plan, play.round, seat)?.table === play.table));
    finished = own ? own.done : finishedEverywhere;
  } else finished = tournament.kibitzersEnabled && finishedEverywhere;
  const showLines = finished && (director || tournament.showTravellers);
  const [lines, deal] = await Promise.all([
    showLines ? boardTraveller(db, tournament, board) : [],
    finished ? boardDeal(db, tournament, board) : null,
  ]);
  return { board, lines, deal: cardsOf(deal) };
}

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
