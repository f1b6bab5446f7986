import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { messages } from '@bridge/api';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { buildTestApp, openTestDatabase, testConfig, usingPostgres, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, login } from '../../test/factories.ts';

// Attacks on the contract: database outages of every kind, NUL and control characters in any input, and
// control characters already stored reaching the admin's exports.

const unavailable = { error: messages.serviceUnavailable, code: 'service_unavailable' };

/** Calls that each reach the database one way: the session lookup, an anonymous read, an anonymous write. */
async function expectUnavailable(app: FastifyInstance, cookie: string) {
  const calls = [
    { method: 'GET' as const, url: '/api/v1/user', headers: { cookie } },
    { method: 'GET' as const, url: '/api/v1/tournaments/recent' },
    { method: 'POST' as const, url: '/api/v1/tools/send-email', payload: { name: 'Ann', email: 'ann@example.com', contact: '9876543210', description: 'Hello' } },
  ];
  for (const call of calls) {
    const response = await app.inject(call);
    expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(503);
    expect(response.json()).toEqual(unavailable);
  }
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
}

describe('database gone: every call answers 503 service_unavailable', () => {
  it.runIf(!usingPostgres)('PGlite closed under a running app', async () => {
    const t = await buildTestApp();
    try {
      const cookie = await login(t.app, await buildUser(t.app));
      await t.database.pglite!.close();
      await expectUnavailable(t.app, cookie);
    } finally {
      await t.app.close();
    }
  });

  it.runIf(usingPostgres)('PostgreSQL database dropped under a running app', async () => {
    const copy = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database: copy.database, logger: false });
    try {
      const cookie = await login(app, await buildUser(app));
      // The copy's connections are ended by the server (57P01), new ones find no database (3D000).
      await copy.drop();
      await expectUnavailable(app, cookie);
      await expectUnavailable(app, cookie);
    } finally {
      await app.close();
      await copy.database.close();
    }
  });

  it.runIf(usingPostgres)('PostgreSQL database renamed under a running app', async () => {
    const copy = await openTestDatabase();
    const name = new URL(copy.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const app = await buildApp({ config: testConfig(), database: copy.database, logger: false });
    try {
      const cookie = await login(app, await buildUser(app));
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      await admin.query(`alter database ${name} rename to ${name}_gone`);
      await expectUnavailable(app, cookie);
      await admin.query(`alter database ${name}_gone rename to ${name}`);
    } finally {
      await app.close();
      await copy.database.close();
      await admin.end();
      await copy.drop();
    }
  });

  it.runIf(usingPostgres)('PostgreSQL port closed (connection refused)', async () => {
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/test' });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      await expectUnavailable(app, 'bridge_session=0123456789abcdef0123456789abcdef');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
