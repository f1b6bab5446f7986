import {
  messages, type ActiveEvent, type AdminParticipant, type AuditRow, type ContactMessageRow, type Dashboard, type DownloadFilters,
  type ParticipantFilters, type PastEvent, type ScoreData, type ScoreEntry,
} from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { pageOfRows, type PageRequest } from '../../db/keyset.ts';
import type { Selectable } from 'kysely';
import type { AuditLogTable, ContactMessagesTable, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { listReleases } from '../downloads/releases.ts';
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

// Audits -------------------------------------------------------------------------------------------------------

export const presentAudit = (row: Selectable<AuditLogTable>): AuditRow => ({
  objectId: String(row.id),
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  target: row.target,
  outcome: row.outcome,
  ip: row.ip,
  details: row.details,
});

export async function listAudits(db: Db, query: Parameters<typeof repo.listAudits>[1] & PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listAudits(db, query, query), query.limit, (row) => String(row.id));
  return { data: rows.map(presentAudit), lastDocId };
}

// Downloads ----------------------------------------------------------------------------------------------------

const MAX_RANGE_DAYS = 366;

/** The [from, to) instants of a YYYY-MM-DD range, both days included; refuses a reversed or over-long range. */
export function dayRange(startDate: string, endDate: string): { from: Date; to: Date } {
  const from = repo.dayStart(startDate);
  const to = repo.dayAfter(endDate);
  if (from >= to) throw badRequest(messages.dateRangeReversed);
  if ((to.getTime() - from.getTime()) / 86_400_000 > MAX_RANGE_DAYS) throw badRequest(messages.dateRangeTooLong);
  return { from, to };
}

export async function listDownloads(db: Db, filters: DownloadFilters) {
  const { from, to } = dayRange(filters.startDate, filters.endDate);
  return repo.listDownloads(db, filters, from, to);
}

export async function downloadsSummary(db: Db, range: { startDate?: string | undefined; endDate?: string | undefined }) {
  if (Boolean(range.startDate) !== Boolean(range.endDate)) throw badRequest(messages.selectBothDates);
  const bounds = range.startDate && range.endDate ? dayRange(range.startDate, range.endDate) : undefined;
  return repo.downloadsSummary(db, bounds?.from, bounds?.to);
}

// Dashboard, contact inbox, tools ------------------------------------------------------------------------------

/** The key figures of the Dashboard, each with its weekly additions over the last 8 weeks. */
export async function dashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const [users, active, completed, downloads, contact] = await Promise.all([
    repo.weeklyCounts(db, 'users', 'createdAt', now),
    repo.weeklyCounts(db, 'tournaments', 'createdAt', now, (eb) => eb.and([eb('status', '=', 'active')])),
    repo.weeklyCounts(db, 'tournaments', 'completedAt', now, (eb) => eb.and([eb('status', '=', 'complete')])),
    repo.weeklyCounts(db, 'analyticsEvents', 'occurredAt', now, (eb) => eb.and([eb('eventName', '=', 'file_download')])),
    repo.weeklyCounts(db, 'contactMessages', 'createdAt', now),
  ]);
  const figure = (counts: { total: number; weekly: number[] }) => ({ value: counts.total, weekly: counts.weekly });
  return {
    users: figure(users),
    newUsersThisWeek: { value: users.weekly[users.weekly.length - 1] ?? 0, weekly: users.weekly },
    activeEvents: figure(active),
    completedEvents: figure(completed),
    downloads: figure(downloads),
    contactMessages: figure(contact),
  };
}

export const presentContactMessage = (row: Selectable<ContactMessagesTable>): ContactMessageRow => ({
  objectId: String(row.id),
  name: row.name,
  email: row.email,
  contact: row.contact,
  description: row.description,
  type: row.type,
  createdAt: row.createdAt.toISOString(),
});

export async function listContactMessages(db: Db, query: string | undefined, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listContactMessages(db, query, page), page.limit, (row) => String(row.id));
  return { data: rows.map(presentContactMessage), lastDocId };
}

/** The address of the newest player installer (Windows first, else Android), for the Test Player item. */
export async function testPlayerUrl(releasesDir: string, publicUrl: string): Promise<string> {
  const releases = (await listReleases(releasesDir)).filter((release) => release.app === 'player');
  const release = releases.find((r) => r.platform === 'windows') ?? releases[0];
  if (!release) throw notFound(messages.releaseMissing);
  return new URL(release.url, publicUrl).toString();
}
