import { allow, policy, signedIn, type Refusal } from '../../lib/policy.ts';
import { forbidden } from '../../lib/errors.ts';
import { organiserOrAdmin } from '../events/service.ts';
import { eventForCaller, playingDirectorMessage, type EventForCaller } from '../entries/service.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Read an event's results, PBN file and hand records. */
    'event.read': EventForCaller;
  }
}

/** An organiser or admin who plays in the event sees no more than a player until it is complete (decision 057). */
const notPlaying = (event: EventForCaller): Refusal => (event.callerPlays ? forbidden(playingDirectorMessage) : undefined);

// Anyone once complete; before that its organiser or an admin who does not play in it (its deals and every table's
// results are there).
allow('event.read', {
  subject: (actor, event) => (event.status === 'complete' ? undefined : (signedIn(actor) ?? organiserOrAdmin(actor, event) ?? notPlaying(event))),
});

export const readEvent = policy('event.read', eventForCaller);
