import type { FastifyRequest } from 'fastify';
import { allow, adminOnly, isOrganiserOrAdmin, policy, signedIn, verifiedUser, type Actor, type Refusal } from '../../lib/policy.ts';
import { forbidden } from '../../lib/errors.ts';
import type { EventRow } from './repo.ts';
import { findTournament, playingDirectorMessage, playsInEvent } from './service.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Create an event (the organiser API). */
    'event.create': undefined;
    /** Change an event: seat players, set or import deals, post results, complete it. */
    'event.change': EventRow;
    /** Read an event's results, PBN file and hand records. */
    'event.read': EventForCaller;
    /** The caller's own events and history (the lists are scoped to the caller by their queries). */
    'event.readOwn': undefined;
    /** The admin console's event lists, participants and deletion. */
    'event.administer': undefined;
  }
}

/** An organiser is a signed-in user whose email is verified. */
const organiser = verifiedUser('Please verify your email address before organising events');
/** Only the organiser of an event, or an admin, may change it. */
const organiserOrAdmin = (actor: Actor, event: EventRow): Refusal =>
  isOrganiserOrAdmin(actor, event) ? undefined : forbidden('Only the organiser of this event can change it');

allow('event.create', { actor: organiser });
allow('event.change', { actor: organiser, subject: organiserOrAdmin });
/** An organiser or admin who plays in the event sees no more than a player until it is complete (decision 057). */
const notPlaying = (event: EventForCaller): Refusal => (event.callerPlays ? forbidden(playingDirectorMessage) : undefined);

// Anyone once complete; before that its organiser or an admin who does not play in it (its deals and every table's
// results are there).
allow('event.read', {
  subject: (actor, event) => (event.status === 'complete' ? undefined : (signedIn(actor) ?? organiserOrAdmin(actor, event) ?? notPlaying(event))),
});
allow('event.readOwn', { actor: signedIn });
allow('event.administer', { actor: adminOnly });

/** The event named by the route's `:key` (a 404 "Tournament not found" otherwise). */
export const eventByKey = (request: FastifyRequest): Promise<EventRow> =>
  findTournament(request.server.database.db, (request.params as { key: string }).key);

/** An event with whether the caller holds a player's seat in it. */
export type EventForCaller = EventRow & { callerPlays: boolean };

/**
 * The refusal of a view of other tables to an organiser or admin who plays in the event, from its start until it is
 * complete (decision 057): the live view, the table codes and the printed table cards. Before the start they set
 * the event up (and print its cards) as its director.
 */
export const playsWhileInPlay = (event: EventForCaller): Refusal =>
  event.callerPlays && event.startedAt !== null && event.status !== 'complete' ? forbidden(playingDirectorMessage) : undefined;

/** The event named by the route's `:key`, and whether the signed-in caller plays in it. */
export async function eventForCaller(request: FastifyRequest): Promise<EventForCaller> {
  const event = await eventByKey(request);
  const user = request.user;
  return { ...event, callerPlays: user ? await playsInEvent(request.server.database.db, event.id, user.id) : false };
}

// The routes' policies (their handlers read the looked-up event through `.subject(request)`).
export const createEvent = policy('event.create');
export const changeEvent = policy('event.change', eventByKey);
export const readEvent = policy('event.read', eventForCaller);
export const readOwnEvents = policy('event.readOwn');
export const administerEvents = policy('event.administer');
