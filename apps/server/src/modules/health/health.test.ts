import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages } from '@bridge/api';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { buildTestApp, openTestDatabase, testConfig, usingPostgres, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser, login } from '../../../test/factories.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers 200 while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: true, analysis: false });
  });

  it('sends the security headers on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': expect.stringContaining('max-age='),
      'content-security-policy': expect.stringContaining("default-src 'self'"),
    });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('states its server time on API answers only', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
    const page = await t.app.inject({ method: 'GET', url: '/about' });
    expect(page.headers['server-timing']).toBeUndefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('hides unexpected errors behind "Operation failed"', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).not.toMatch(/at |\.ts/);
  });
});

describe('health runs a real query', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers 503 while the queries requests make fail, though the server still answers "select 1", and 200 again after', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    // The database answers, but not the tables every signed-in request reads: requests fail, so health must too.
    for (const table of ['sessions', 'users']) {
      await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(t.database.db);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } })).statusCode).toBe(500);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, table).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: false, analysis: false });
      await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(t.database.db);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it('answers 503 when PGlite is left inside a failed transaction, and 200 once it is rolled back', async () => {
    if (!t.database.pglite) return;
    await t.database.pglite.exec('begin; select 1/0;').catch(() => undefined);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    await t.database.pglite.exec('rollback');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe.runIf(!usingPostgres)('PGlite left answering every query with no rows', () => {
  it('answers 503, where "select 1" raised no error', async () => {
    const t = await buildTestApp();
    try {
      const pglite = t.database.pglite!;
      // A statement with too many parameters fails inside PGlite ("Invalid array length") and leaves it giving
      // every later query an empty answer without an error, until restart: requests answer 500.
      const n = 100_000;
      const values = Array.from({ length: n }, (_, i) => `($${i + 1}::text)`).join(',');
      await pglite
        .query(
          `select count(*) from (values ${values}) as v`,
          Array.from({ length: n }, () => 'v'),
        )
        .catch(() => undefined);
      const broken = (await pglite.query('select 1 as one')).rows.length === 0;
      expect(broken).toBe(true);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: false, analysis: false });
    } finally {
      await t.close();
    }
  });
});

/** A TCP hop between the app and PostgreSQL that the test can cut and restore, like a database outage. */
function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return {
    open,
    cut,
    get port() {
      return port;
    },
  };
}

describe.runIf(usingPostgres)('database outage (PostgreSQL)', () => {
  it('answers 503 while the database is unreachable and recovers by itself when it returns', async () => {
    const { url, drop } = await openTestDatabase().then(async (copy) => {
      await copy.database.close();
      return copy;
    });
    const target = new URL(url!);
    const proxy = cuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    const database = await openDatabase({ kind: 'postgres', url: target.toString() });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const user = await buildUser(app);
      const cookie = await login(app, user);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await proxy.cut();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: false, analysis: false });
      const me = await app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual({ error: messages.serviceUnavailable, code: 'service_unavailable' });

      await proxy.open();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await proxy.cut().catch(() => undefined);
      await drop();
    }
  });
});
