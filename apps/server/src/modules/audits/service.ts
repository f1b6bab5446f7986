import type { Kysely, Selectable } from 'kysely';
import { AuditFilters, type AuditRow } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { pageOfRows, type PageRequest } from '../../db/keyset.ts';
import type { AuditLogTable, Database } from '../../db/schema.ts';
import { BATCH, cursorPage, pages, parseQuery, table, when, type Column, type Table } from '../../lib/exports/writers.ts';
import * as repo from './repo.ts';

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'failure';
  actorId?: string | null;
  actorEmail?: string | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one audit row; pass the transaction of the change so both land or neither does. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await repo.insertAudit(db, {
    action: entry.action,
    outcome: entry.outcome,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}

/** Writes the audit row of a change a user made to `target` (an event's key, an address), under their id and address. */
export const recordChange = (
  db: Kysely<Database>,
  user: { id: string; email: string },
  action: string,
  target: string,
  ip: string,
  details?: Record<string, unknown>,
) => recordAudit(db, { action, outcome: 'success', actorId: user.id, actorEmail: user.email, target, ip, details });

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

export async function listAudits(db: Db, query: AuditFilters & PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listAudits(db, query, query), query.limit, (row) => String(row.id));
  return { data: rows.map(presentAudit), lastDocId };
}

/** The `audits` export: the audit log matching the list's filters. */
export async function exportAudits(db: Db, query: unknown): Promise<Table> {
  const filters = parseQuery(AuditFilters, query);
  type Row = Awaited<ReturnType<typeof repo.listAudits>>[number];
  const columns: Column<Row>[] = [
    { header: 'When', width: 17, value: (r) => when(r.at) },
    { header: 'Actor', width: 28, value: (r) => r.actorEmail },
    { header: 'Action', width: 24, value: (r) => r.action },
    { header: 'Target', width: 28, value: (r) => r.target },
    { header: 'Outcome', width: 9, value: (r) => r.outcome },
    { header: 'IP', width: 16, value: (r) => r.ip },
  ];
  return table(
    'audits',
    'Audits',
    columns,
    pages(async (lastDocId) => cursorPage(await repo.listAudits(db, filters, { limit: BATCH, page: 1, lastDocId }), (r) => String(r.id))),
  );
}

/** How many times one actor did one action since a time (failed guesses of the current password, say). */
export const countAudits = (db: Db, filter: { action: string; actorId: string; since: Date }): Promise<number> => repo.countAudits(db, filter);
