import { actorRefusal, allow, policy, subjectRefusal } from '../../lib/policy.ts';
import { eventByKey } from '../events/service.ts';
import { eventForCaller, playsWhileInPlay, type EventForCaller } from '../entries/service.ts';

/** The event a route names by its key, as the events module finds it. */
type EventRow = Awaited<ReturnType<typeof eventByKey>>;

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Print an event's pair guide cards. */
    'direct.print': EventRow;
    /** Print an event's table cards, with the codes that open its tables. */
    'direct.printCodes': EventForCaller;
  }
}

// Whoever may change the event may print its cards: its organiser, with a verified address, or an admin.
allow('direct.print', {
  actor: (actor) => actorRefusal(actor, 'event.change'),
  subject: (actor, event) => subjectRefusal(actor, 'event.change', event),
});
// The table codes on the table cards open its tables, so nobody else may print those. One who plays in the event
// prints them before the start, to hand them out, and not again until it is complete (decision 057).
allow('direct.printCodes', {
  actor: (actor) => actorRefusal(actor, 'event.change'),
  subject: (actor, event) => subjectRefusal(actor, 'event.change', event) ?? playsWhileInPlay(event),
});

export const printCards = policy('direct.print', eventByKey);
export const printTableCards = policy('direct.printCodes', eventForCaller);
