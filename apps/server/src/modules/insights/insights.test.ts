import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser, login } from '../../../test/factories.ts';
import { dashboard } from '../dashboard/service.ts';

let t: TestApp;
let releasesDir: string;
let admin: Awaited<ReturnType<typeof buildUser>>;
let adminCookie: string;
beforeAll(async () => {
  releasesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bridge-releases-'));
  t = await buildTestApp({ releasesDir });
  admin = await buildUser(t.app, { role: 'admin' });
  adminCookie = await login(t.app, admin, '/api/admin/v1/user/login');
});
afterAll(async () => {
  await t.close();
  await fs.rm(releasesDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/admin/v1${url}`, headers: { cookie: adminCookie } });
const result = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
};

describe('App Downloads analytics', () => {
  beforeAll(async () => {
    const event = (occurredAt: string, fileName: string, app: string, platform: string, userAgent: string, deviceModel: string | null = null) => ({
      eventName: 'file_download' as const,
      occurredAt,
      fileName,
      app,
      platform,
      userAgent,
      osVersion: platform === 'android' ? 'Android 14' : 'Windows 10',
      deviceModel,
      pagePath: '/download',
    });
    await t.database.db
      .insertInto('analyticsEvents')
      .values([
        event('2026-05-01T08:00:00Z', 'player-windows-2.0.exe', 'player', 'windows', 'Mozilla/5.0 (Windows NT 10.0)'),
        event('2026-05-01T09:00:00Z', 'player-windows-2.0.exe', 'player', 'windows', 'Mozilla/5.0 (Windows NT 10.0)'),
        event('2026-05-01T23:59:59Z', 'player-android-2.0.apk', 'player', 'android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'Google Pixel 8'),
        event('2026-05-02T00:00:00Z', 'organiser-windows-1.0.exe', 'organiser', 'windows', 'Mozilla/5.0 (Windows NT 10.0)'),
        event('2026-06-15T12:00:00Z', 'player-windows-2.0.exe', 'player', 'windows', 'Mozilla/5.0 (Windows NT 10.0)'),
        { eventName: 'page_view' as const, occurredAt: '2026-05-01T10:00:00Z', pagePath: '/' },
      ])
      .execute();
  });

  it('answers downloads per day, file, user agent, device and origin within the range, both days included', async () => {
    const rows = await result('/analytics/events?startDate=2026-05-01&endDate=2026-05-02&eventName=file_download');
    expect(rows).toEqual([
      {
        date: '2026-05-02',
        fileName: 'organiser-windows-1.0.exe',
        app: 'organiser',
        platform: 'windows',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0)',
        osVersion: 'Windows 10',
        deviceModel: null,
        pagePath: '/download',
        count: 1,
      },
      {
        date: '2026-05-01',
        fileName: 'player-windows-2.0.exe',
        app: 'player',
        platform: 'windows',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0)',
        osVersion: 'Windows 10',
        deviceModel: null,
        pagePath: '/download',
        count: 2,
      },
      expect.objectContaining({ date: '2026-05-01', fileName: 'player-android-2.0.apk', deviceModel: 'Google Pixel 8', count: 1 }),
    ]);
  });

  it.each([
    ['platform=android', ['player-android-2.0.apk']],
    ['platform=windows', ['organiser-windows-1.0.exe', 'player-windows-2.0.exe']],
    ['app=organiser', ['organiser-windows-1.0.exe']],
    ['app=player&platform=windows', ['player-windows-2.0.exe']],
    ['query=pixel', ['player-android-2.0.apk']],
  ])('narrows by the chip or search %s', async (filter, files) => {
    const rows = await result(`/analytics/events?startDate=2026-05-01&endDate=2026-05-02&${filter}`);
    expect([...new Set(rows.map((r: { fileName: string }) => r.fileName))].sort()).toEqual(files);
  });

  it.each([
    ['no dates', '/analytics/events'],
    ['a reversed range', '/analytics/events?startDate=2026-05-02&endDate=2026-05-01'],
    ['a range over 366 days', '/analytics/events?startDate=2024-01-01&endDate=2026-01-01'],
    ['another event name', '/analytics/events?startDate=2026-05-01&endDate=2026-05-02&eventName=page_view'],
    ['a malformed date', '/analytics/events?startDate=May%201&endDate=2026-05-02'],
  ])('refuses %s', async (_label, url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it('sums downloads per file name as { results }, all time or within a range', async () => {
    const response = await get('/analytics/downloads-summary');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { fileName: 'organiser-windows-1.0.exe', count: 1 },
        { fileName: 'player-android-2.0.apk', count: 1 },
        { fileName: 'player-windows-2.0.exe', count: 3 },
      ],
    });
    const may = (await get('/analytics/downloads-summary?startDate=2026-05-01&endDate=2026-05-31')).json().results;
    expect(may).toContainEqual({ fileName: 'player-windows-2.0.exe', count: 2 });
    expect((await get('/analytics/downloads-summary?startDate=2026-05-01')).statusCode).toBe(400);
  });
});

describe('audits (GET /audits)', () => {
  it('lists sign-ins and admin actions newest first, in cursor pages without duplicates', async () => {
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: 'ghost@example.com', password: 'wrong password' } });
    const total = Number(
      (
        await t.database.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { objectId: string; at: string }[]; lastDocId: string | null } = await result(
        `/audits?limit=2${cursor ? `&lastDocId=${cursor}` : ''}`,
      );
      ids.push(...page.data.map((row) => row.objectId));
      cursor = page.lastDocId;
    } while (cursor);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const first = (await result('/audits?limit=1')).data[0];
    expect(first).toEqual({
      objectId: expect.any(String),
      at: expect.any(String),
      actorId: null,
      actorEmail: 'ghost@example.com',
      action: 'user.login',
      target: 'ghost@example.com',
      outcome: 'failure',
      ip: expect.any(String),
      details: { reason: 'wrong credentials' },
    });
  });

  it('filters by action (exact, or every action under a prefix ending in a dot), actor, outcome and dates', async () => {
    const player = await buildUser(t.app, { names: 'Audited Player' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/users/disable?key=${player.id}`,
      payload: { disabled: true },
      headers: { cookie: adminCookie },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/users/set-role',
      payload: { uid: player.id, role: 'admin' },
      headers: { cookie: adminCookie },
    });
    const actions = async (query: string) => ((await result(`/audits?limit=100&${query}`)).data as { action: string }[]).map((row) => row.action);
    expect(await actions('action=admin.user.role')).toEqual(['admin.user.role']);
    expect((await actions('action=admin.user.')).sort()).toEqual(['admin.user.disable', 'admin.user.role']);
    const byActor = await actions(`actor=${admin.email.slice(0, 12).toUpperCase()}`);
    expect(byActor).toEqual(expect.arrayContaining(['admin.user.role', 'admin.user.disable', 'admin.login']));
    expect(new Set(await actions('outcome=failure'))).toEqual(new Set(['user.login']));
    const today = new Date().toISOString().slice(0, 10);
    expect((await actions(`startDate=${today}&endDate=${today}`)).length).toBeGreaterThan(3);
    expect(await actions('startDate=2020-01-01&endDate=2020-01-02')).toEqual([]);
    expect((await get('/audits?lastDocId=abc')).statusCode).toBe(400);
  });
});

describe('dashboard, contact inbox and tools', () => {
  it('counts the key figures with their weekly additions', async () => {
    const before = await dashboard(t.database.db);
    await buildUser(t.app);
    await t.database.db
      .insertInto('contactMessages')
      .values({ name: 'Curious Visitor', email: 'visitor@example.com', contact: '+919800000000', description: 'Hello' })
      .execute();
    await t.database.db.insertInto('analyticsEvents').values({ eventName: 'file_download', fileName: 'player-windows-2.0.exe' }).execute();
    const figures = await result('/dashboard');
    expect(figures.users.value).toBe(before.users.value + 1);
    expect(figures.newUsersThisWeek.value).toBe(before.newUsersThisWeek.value + 1);
    expect(figures.users.weekly).toHaveLength(8);
    expect(figures.users.weekly.at(-1)).toBe(figures.newUsersThisWeek.value);
    expect(figures.contactMessages.value).toBe(before.contactMessages.value + 1);
    expect(figures.downloads.value).toBe(before.downloads.value + 1);
    expect(figures.downloads.weekly.at(-1)).toBe(before.downloads.weekly.at(-1)! + 1);
    expect(figures).toMatchObject({ activeEvents: { value: 0 }, completedEvents: { value: 0 } });
  });

  it('puts a download of three weeks ago in its week of the trend', async () => {
    const now = new Date('2026-07-01T12:00:00Z');
    const before = await dashboard(t.database.db, now);
    await t.database.db
      .insertInto('analyticsEvents')
      .values({ eventName: 'file_download', fileName: 'x.exe', occurredAt: '2026-06-10T12:00:00Z' })
      .execute();
    const after = await dashboard(t.database.db, now);
    // 21 days before: the fourth week back, index 8 - 1 - 3.
    expect(after.downloads.weekly[4]).toBe(before.downloads.weekly[4]! + 1);
  });

  it('lists contact messages newest first and finds them by name or email', async () => {
    await t.database.db
      .insertInto('contactMessages')
      .values([
        { name: 'Anita Asker', email: 'anita@example.com', contact: '+919811111111', description: 'First' },
        { name: 'Bharat Bidder', email: 'bharat@example.com', contact: '+919822222222', description: 'Second' },
      ])
      .execute();
    const { data, lastDocId } = await result('/contact-messages?limit=2');
    expect(data.map((m: { name: string }) => m.name)).toEqual(['Bharat Bidder', 'Anita Asker']);
    expect(data[0]).toEqual({
      objectId: expect.any(String),
      name: 'Bharat Bidder',
      email: 'bharat@example.com',
      contact: '+919822222222',
      description: 'Second',
      type: 1,
      createdAt: expect.any(String),
    });
    expect(lastDocId).toEqual(expect.any(String));
    const next = await result(`/contact-messages?limit=2&lastDocId=${lastDocId}`);
    expect(next.data.map((m: { name: string }) => m.name)).not.toContain('Anita Asker');
    expect((await result('/contact-messages?query=ANITA@')).data.map((m: { name: string }) => m.name)).toEqual(['Anita Asker']);
  });

  it('answers the test player download address when an installer is there, else 404', async () => {
    expect((await get('/tools/test-player')).statusCode).toBe(404);
    await fs.writeFile(path.join(releasesDir, 'player-android-3.1.0.apk'), 'apk');
    expect(await result('/tools/test-player')).toBe('http://bridge.test/api/v1/apps/download?platform=android&file=apk&source=test-player');
    await fs.writeFile(path.join(releasesDir, 'player-windows-3.1.0.exe'), 'exe');
    expect(await result('/tools/test-player')).toBe('http://bridge.test/api/v1/apps/download?platform=windows&file=player&source=test-player');
  });
});
