import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { DownloadFilters } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/keyset.ts';
import type { AnalyticsEventsTable, Database } from '../../db/schema.ts';
import { weeklyCounts } from '../../db/weekly.ts';

// SQL of the analytics: the only file that reads or writes `analytics_events`.

export const insertEvent = (db: Db, row: Insertable<AnalyticsEventsTable>) => db.insertInto('analyticsEvents').values(row).execute();

const downloadsWhere =
  (filters: Omit<DownloadFilters, 'startDate' | 'endDate'>, from: Date, to: Date) => (eb: ExpressionBuilder<Database, 'analyticsEvents'>) => {
    const conditions = [eb('eventName', '=', filters.eventName), eb('occurredAt', '>=', from), eb('occurredAt', '<', to)];
    if (filters.platform) conditions.push(eb('platform', '=', filters.platform));
    if (filters.app) conditions.push(eb('app', '=', filters.app));
    if (filters.query) {
      const pattern = containsPattern(filters.query);
      conditions.push(
        eb.or([
          eb('userAgent', 'ilike', pattern),
          eb('deviceModel', 'ilike', pattern),
          eb('pagePath', 'ilike', pattern),
          eb('fileName', 'ilike', pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };

/** Downloads in [from, to) grouped by day, file, user agent, device and origin page; newest day first. */
export async function listDownloads(db: Db, filters: Omit<DownloadFilters, 'startDate' | 'endDate'>, from: Date, to: Date) {
  const day = sql<string>`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('analyticsEvents')
    .select([
      day.as('date'),
      'fileName',
      'app',
      'platform',
      'userAgent',
      'osVersion',
      'deviceModel',
      'pagePath',
      (eb) => eb.fn.countAll<string>().as('count'),
    ])
    .where(downloadsWhere(filters, from, to))
    .groupBy([day, 'fileName', 'app', 'platform', 'userAgent', 'osVersion', 'deviceModel', 'pagePath'])
    .orderBy(day, 'desc')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('fileName')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Total downloads per file name (all time, or within a range). */
export async function downloadsSummary(db: Db, from?: Date, to?: Date) {
  let query = db
    .selectFrom('analyticsEvents')
    .select(['fileName', (eb) => eb.fn.countAll<string>().as('count')])
    .where('eventName', '=', 'file_download')
    .where('fileName', 'is not', null);
  if (from) query = query.where('occurredAt', '>=', from);
  if (to) query = query.where('occurredAt', '<', to);
  const rows = await query.groupBy('fileName').orderBy('fileName').execute();
  return rows.map((row) => ({ fileName: row.fileName!, count: Number(row.count) }));
}

export const weeklyDownloads = (db: Db, now: Date) =>
  weeklyCounts(db, 'analyticsEvents', 'occurredAt', now, (eb) => eb.and([eb('eventName', '=', 'file_download')]));
