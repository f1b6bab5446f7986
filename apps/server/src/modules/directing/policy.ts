import { allow, isOrganiserOrAdmin, policy, verifiedUser, type Actor, type Refusal } from '../../lib/policy.ts';
import { forbidden } from '../../lib/errors.ts';
import { eventByKey, type EventRow } from '../events/service.ts';
import { eventForCaller, playsWhileInPlay, type EventForCaller } from '../entries/service.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** The director's console: one's own events, movements proposed and checked, a new event, players found. */
    'direct.use': undefined;
    /** Direct one event: its entries, round clock, rounds and boards not played. */
    'direct.event': EventRow;
    /** Watch one event: the live view of every table, and its change stream. */
    'direct.watch': EventForCaller;
  }
}

/** Every verified user may direct events. */
const director = verifiedUser('Please verify your email address before directing events');
/** An event is directed by its organiser, or by an admin. */
const organiserOrAdmin = (actor: Actor, event: EventRow): Refusal =>
  isOrganiserOrAdmin(actor, event) ? undefined : forbidden('Only the organiser of this event can direct it');

allow('direct.use', { actor: director });
allow('direct.event', { actor: director, subject: organiserOrAdmin });
// Its director, unless they play in it: from the start until it is complete they are a player, and the live view
// shows every table (decision 057). Before the start it shows no result, so they set up and start the event there.
allow('direct.watch', {
  actor: director,
  subject: (actor, event) => organiserOrAdmin(actor, event) ?? playsWhileInPlay(event),
});

export const useConsole = policy('direct.use');
export const directEvent = policy('direct.event', eventByKey);
export const watchEvent = policy('direct.watch', eventForCaller);
