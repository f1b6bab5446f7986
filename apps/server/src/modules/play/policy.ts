import { messages, type PlayClientMessage } from '@bridge/api';
import type { Seat } from '@bridge/engine';
import type { TournamentRow, UserRow } from '../../db/schema.ts';
import { allow, isOrganiserOrAdmin, policy, signedIn, verifiedUser } from '../../lib/policy.ts';
import { playingDirectorMessage } from '../entries/service.ts';
import { notStartedMessage } from '../results/service.ts';
import type { TableViewer } from './table-view.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /**
     * Open the table socket (a verified account: every player of an event is one). Which table a socket may then sit at, and as what (a player's seat, a kibitzer, the
     * director), is asked per `sit` (`tableOpen` and `viewerAt` below), from the movement and the event.
     */
    'play.connect': undefined;
    /**
     * Review a board of an online event (its traveller and deal): any signed-in user may ask; what the answer holds
     * is decided by who asks (service.ts `reviewBoard`, with `directsEvent` below): a player of the event, the
     * director, a kibitzer.
     */
    'play.review': undefined;
    /** Ask where one sits now in an event: any signed-in user, who is told only their own table. */
    'play.findTable': undefined;
  }
}

allow('play.connect', { actor: verifiedUser(messages.playVerifyFirst) });
allow('play.review', { actor: signedIn });
allow('play.findTable', { actor: signedIn });

export const connectPlay = policy('play.connect');
export const reviewPlayedBoard = policy('play.review');
export const findMyTable = policy('play.findTable');

export const notSeatedMessage = 'You are not seated at this table in the current round';
export const kibitzersClosedMessage = 'This event does not allow kibitzers at its tables';
export const notOnlineMessage = 'This event is not played online';

type User = Pick<UserRow, 'id' | 'role'>;

/**
 * Whether the user directs the event now: its organiser or an admin, unless they hold a player's seat in it
 * (`plays`); then they are a player until it is complete (decision 057).
 */
export const directsEvent = (user: User, event: Pick<TournamentRow, 'organiserId' | 'status'>, plays: boolean): boolean =>
  isOrganiserOrAdmin(user, event) && (!plays || event.status === 'complete');

/** Why nobody may sit at table `table` of the event now (or at all), or undefined: an online event in play, started, and that table. */
export function tableClosedMessage(
  event: Pick<TournamentRow, 'tables' | 'liveTableEvent' | 'status' | 'startedAt'> | undefined,
  table: number,
): string | undefined {
  if (!event || table > event.tables) return messages.videoUnknownTable;
  if (!event.liveTableEvent || event.status !== 'active') return notOnlineMessage;
  if (!event.startedAt) return notStartedMessage;
  return undefined;
}

/** What the movement says of a user at a table this round: where it seats them here, and whether they play in the event. */
export interface SeatingOfUser {
  /** Their seat at this table in the round in play, when the movement puts them here. */
  here: { seat: Seat; round: number } | undefined;
  /** Whether they hold a player's seat in the event (sides 0 to 3), at any table. */
  plays: boolean;
}

/**
 * Where a user may sit at a table of an event in play: their seat when the movement puts them there this round; the
 * director's view for the organiser and admins; a kibitzer's where the event allows them. A player of the event seated
 * at another table never watches this one: they may play its boards later. An organiser or admin who plays in the
 * event is a player while it is in play (decision 057): no other table.
 */
export function viewerAt(
  user: User,
  event: Pick<TournamentRow, 'organiserId' | 'status' | 'kibitzersEnabled'>,
  seating: SeatingOfUser,
): { ok: true; viewer: TableViewer } | { ok: false; message: string } {
  if (seating.here) return { ok: true, viewer: { kind: 'seat', seat: seating.here.seat, userId: user.id, round: seating.here.round } };
  if (seating.plays) return { ok: false, message: isOrganiserOrAdmin(user, event) ? playingDirectorMessage : notSeatedMessage };
  if (directsEvent(user, event, false)) return { ok: true, viewer: { kind: 'director' } };
  if (event.kibitzersEnabled) return { ok: true, viewer: { kind: 'kibitzer' } };
  return { ok: false, message: kibitzersClosedMessage };
}

/** The messages a socket sends to act at the table it sits at (every one but `sit`). */
export type TableMessage = Exclude<PlayClientMessage, { type: 'sit' }>['type'];

/**
 * Why a viewer may not send this message at its table, or undefined: the director rules, gives seats to robots and
 * answers calls; a player calls the director and plays (calls, cards, claims, undos and their answers). A kibitzer
 * only watches.
 */
export function tableMessageRefusal(viewer: TableViewer, message: TableMessage): string | undefined {
  switch (message) {
    case 'ruling':
      return viewer.kind === 'director' ? undefined : 'Only the director rules on a claim';
    case 'robot':
      return viewer.kind === 'director' ? undefined : 'Only the director gives a seat to a robot';
    case 'directorHere':
      return viewer.kind === 'director' ? undefined : 'Only the director answers a call to the table';
    case 'callDirector':
      return viewer.kind === 'seat' ? undefined : 'Only a player at the table calls the director';
    default:
      return viewer.kind === 'seat' ? undefined : 'Only a player at the table can do that';
  }
}
