import fs from 'node:fs/promises';
import path from 'node:path';
import { messages, type AppId, type Platform, type Release } from '@bridge/api';
import { notFound } from '../../lib/errors.ts';

const RELEASE_FILE = /^(player|organiser|math)-(windows|android)-(\d+(?:\.\d+){0,3})\.(exe|msi|msix|apk|zip)$/;

export interface ReleaseFile extends Release {
  path: string;
}

/** Compares dotted version numbers numerically: 1.10.0 is newer than 1.9.3. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export const downloadUrl = (app: AppId, platform: Platform) =>
  `/api/v1/apps/download?platform=${platform}&file=${platform === 'android' && app === 'player' ? 'apk' : app}`;

/**
 * The newest installer of each app on each platform in the releases folder. Read on every call (a folder
 * of a few files): a file dropped in is offered at once, without a restart.
 */
export async function listReleases(dir: string): Promise<ReleaseFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = new Map<string, { app: AppId; platform: Platform; version: string; fileName: string }>();
  for (const fileName of names) {
    const match = RELEASE_FILE.exec(fileName);
    if (!match) continue;
    const [, app, platform, version] = match as unknown as [string, AppId, Platform, string];
    const key = `${app}-${platform}`;
    const current = newest.get(key);
    if (!current || compareVersions(version, current.version) > 0) newest.set(key, { app, platform, version, fileName });
  }
  const releases: ReleaseFile[] = [];
  for (const release of newest.values()) {
    const filePath = path.join(dir, release.fileName);
    const stat = await fs.stat(filePath).catch(() => undefined);
    if (!stat?.isFile()) continue;
    releases.push({ ...release, size: stat.size, path: filePath, url: downloadUrl(release.app, release.platform) });
  }
  return releases.sort((a, b) => a.app.localeCompare(b.app) || a.platform.localeCompare(b.platform));
}

/** The address of the newest player installer (Windows first, else Android), for the admin's Test Player item. */
export async function testPlayerUrl(releasesDir: string, publicUrl: string): Promise<string> {
  const releases = (await listReleases(releasesDir)).filter((release) => release.app === 'player');
  const release = releases.find((r) => r.platform === 'windows') ?? releases[0];
  if (!release) throw notFound(messages.releaseMissing);
  // Marked as the admin's test, so the analytics do not count it as a public download.
  const url = new URL(release.url, publicUrl);
  url.searchParams.set('source', 'test-player');
  return url.toString();
}
