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

// NUL and control characters on every route ---------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}
interface Operation {
  parameters?: { name: string; in: 'query' | 'path' | 'header' | 'cookie'; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every (method, path) the app registered, from its route tree (as modules/admin/access.test.ts reads it). */
function registeredRoutes(app: FastifyInstance): { method: Method; path: string }[] {
  const found: { method: Method; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: false }).split('\n')) {
    const match = /^([│ ]*)(?:[└├]── )(.*?) \(([A-Z, ]+)\)$/.exec(line) ?? /^([│ ]*)(?:[└├]── )(.*)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method: method as Method, path: stack.join('') });
    }
  }
  return found;
}

/** A valid-looking value for a schema, so that the NUL is the one wrong thing in the request. */
function sample(schema: JsonSchema | undefined, name: string, known: Record<string, unknown>): unknown {
  if (name in known) return known[name];
  if (!schema) return 'x';
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice) return sample(choice.find((s) => s.type !== 'null') ?? choice[0], name, known);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && typeof schema.default !== 'object') return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s, key, known)]));
  }
  if (type === 'array') return [sample(schema.items, name, known)];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return false;
  if (schema.format === 'email') return 'someone@example.com';
  return 'x';
}

/** Every string leaf of a value, as a path of keys and indexes. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}
function withValue(value: unknown, path: (string | number)[], leaf: string): unknown {
  if (path.length === 0) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = withValue(copy[path[0]!], path.slice(1), leaf);
  return copy;
}

const NUL = 'a\u0000b';

describe('a NUL in any path parameter, query parameter or body field is refused, never a 500', () => {
  let t: TestApp;
  let adminUser: Awaited<ReturnType<typeof buildUser>>;
  let known: Record<string, unknown>;
  beforeAll(async () => {
    t = await buildTestApp();
    adminUser = await buildUser(t.app, { role: 'admin' });
    const cookie = await login(t.app, adminUser);
    const created = await t.app.inject({
      method: 'POST', url: '/api/v1/tournaments', headers: { cookie },
      payload: { tables: 3, boardsPerRound: 2, gameDetails: { type: 1, typeName: 'Pairs', players: 12, rounds: 3, movementType: 'Mitchell', scoreType: 'Match Point', handgeneratedModeAsString: 'Random' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = (created.json() as { result: { key: string } }).result.key;
    // Values that pass validation, so the NUL is what each request is tested on.
    known = {
      key, dataset: 'participants', format: 'csv', board: '1', startDate: '2026-01-01', endDate: '2026-01-31',
      email: adminUser.email, password: adminUser.password, names: 'Ann Example', name: 'Ann Example', uid: adminUser.id,
      platform: 'windows', file: 'player', eventName: 'file_download', limit: 10, page: 1, contact: '9876543210',
      path: '/about', deal: 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765',
    };
  });
  afterAll(async () => t.close());

  it('a PBN file with a NUL in it is refused', async () => {
    const cookie = await login(t.app, adminUser);
    const response = await t.app.inject({
      method: 'POST', url: `/api/v1/tournaments/${known.key as string}/import`, headers: { cookie, 'content-type': 'application/x-pbn' },
      payload: `[Board "1"]\n[Deal "${NUL}"]\n`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('covers every route with its parameters and body fields, signed out and signed in', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = (docs.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(50);

    const failures: string[] = [];
    let sent = 0;
    let cookie: string | undefined;
    for (const who of ['signed out', 'player', 'admin'] as const) {
      const signIn = async () => {
        if (who === 'signed out') return undefined;
        const user = who === 'admin' ? adminUser : await buildUser(t.app);
        return login(t.app, user, who === 'admin' ? '/api/admin/v1/user/login' : '/api/v1/user/login');
      };
      cookie = await signIn();
      for (const { method, path } of routes) {
        const operation = paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
        const pathNames = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        const queryParams = (operation?.parameters ?? []).filter((p) => p.in === 'query');
        const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
        const body = bodySchema ? sample(bodySchema, '', known) : undefined;
        const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, String(sample(p.schema, p.name, known))]));
        const urlOf = (params: Record<string, string>, query: Record<string, string>) => {
          let url = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name]!)).replace('*', encodeURIComponent(params['*'] ?? 'x'));
          const search = new URLSearchParams(query).toString();
          if (search) url += `?${search}`;
          return url;
        };
        const baseParams = Object.fromEntries(pathNames.map((n) => [n, String(sample(undefined, n, known))]));
        const cases: { what: string; url: string; payload?: unknown }[] = [];
        for (const name of [...pathNames, ...(path.endsWith('*') ? ['*'] : [])]) {
          cases.push({ what: `path :${name}`, url: urlOf({ ...baseParams, [name]: NUL }, baseQuery), payload: body });
        }
        // Documented parameters, and one no route knows (routes without a query schema read it raw).
        for (const name of [...queryParams.map((p) => p.name), 'nul']) {
          cases.push({ what: `query ${name}`, url: urlOf(baseParams, { ...baseQuery, [name]: NUL }), payload: body });
        }
        for (const leaf of stringPaths(body)) {
          cases.push({ what: `body ${leaf.join('.')}`, url: urlOf(baseParams, baseQuery), payload: withValue(body, leaf, NUL) });
        }
        if (method !== 'GET' && !bodySchema) cases.push({ what: 'body (unchecked)', url: urlOf(baseParams, baseQuery), payload: { pbn: NUL, nul: NUL } });
        for (const c of cases) {
          const response = await t.app.inject({
            method, url: c.url, headers: cookie ? { cookie } : {},
            ...(c.payload === undefined || method === 'GET' ? {} : { payload: c.payload as object }),
          });
          sent++;
          if (response.statusCode >= 500) failures.push(`${who} ${method} ${path} ${c.what}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          else if (response.statusCode === 200) failures.push(`${who} ${method} ${path} ${c.what}: accepted`);
          // A sign-out or an account change may have ended the session: sign in again for the next call.
          if (path.endsWith('/logout') || path.endsWith('/user/update')) cookie = await signIn();
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });
});
