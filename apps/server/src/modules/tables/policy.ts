import type { FastifyRequest } from 'fastify';
import { allow, isOrganiserOrAdmin, policy, signedIn } from '../../lib/policy.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { findTournament } from '../events/service.ts';
import { eventForCaller, playsWhileInPlay, type EventForCaller } from '../entries/service.ts';
import { findTableSession, TABLE_COOKIE } from './service.ts';

/** A table's routes are about one table of one event, and the table session the phone holds (if any). */
export interface TableSubject {
  event: TournamentRow;
  table: number;
  session: { tournamentId: string; tableNo: number } | undefined;
}

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Read an event's table codes and the tables' phone addresses. */
    'table.codes': EventForCaller;
    /** Everything a phone holding one table does: its state, entries, confirmations, travellers, stream. */
    'table.play': TableSubject;
  }
}

export const tableNotOpen = 'Open this table with its code first';
export const otherTable = 'This phone holds another table; open this one with its code';

// The organiser of the event, or an admin, hands out the codes. One who plays in the event reads them before the
// start, to print the cards, and not again until it is complete: a code opens its table's phone, which shows the
// travellers of boards they are still to play (decision 057).
allow('table.codes', {
  actor: signedIn,
  subject: (actor, event) =>
    isOrganiserOrAdmin(actor, event) ? playsWhileInPlay(event) : forbidden('Only the organiser of this event can see its table codes'),
});
// Only that table's own session: a user's session (an organiser's, an admin's) opens no table, and a table's session
// opens nothing but its table.
allow('table.play', {
  subject: (_actor, { event, table, session }) =>
    !session ? unauthorized(tableNotOpen) : session.tournamentId !== event.id || session.tableNo !== table ? forbidden(otherTable) : undefined,
});

/** The table of the route's `:key` and `:table`, with the session of the cookie the phone sent. */
async function tableOfRequest(request: FastifyRequest): Promise<TableSubject> {
  const db = request.server.database.db;
  const { key, table } = request.params as { key: string; table: number };
  const token = request.cookies[TABLE_COOKIE];
  const [event, session] = await Promise.all([findTournament(db, key), token ? findTableSession(db, token) : undefined]);
  return { event, table, session };
}

export const readTableCodes = policy('table.codes', eventForCaller);
export const playTable = policy('table.play', tableOfRequest);
