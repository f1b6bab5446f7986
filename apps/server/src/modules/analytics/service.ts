import { UAParser } from 'ua-parser-js';
import type { Db } from '../../db/database.ts';

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
): Promise<void> {
  await db
    .insertInto('analyticsEvents')
    .values({
      eventName: 'file_download',
      pagePath: originPage(facts.referrer, publicUrl),
      referrer: facts.referrer?.slice(0, 1000) ?? null,
      userAgent: facts.userAgent?.slice(0, 500) ?? null,
      ...describeUserAgent(facts.userAgent),
      fileName: release.fileName,
      app: release.app,
      platform: release.platform,
      appVersion: release.version,
      userId: facts.userId ?? null,
    })
    .execute();
}

export async function recordPageView(db: Db, facts: RequestFacts & { path: string }): Promise<void> {
  await db
    .insertInto('analyticsEvents')
    .values({
      eventName: 'page_view',
      pagePath: facts.path,
      referrer: facts.referrer?.slice(0, 1000) ?? null,
      userAgent: facts.userAgent?.slice(0, 500) ?? null,
      ...describeUserAgent(facts.userAgent),
      userId: facts.userId ?? null,
    })
    .execute();
}
