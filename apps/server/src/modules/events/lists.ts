import { EventFilters, messages, type PastEvent } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { pageOfRows, type PageRequest } from '../../db/keyset.ts';
import type { WeeklyCounts } from '../../db/weekly.ts';
import { notFound } from '../../lib/errors.ts';
import { BATCH, cellsOnly, cursorPage, pages, parseQuery, type Table } from '../../lib/exports/writers.ts';
import { recordAudit } from '../audits/service.ts';
import { presentActiveEvent, presentPastEvent } from './presenter.ts';
import * as repo from './repo.ts';
import type { UserRow } from '../../db/schema.ts';

// The lists of events (the public page, the admin's and the user console's), their exports and figures, and the
// admin's deletion.

// Lists, the user console and the admin's changes ------------------------------------------------------------

export interface AdminActor {
  user: UserRow;
  ip: string;
}

/** Past-event records of these events, each with its scoreData, read in two queries for the whole page. */
export async function presentPastEvents(db: Db, rows: repo.EventRow[]): Promise<PastEvent[]> {
  const ids = rows.map((row) => row.id);
  const [lines, seats] = await Promise.all([repo.scoreRows(db, ids), repo.seatRows(db, ids)]);
  return rows.map((row) =>
    presentPastEvent(
      row,
      lines.filter((l) => l.tournamentId === row.id),
      seats.filter((s) => s.tournamentId === row.id),
    ),
  );
}

export async function listActiveEvents(db: Db, filters: repo.EventListFilters, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listEvents(db, 'active', filters, page), page.limit, (row) => row.id);
  return { data: rows.map(presentActiveEvent), lastDocId };
}

export async function listPastEvents(db: Db, filters: repo.EventListFilters, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listEventsWithScores(db, 'complete', filters, page), page.limit, (row) => row.id);
  return { data: rows.map((row) => presentPastEvent(row, row.lines, row.seats)), lastDocId };
}

/** Deletes an event with its participants, board results, pair scores and boards, audited in the same transaction. */
export async function deleteEvent({ db, changes }: ChangeContext, actor: AdminActor, key: string) {
  const answer = await db.transaction().execute(async (trx) => {
    const event = await repo.findEventByKey(trx, key);
    if (!event) throw notFound(messages.eventNotFound);
    const deleted = await repo.deleteEvent(trx, event.id);
    await recordAudit(trx, {
      action: 'admin.event.delete',
      outcome: 'success',
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      target: key,
      ip: actor.ip,
      details: { status: event.status, title: event.typeName, organiser: event.organiserEmail, ...deleted },
    });
    return { message: messages.eventDeleted, deleted };
  });
  await changes.emit({ kind: 'eventDeleted', key });
  return answer;
}

/** Events in play and the latest completed ones, for the public `/tournaments` page. */
export async function recentEvents(db: Db, limit = 20) {
  const present = (t: TournamentRow) => ({
    key: t.key,
    name: t.typeName,
    movementType: t.movementType,
    scoreType: t.scoreType,
    tables: t.tables,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    resultsUrl: t.status === 'complete' ? `/results/${t.key}` : null,
  });
  const [live, completed] = await Promise.all([repo.listRecent(db, 'active', limit), repo.listRecent(db, 'complete', limit)]);
  return { live: live.map(present), completed: completed.map(present) };
}

// Exports and figures ----------------------------------------------------------------------------------------

/** The event exports' columns; the cells come formatted from the database in this order (repo.exportEvents). */
const eventColumns = (past: boolean) => [
  { header: 'Organiser', width: 22 },
  { header: 'Organiser Email', width: 28 },
  { header: 'Event Name', width: 14 },
  { header: 'Title', width: 24 },
  { header: 'Tables', width: 8 },
  { header: 'Live Table (Scorer)', width: 10 },
  { header: 'Movement', width: 11 },
  { header: 'Scoring', width: 12 },
  { header: 'Hand Generation', width: 12 },
  { header: 'Kibitzers Allowed', width: 10 },
  { header: 'Created At', width: 17 },
  ...(past ? [{ header: 'Completed At', width: 17 }] : []),
];

/** The `active-events` and `past-events` exports. */
export const exportEvents =
  (status: 'active' | 'complete') =>
  async (db: Db, query: unknown): Promise<Table> => {
    const filters = parseQuery(EventFilters, query);
    const batches = pages(async (lastDocId) =>
      cursorPage(await repo.exportEvents(db, status, filters, { limit: BATCH, page: 1, lastDocId }), (r) => r.id),
    );
    const dataset = status === 'active' ? 'active-events' : 'past-events';
    return {
      prefix: dataset,
      title: status === 'active' ? 'Active Events' : 'Past Events',
      columns: eventColumns(status === 'complete'),
      batches: cellsOnly(batches),
    };
  };

/** The Dashboard's active-events (by creation) and completed-events (by completion) figures. */
export const weeklyEvents = (db: Db, status: 'active' | 'complete', now: Date): Promise<WeeklyCounts> => repo.weeklyEvents(db, status, now);
