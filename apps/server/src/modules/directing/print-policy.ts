import { actorRefusal, allow, policy, subjectRefusal } from '../../lib/policy.ts';
import { eventByKey } from '../events/policy.ts';

/** The event a route names by its key, as the events module finds it. */
type EventRow = Awaited<ReturnType<typeof eventByKey>>;

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Print an event's table cards (with their codes) and pair guide cards. */
    'direct.print': EventRow;
  }
}

// Whoever may change the event may print its cards: its organiser, with a verified address, or an admin. The table
// codes on the cards open its tables, so nobody else may.
allow('direct.print', {
  actor: (actor) => actorRefusal(actor, 'event.change'),
  subject: (actor, event) => subjectRefusal(actor, 'event.change', event),
});

export const printCards = policy('direct.print', eventByKey);
