import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { compareVersions } from './releases.ts';

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

let t: TestApp;
let dir: string;
const put = (name: string, content = `installer ${name}`) => fs.writeFileSync(path.join(dir, name), content);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-releases-'));
  put('player-windows-1.9.3.exe');
  put('player-windows-1.10.0.exe', 'the newest player');
  put('player-android-1.4.2.apk', 'android player');
  put('organiser-windows-2.0.0.exe');
  put('notes.txt');
  put('player-windows-beta.exe');
  t = await buildTestApp({ releasesDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const events = () => t.database.db.selectFrom('analyticsEvents').selectAll().where('eventName', '=', 'file_download').orderBy('id').execute();

describe('GET /api/v1/apps/releases', () => {
  it('lists the newest installer of each app and platform, ignoring other files', async () => {
    const size = (name: string) => fs.statSync(path.join(dir, name)).size;
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/apps/releases' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([
      {
        app: 'organiser',
        platform: 'windows',
        version: '2.0.0',
        fileName: 'organiser-windows-2.0.0.exe',
        size: size('organiser-windows-2.0.0.exe'),
        url: '/api/v1/apps/download?platform=windows&file=organiser',
      },
      {
        app: 'player',
        platform: 'android',
        version: '1.4.2',
        fileName: 'player-android-1.4.2.apk',
        size: size('player-android-1.4.2.apk'),
        url: '/api/v1/apps/download?platform=android&file=apk',
      },
      {
        app: 'player',
        platform: 'windows',
        version: '1.10.0',
        fileName: 'player-windows-1.10.0.exe',
        size: size('player-windows-1.10.0.exe'),
        url: '/api/v1/apps/download?platform=windows&file=player',
      },
    ]);
  });

  it.each([
    ['1.10.0', '1.9.3', 1],
    ['2.0', '2.0.0', 0],
    ['1.0.0', '1.0.1', -1],
  ])('compares version %s with %s numerically', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

describe('GET /api/v1/apps/download', () => {
  it('streams the newest Windows player with a download name and records the event with parsed fields', async () => {
    const before = (await events()).length;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/apps/download?platform=windows&file=player',
      headers: { 'user-agent': WINDOWS_UA, referer: 'http://bridge.test/download?app=player' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('the newest player');
    expect(response.headers['content-disposition']).toBe('attachment; filename="player-windows-1.10.0.exe"');
    expect(response.headers['content-type']).toBe('application/vnd.microsoft.portable-executable');
    const rows = await events();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      fileName: 'player-windows-1.10.0.exe',
      app: 'player',
      platform: 'windows',
      appVersion: '1.10.0',
      userAgent: WINDOWS_UA,
      osName: 'Windows',
      osVersion: 'Windows 10',
      deviceType: 'desktop',
      pagePath: '/download?app=player',
    });
    expect(rows.at(-1)!.occurredAt).toBeInstanceOf(Date);
  });

  it("records an admin's download from Tools -> Test Player apart, out of the download figures; anyone else's counts", async () => {
    const { admin, player } = await t.roles();
    const testUrl = (await admin.get('/api/admin/v1/tools/test-player')).json().result as string;
    const local = new URL(testUrl);
    expect(local.searchParams.get('source')).toBe('test-player');
    const summary = async () => (await admin.get('/api/admin/v1/analytics/downloads-summary')).body;
    const before = { downloads: (await events()).length, summary: await summary() };

    const response = await admin.get(`${local.pathname}${local.search}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('the newest player');
    expect((await events()).length).toBe(before.downloads);
    expect(await summary()).toBe(before.summary);
    const tests = await t.database.db.selectFrom('analyticsEvents').selectAll().where('eventName', '=', 'test_download').execute();
    expect(tests).toEqual([expect.objectContaining({ fileName: 'player-windows-1.10.0.exe', userId: admin.user!.id })]);

    // The mark is the admin's to give: a player (or a signed-out visitor) who adds it is a public download.
    expect((await player.get(`${local.pathname}${local.search}`)).statusCode).toBe(200);
    expect((await events()).length).toBe(before.downloads + 1);
  });

  it('serves the Android player for file=apk and reads the device model', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/apps/download?platform=android&file=apk',
      headers: { 'user-agent': ANDROID_UA },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect((await events()).at(-1)).toMatchObject({
      fileName: 'player-android-1.4.2.apk',
      osVersion: 'Android 13',
      deviceModel: 'Samsung SM-G991B',
      deviceType: 'mobile',
      pagePath: null,
    });
  });

  it('answers 404 with a clear text when there is no such release, and records nothing', async () => {
    const before = (await events()).length;
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/apps/download?platform=windows&file=math' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: messages.releaseMissing, code: 'not_found' });
    expect(await events()).toHaveLength(before);
  });

  it('refuses an unknown platform or file with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/download?platform=ios&file=player' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/download?platform=windows&file=../../etc/passwd' })).statusCode).toBe(400);
  });

  it('offers a file dropped into the folder at once, without a restart', async () => {
    put('math-windows-1.0.0.exe', 'math app');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/apps/download?platform=windows&file=math' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('math app');
  });

  it('does not count a HEAD request as a download', async () => {
    const before = (await events()).length;
    const response = await t.app.inject({ method: 'HEAD', url: '/api/v1/apps/download?platform=windows&file=organiser' });
    expect(response.statusCode).toBe(200);
    expect(await events()).toHaveLength(before);
  });
});
