import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetPage, type PageRequest } from '../../db/keyset.ts';
import { weeklyCounts } from '../../db/weekly.ts';

// SQL of the contact inbox: the only file that reads or writes `contact_messages`.

export const insertMessage = (db: Db, row: { name: string; email: string; contact: string; description: string; type: number; ip: string }) =>
  db.insertInto('contactMessages').values(row).execute();

const contactKeyset = {
  table: 'contact_messages',
  time: 'contactMessages.createdAt',
  id: 'contactMessages.id',
  cursorTime: 'createdAt',
  idKind: 'bigint',
} as const;

/** A page of the contact inbox, newest first; `query` matches the sender's name or email. */
export function listMessages(db: Db, query: string | undefined, page: PageRequest) {
  let q = db.selectFrom('contactMessages').selectAll();
  // The same expression as the trigram index of migration 0005.
  if (query) q = q.where(sql<string>`name || ' ' || email`, 'ilike', containsPattern(query));
  return keysetPage(q, contactKeyset, page).execute();
}

export const weeklyMessages = (db: Db, now: Date) => weeklyCounts(db, 'contactMessages', 'createdAt', now);
