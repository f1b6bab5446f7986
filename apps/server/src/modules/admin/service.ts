import {
  EventFilters, messages, ParticipantFilters, type ActiveEvent, type AdminParticipant, type PastEvent, type ScoreData, type ScoreEntry,
} from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { pageOfRows, type PageRequest } from '../../db/keyset.ts';
import type { UserRow } from '../../db/schema.ts';
import type { WeeklyCounts } from '../../db/weekly.ts';
import { notFound } from '../../lib/errors.ts';
import { BATCH, cellsOnly, cursorPage, pages, parseQuery, sideName, table, when, yesNo, type Column, type Table } from '../../lib/exports/writers.ts';
import { recordAudit } from '../audits/service.ts';
import { planEvent } from '../tournaments/movement.ts';
import { seatPair } from '../tournaments/history.ts';
import { detailsJson, pairNames } from '../tournaments/service.ts';
import * as repo from './repo.ts';

export interface AdminActor {
  user: UserRow;
  ip: string;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const userDataOf = (row: repo.EventRow) => ({ names: row.organiserNames, email: row.organiserEmail, contact: row.organiserContact });

// Events -------------------------------------------------------------------------------------------------------

export const presentActiveEvent = (row: repo.EventRow): ActiveEvent => ({
  objectId: row.id,
  id: row.id,
  key: row.key,
  tables: row.tables,
  details: detailsJson(row),
  createdAt: row.createdAt.toISOString(),
  userData: userDataOf(row),
  tournament: { key: row.key },
});

const SUIT_CODES: Record<string, number> = { C: 1, D: 2, H: 3, S: 4, NT: 5 };

/** One posted line as a scoreData entry: contract 'level,suit' with the specification's suit codes (1 clubs .. 5 no-trump). */
export function scoreEntry(line: repo.ScoreRow, names: { ns: string[]; ew: string[] }): ScoreEntry {
  const adjusted = line.adjustedNs && line.adjustedEw ? `${line.adjustedNs}/${line.adjustedEw}` : null;
  const played = !adjusted && line.level > 0 && line.strain !== null && line.declarer !== null && line.tricks !== null;
  const nsTricks = played ? ('NS'.includes(line.declarer!) ? line.tricks! : 13 - line.tricks!) : null;
  return {
    table: line.tableNo,
    North: names.ns[0] ?? null,
    South: names.ns[1] ?? null,
    East: names.ew[0] ?? null,
    West: names.ew[1] ?? null,
    ns: line.nsPair,
    ew: line.ewPair,
    score: adjusted ? null : line.nsScore,
    dealer: line.dealer,
    declarer: played ? line.declarer : null,
    contract: adjusted ? null : played ? `${line.level},${SUIT_CODES[line.strain!]}` : 'Pass',
    doubled: played ? line.doubled : 0,
    nsTricks,
    ewTricks: nsTricks === null ? null : 13 - nsTricks,
    totalTricks: nsTricks === null ? null : 13,
    vulnerable: line.vulnerability,
    adjusted,
  };
}

/** `round_number_{n}` -> `board_number_{m}` -> `table_{t}`, names from the pairs' starting seats. */
export function buildScoreData(event: repo.EventRow, lines: repo.ScoreRow[], seats: { tableNo: number; side: number; names: string }[]): ScoreData {
  let namesOf: ((direction: 'NS' | 'EW' | null, pair: number) => { name: string }[]) | undefined;
  try {
    namesOf = pairNames(planEvent(event), seats);
  } catch {
    namesOf = undefined; // an event whose movement cannot be planned (a one-table solitaire) has no pair names
  }
  const howell = event.movementType === 'Howell';
  // A pair plays many boards: its names are looked up once per event, not once per line.
  const known = new Map<string, string[]>();
  const names = (direction: 'NS' | 'EW', pair: number) => {
    const key = howell ? `${pair}` : `${direction}${pair}`;
    let found = known.get(key);
    if (!found) {
      found = namesOf?.(howell ? null : direction, pair).map((n) => n.name) ?? [];
      known.set(key, found);
    }
    return found;
  };
  const data: ScoreData = {};
  for (const line of lines) {
    const round = (data[`round_number_${line.round}`] ??= {});
    const board = (round[`board_number_${line.boardNo}`] ??= {});
    board[`table_${line.tableNo}`] = scoreEntry(line, { ns: names('NS', line.nsPair), ew: names('EW', line.ewPair) });
  }
  return data;
}

/** The past-event record of one event from its posted lines and seated players. */
export const presentPastEvent = (row: repo.EventRow, lines: repo.ScoreRow[], seats: repo.SeatRow[]): PastEvent => ({
  objectId: row.id,
  createdAt: row.createdAt.toISOString(),
  completedAt: iso(row.completedAt),
  userData: userDataOf(row),
  tournament: { key: row.key, tables: row.tables, gameDetails: detailsJson(row) },
  resultId: row.resultId,
  xmlToken: row.xmlToken,
  scoreData: buildScoreData(row, lines, seats),
});

/** Past-event records of these events, each with its scoreData, read in two queries for the whole page. */
export async function presentPastEvents(db: Db, rows: repo.EventRow[]): Promise<PastEvent[]> {
  const ids = rows.map((row) => row.id);
  const [lines, seats] = await Promise.all([repo.scoreRows(db, ids), repo.seatRows(db, ids)]);
  return rows.map((row) => presentPastEvent(row, lines.filter((l) => l.tournamentId === row.id), seats.filter((s) => s.tournamentId === row.id)));
}

export async function listActiveEvents(db: Db, filters: repo.EventListFilters, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listEvents(db, 'active', filters, page), page.limit, (row) => row.id);
  return { data: rows.map(presentActiveEvent), lastDocId };
}

export async function listPastEvents(db: Db, filters: repo.EventListFilters, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listEventsWithScores(db, 'complete', filters, page), page.limit, (row) => row.id);
  return { data: rows.map((row) => presentPastEvent(row, row.lines, row.seats)), lastDocId };
}

/**
 * One event of a user's own (organised or played in) with its participants and scoreData, for the user console.
 * Anyone else's event is "not found", not "forbidden": the console never learns that it exists.
 */
export async function findOwnEvent(db: Db, userId: string, key: string) {
  const event = await repo.findEventByKey(db, key);
  const organiser = event?.organiserId === userId;
  if (!event || (!organiser && !(await repo.hasSeat(db, event.id, userId)))) throw notFound(messages.eventNotFound);
  const [record] = await presentPastEvents(db, [event]);
  const seats = await repo.listParticipants(db, event.id, {});
  // Nobody reads another player's phone; a player reads only names of the others (the organiser also the
  // emails they seated), and their own details.
  const participants = seats.map((p) => {
    const shown = presentParticipant(event.key, p);
    if (p.userId === userId) return shown;
    return { ...shown, userData: { names: p.names, email: organiser ? p.email : null, contact: null } };
  });
  // While the event is in play a player sees only the lines their own pair played, not the boards still to come.
  const scoreData = organiser || event.status === 'complete' ? record!.scoreData : ownLines(event, record!.scoreData, seats.filter((p) => p.userId === userId));
  return { ...record!, scoreData, status: event.status, participants };
}

/** The lines of scoreData played by the pairs of these seats (round 1 seats, as `seatPair` reads them). */
function ownLines(event: repo.EventRow, scoreData: ScoreData, seats: repo.ParticipantRow[]): ScoreData {
  let plan;
  try {
    plan = planEvent(event);
  } catch {
    return {};
  }
  const pairs = seats.flatMap((s) => seatPair(plan, s.tableNo, s.side) ?? []);
  const plays = (entry: ScoreEntry) =>
    pairs.some((p) => (p.direction !== 'EW' && entry.ns === p.pairNo) || (p.direction !== 'NS' && entry.ew === p.pairNo));
  const own: ScoreData = {};
  for (const [round, boards] of Object.entries(scoreData)) {
    for (const [board, tables] of Object.entries(boards)) {
      for (const [table, entry] of Object.entries(tables)) {
        if (plays(entry)) ((own[round] ??= {})[board] ??= {})[table] = entry;
      }
    }
  }
  return own;
}

/** Deletes an event with its participants, board results, pair scores and boards, audited in the same transaction. */
export async function deleteEvent(db: Db, actor: AdminActor, key: string) {
  return db.transaction().execute(async (trx) => {
    const event = await repo.findEventByKey(trx, key);
    if (!event) throw notFound(messages.eventNotFound);
    const deleted = await repo.deleteEvent(trx, event.id);
    await recordAudit(trx, {
      action: 'admin.event.delete', outcome: 'success', actorId: actor.user.id, actorEmail: actor.user.email, target: key, ip: actor.ip,
      details: { status: event.status, organiser: event.organiserEmail, ...deleted },
    });
    return { message: messages.eventDeleted, deleted };
  });
}

// Participants -------------------------------------------------------------------------------------------------

export const presentParticipant = (key: string, row: repo.ParticipantRow): AdminParticipant => ({
  objectId: row.id,
  key,
  table: row.tableNo,
  side: row.side,
  isBot: row.isBot,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt.toISOString(),
  registeredAt: iso(row.registeredAt),
  userData: { names: row.names, email: row.email, contact: row.contact },
});

export async function listParticipants(db: Db, filters: ParticipantFilters): Promise<AdminParticipant[]> {
  const event = await repo.findEventByKey(db, filters.key);
  if (!event) throw notFound(messages.eventNotFound);
  return (await repo.listParticipants(db, event.id, filters)).map((row) => presentParticipant(event.key, row));
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
export const exportEvents = (status: 'active' | 'complete') => async (db: Db, query: unknown): Promise<Table> => {
  const filters = parseQuery(EventFilters, query);
  const batches = pages(async (lastDocId) => cursorPage(await repo.exportEvents(db, status, filters, { limit: BATCH, page: 1, lastDocId }), (r) => r.id));
  const dataset = status === 'active' ? 'active-events' : 'past-events';
  return { prefix: dataset, title: status === 'active' ? 'Active Events' : 'Past Events', columns: eventColumns(status === 'complete'), batches: cellsOnly(batches) };
};

/** The `participants` export: one event's seats. */
export async function exportParticipants(db: Db, query: unknown): Promise<Table> {
  const filters = parseQuery(ParticipantFilters, query);
  const event = await repo.findEventByKey(db, filters.key);
  if (!event) throw notFound(messages.eventNotFound);
  const columns: Column<repo.ParticipantRow>[] = [
    { header: 'Name', width: 24, value: (r) => r.names },
    { header: 'Email', width: 28, value: (r) => r.email },
    { header: 'Contact', width: 16, value: (r) => r.contact },
    { header: 'Table', width: 9, value: (r) => `Table ${r.tableNo}` },
    { header: 'Table Side', width: 10, value: (r) => sideName(r.side) },
    { header: 'Bot', width: 6, value: (r) => yesNo(r.isBot) },
    { header: 'Registered At', width: 17, value: (r) => when(r.registeredAt) },
    { header: 'Created At', width: 17, value: (r) => when(r.createdAt) },
    { header: 'Updated At', width: 17, value: (r) => when(r.editedAt) },
  ];
  // An event's participants are a few hundred at most: one read.
  return table(`participants-${event.key}`, `Participants of ${event.key}`, columns, pages(async () => ({ rows: await repo.listParticipants(db, event.id, filters), lastDocId: null })));
}

/** The Dashboard's active-events (by creation) and completed-events (by completion) figures. */
export const weeklyEvents = (db: Db, status: 'active' | 'complete', now: Date): Promise<WeeklyCounts> => repo.weeklyEvents(db, status, now);
