import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
  await db
    .insertInto('auditLog')
    .values({
      action: entry.action,
      outcome: entry.outcome,
      actorId: entry.actorId ?? null,
      actorEmail: entry.actorEmail ?? null,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
