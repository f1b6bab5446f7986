import { allow, isAdmin, policy, verifiedUser, type Actor, type Refusal } from '../../lib/policy.ts';
import { forbidden } from '../../lib/errors.ts';
import type { EventRow } from '../events/sessions.ts';
import { eventByKey } from '../events/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** The director's console: one's own events, movements proposed and checked, a new event, players found. */
    'direct.use': undefined;
    /** Direct one event: its entries, live view, round clock, rounds and boards not played. */
    'direct.event': EventRow;
  }
}

/** Every verified user may direct events. */
const director = verifiedUser('Please verify your email address before directing events');
/** An event is directed by its organiser, or by an admin. */
const organiserOrAdmin = (actor: Actor, event: EventRow): Refusal =>
  event.organiserId === actor?.id || isAdmin(actor) ? undefined : forbidden('Only the organiser of this event can direct it');

allow('direct.use', { actor: director });
allow('direct.event', { actor: director, subject: organiserOrAdmin });

export const useConsole = policy('direct.use');
export const directEvent = policy('direct.event', eventByKey);
