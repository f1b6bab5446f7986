import type { FastifyRequest } from 'fastify';
import { allow, adminOnly, isOrganiserOrAdmin, policy, verifiedUser, type Actor, type Refusal } from '../../lib/policy.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';
import type { EventRow } from './repo.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Create an event (the organiser API). */
    'event.create': undefined;
    /** Change an event: seat players, set or import deals, post results, complete it. */
    'event.change': EventRow;
    /** The admin console's event lists, participants and deletion. */
    'event.administer': undefined;
  }
}

/** An organiser is a signed-in user whose email is verified. */
const organiser = verifiedUser('Please verify your email address before organising events');
/** Only the organiser of an event, or an admin, may change it. */
export const organiserOrAdmin = (actor: Actor, event: EventRow): Refusal =>
  isOrganiserOrAdmin(actor, event) ? undefined : forbidden('Only the organiser of this event can change it');

allow('event.create', { actor: organiser });
allow('event.change', { actor: organiser, subject: organiserOrAdmin });
allow('event.administer', { actor: adminOnly });

/** The event named by the route's `:key` (a 404 "Tournament not found" otherwise). */
export async function eventByKey(request: FastifyRequest): Promise<EventRow> {
  const event = await repo.findEventByKey(request.server.database.db, (request.params as { key: string }).key);
  if (!event) throw notFound('Tournament not found');
  return event;
}

// The routes' policies (their handlers read the looked-up event through `.subject(request)`); the entries and
// results modules' routes use them through the door.
export const createEvent = policy('event.create');
export const changeEvent = policy('event.change', eventByKey);
export const administerEvents = policy('event.administer');
