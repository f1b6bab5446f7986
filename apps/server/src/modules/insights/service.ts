import { UAParser } from 'ua-parser-js';
import { DownloadFilters, messages } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { WeeklyCounts } from '../../db/weekly.ts';
import { badRequest } from '../../lib/errors.ts';
import { dayRange } from '../../lib/days.ts';
import { parseQuery, table, type Column, type Table } from '../../lib/exports/writers.ts';
import * as repo from './repo.ts';

export interface RequestFacts {
  userAgent: string | undefined;
  referrer: string | undefined;
  userId?: string | null;
}

/** Operating system and device as a maintained parser reads them from the user agent. */
export function describeUserAgent(userAgent: string | undefined) {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const model = [parsed.device.vendor, parsed.device.model].filter(Boolean).join(' ');
  return {
    osName: parsed.os.name ?? null,
    osVersion: parsed.os.name ? [parsed.os.name, parsed.os.version].filter(Boolean).join(' ') : null,
    deviceModel: model || null,
    deviceType: parsed.device.type ?? (parsed.os.name ? 'desktop' : null),
  };
}

/** The page a request came from, as a path when it is one of ours (the "Origin" column of the analytics). */
export function originPage(referrer: string | undefined, publicUrl: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin === new URL(publicUrl).origin ? `${url.pathname}${url.search}` : url.href;
  } catch {
    return referrer.slice(0, 500);
  }
}

export async function recordDownload(
  db: Db,
  publicUrl: string,
  facts: RequestFacts,
  release: { fileName: string; app: string; platform: string; version: string },
  kind: 'public' | 'test' = 'public',
): Promise<void> {
  await repo.insertEvent(db, {
    // An admin's test download is kept, but under its own name: every download figure counts file_download only.
    eventName: kind === 'test' ? 'test_download' : 'file_download',
    pagePath: originPage(facts.referrer, publicUrl),
    referrer: facts.referrer?.slice(0, 1000) ?? null,
    userAgent: facts.userAgent?.slice(0, 500) ?? null,
    ...describeUserAgent(facts.userAgent),
    fileName: release.fileName,
    app: release.app,
    platform: release.platform,
    appVersion: release.version,
    userId: facts.userId ?? null,
  });
}

export async function recordPageView(db: Db, facts: RequestFacts & { path: string }): Promise<void> {
  await repo.insertEvent(db, {
    eventName: 'page_view',
    pagePath: facts.path,
    referrer: facts.referrer?.slice(0, 1000) ?? null,
    userAgent: facts.userAgent?.slice(0, 500) ?? null,
    ...describeUserAgent(facts.userAgent),
    userId: facts.userId ?? null,
  });
}

// Download analytics (the admin's Insights) -------------------------------------------------------------------

export async function listDownloads(db: Db, filters: DownloadFilters) {
  const { from, to } = dayRange(filters.startDate, filters.endDate);
  return repo.listDownloads(db, filters, from, to);
}

export async function downloadsSummary(db: Db, range: { startDate?: string | undefined; endDate?: string | undefined }) {
  if (Boolean(range.startDate) !== Boolean(range.endDate)) throw badRequest(messages.selectBothDates);
  const bounds = range.startDate && range.endDate ? dayRange(range.startDate, range.endDate) : undefined;
  return repo.downloadsSummary(db, bounds?.from, bounds?.to);
}

/** The Dashboard's downloads figure. */
export const weeklyDownloads = (db: Db, now: Date): Promise<WeeklyCounts> => repo.weeklyDownloads(db, now);

/** The `downloads` export: downloads per day, file, agent, device and origin in the range. */
export async function exportDownloads(db: Db, query: unknown): Promise<Table> {
  const filters = parseQuery(DownloadFilters, query);
  const { from, to } = dayRange(filters.startDate, filters.endDate);
  type Row = Awaited<ReturnType<typeof repo.listDownloads>>[number];
  const columns: Column<Row>[] = [
    { header: 'Date', width: 11, value: (r) => r.date },
    { header: 'Application', width: 26, value: (r) => r.fileName },
    { header: 'User Agent', width: 50, value: (r) => r.userAgent },
    { header: 'OS Version', width: 14, value: (r) => r.osVersion },
    { header: 'Device Model', width: 16, value: (r) => r.deviceModel },
    { header: 'Downloads', width: 10, value: (r) => r.count },
    { header: 'Origin', width: 20, value: (r) => r.pagePath },
  ];
  // One day at a time, newest first: each day's rows are grouped in the database.
  async function* days() {
    for (let end = to.getTime(); end > from.getTime(); end -= 86_400_000) {
      const rows = await repo.listDownloads(db, filters, new Date(end - 86_400_000), new Date(end));
      if (rows.length > 0) yield rows;
    }
  }
  return table('downloads', 'App Downloads', columns, days());
}
