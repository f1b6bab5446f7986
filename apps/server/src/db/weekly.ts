import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

// The Dashboard's figures: each module's repo counts its own table with this one query shape.

export const WEEKS = 8;

export type WeeklyCounts = { total: number; weekly: number[] };

/** Rows of a table added in each of the last 8 weeks (oldest first) by a time column, and the total matching. */
export async function weeklyCounts(
  db: Db,
  table: 'users' | 'tournaments' | 'analyticsEvents' | 'contactMessages',
  column: string,
  now: Date,
  where?: (eb: ExpressionBuilder<Database, typeof table>) => ReturnType<ExpressionBuilder<Database, typeof table>['and']>,
): Promise<WeeklyCounts> {
  const since = new Date(now.getTime() - WEEKS * 7 * 86_400_000);
  const ref = sql.ref(column);
  const week = sql<number>`floor(extract(epoch from (${now}::timestamptz - ${ref})) / 604800)::int`;
  let total = db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
  let recent = db
    .selectFrom(table)
    .select([week.as('week'), (eb) => eb.fn.countAll<string>().as('n')])
    .where(ref, '>=', since)
    .where(ref, '<=', now);
  if (where) {
    total = total.where(where);
    recent = recent.where(where);
  }
  const [totalRow, rows] = await Promise.all([total.executeTakeFirstOrThrow(), recent.groupBy(sql`1`).execute()]);
  const weekly = Array.from({ length: WEEKS }, () => 0);
  for (const row of rows) {
    const index = WEEKS - 1 - Number(row.week);
    if (index >= 0 && index < WEEKS) weekly[index] = (weekly[index] ?? 0) + Number(row.n);
  }
  return { total: Number(totalRow.n), weekly };
}
