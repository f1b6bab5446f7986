import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { badRequest } from '../lib/errors.ts';

// Keyset (cursor) pages for the admin lists: newest first by (time, id), the cursor being the id of the last row
// of the previous page. Reading the cursor row's own time keeps the database's microseconds, which a time sent
// through JavaScript (milliseconds) would lose, so no row is skipped or repeated between pages.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BIGINT = /^[0-9]{1,18}$/;

export interface PageRequest {
  limit: number;
  page: number;
  lastDocId?: string | undefined;
}

export interface KeysetColumns {
  /** The table holding the cursor row, e.g. 'users'. */
  table: string;
  /** Qualified columns of the outer query, e.g. 'users.createdAt' and 'users.id'. */
  time: string;
  id: string;
  /** The cursor row's own time column, e.g. 'createdAt'. */
  cursorTime: string;
  idKind: 'uuid' | 'bigint';
}

/** Answers the cursor when it has the id's form; a malformed one is a 400, not a database error. */
export function checkCursor(cursor: string | undefined, kind: 'uuid' | 'bigint'): string | undefined {
  if (!cursor) return undefined;
  if (!(kind === 'uuid' ? UUID : BIGINT).test(cursor)) throw badRequest('Invalid cursor (lastDocId)');
  return cursor;
}

/** `(time, id) < (the cursor row's time, id)`: the rows after the cursor in newest-first order. */
export function afterCursor(columns: KeysetColumns, cursor: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(columns.time)}, ${sql.ref(columns.id)}) < (select ${sql.ref(columns.cursorTime)}, id from ${sql.table(columns.table)} where id = ${cursor})`;
}

/** Applies a page request to a list query, newest first: after the cursor when given, else from the page number. */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: KeysetColumns,
  request: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const cursor = checkCursor(request.lastDocId, columns.idKind);
  let q = query;
  if (cursor) q = q.where(afterCursor(columns, cursor));
  q = q
    .orderBy(sql.ref(columns.time), 'desc')
    .orderBy(sql.ref(columns.id), 'desc')
    .limit(request.limit + 1);
  if (!cursor && request.page > 1) q = q.offset((request.page - 1) * request.limit);
  return q;
}

/** Cuts the extra row a page query read and answers the next page's cursor (null on the last page). */
export function pageOfRows<T>(rows: T[], limit: number, idOf: (row: T) => string): { rows: T[]; lastDocId: string | null } {
  if (rows.length <= limit) return { rows, lastDocId: null };
  const page = rows.slice(0, limit);
  return { rows: page, lastDocId: idOf(page[page.length - 1]!) };
}

/** `%x%` for ilike, with the pattern characters of the text taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
