import type { Kysely } from 'kysely';
import type { AuditFilters } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetPage, type PageRequest } from '../../db/keyset.ts';
import type { Database } from '../../db/schema.ts';
import { dayAfter, dayStart } from '../../lib/days.ts';

// SQL of the audit log: the only file that reads or writes `audit_log`.

export interface NewAudit {
  action: string;
  outcome: 'success' | 'failure';
  actorId: string | null;
  actorEmail: string | null;
  target: string | null;
  ip: string | null;
  details: string | null;
}

export const insertAudit = (db: Kysely<Database>, row: NewAudit) => db.insertInto('auditLog').values(row).execute();

const auditKeyset = { table: 'audit_log', time: 'auditLog.at', id: 'auditLog.id', cursorTime: 'at', idKind: 'bigint' } as const;

/** A page of the audit log, newest first. */
export function listAudits(db: Db, filters: AuditFilters, page: PageRequest) {
  let query = db.selectFrom('auditLog').selectAll();
  if (filters.action) {
    query = filters.action.endsWith('.')
      ? query.where('action', 'like', `${filters.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : query.where('action', '=', filters.action);
  }
  if (filters.actor) query = query.where('actorEmail', 'ilike', containsPattern(filters.actor));
  if (filters.outcome) query = query.where('outcome', '=', filters.outcome);
  if (filters.startDate) query = query.where('at', '>=', dayStart(filters.startDate));
  if (filters.endDate) query = query.where('at', '<', dayAfter(filters.endDate));
  return keysetPage(query, auditKeyset, page).execute();
}

/** Audit rows of one action by one actor since a time. */
export async function countAudits(db: Db, filter: { action: string; actorId: string; since: Date }): Promise<number> {
  const { n } = await db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('action', '=', filter.action)
    .where('at', '>', filter.since)
    .where('actorId', '=', filter.actorId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
