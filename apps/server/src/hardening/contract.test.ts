import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FastifyInstance } from 'fastify';
import { messages } from '@bridge/api';
import { buildApp } from '../app.ts';
import { cleanCell, csvField } from '../lib/exports/writers.ts';
import { openDatabase } from '../db/database.ts';
import { buildTestApp, openTestDatabase, testConfig, usingPostgres, type TestApp } from '../../test/build-test-app.ts';
import { buildSeatedEvent, buildTournament, buildUser, clientOf, login } from '../../test/factories.ts';

// Attacks on the contract: database outages of every kind, NUL and control characters in any input, and
// control characters already stored reaching the admin's exports.

const unavailable = { error: messages.serviceUnavailable, code: 'service_unavailable' };

/** Calls that each reach the database one way: the session lookup, an anonymous read, an anonymous write. */
async function expectUnavailable(app: FastifyInstance, cookie: string) {
  const calls = [
    { method: 'GET' as const, url: '/api/v1/user', headers: { cookie } },
    { method: 'GET' as const, url: '/api/v1/tournaments/recent' },
    {
      method: 'POST' as const,
      url: '/api/v1/tools/send-email',
      payload: { name: 'Ann', email: 'ann@example.com', contact: '9876543210', description: 'Hello' },
    },
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

/** Every (method, path) the app registered, from its route tree (as admin-access.test.ts reads it). */
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
    const organiser = clientOf(t.app, adminUser, await login(t.app, adminUser));
    const { key } = await buildTournament(t.app, { organiser, gameDetails: { typeName: 'Pairs', liveTableEvent: false } });
    // Values that pass validation, so the NUL is what each request is tested on.
    known = {
      key,
      dataset: 'participants',
      format: 'csv',
      board: '1',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      email: adminUser.email,
      password: adminUser.password,
      names: 'Ann Example',
      name: 'Ann Example',
      uid: adminUser.id,
      platform: 'windows',
      file: 'player',
      eventName: 'file_download',
      limit: 10,
      page: 1,
      contact: '9876543210',
      path: '/about',
      deal: 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765',
    };
  });
  afterAll(async () => t.close());

  it('a PBN file with a NUL in it is refused', async () => {
    const cookie = await login(t.app, adminUser);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tournaments/${known.key as string}/import`,
      headers: { cookie, 'content-type': 'application/x-pbn' },
      payload: `[Board "1"]\n[Deal "${NUL}"]\n`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('covers every route with its parameters and body fields, signed out and signed in', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
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
          let url = path
            .replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name]!))
            .replace('*', encodeURIComponent(params['*'] ?? 'x'));
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
        if (method !== 'GET' && !bodySchema)
          cases.push({ what: 'body (unchecked)', url: urlOf(baseParams, baseQuery), payload: { pbn: NUL, nul: NUL } });
        for (const c of cases) {
          const response = await t.app.inject({
            method,
            url: c.url,
            headers: cookie ? { cookie } : {},
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

// Control characters in names, at input ------------------------------------------------------------------------

describe('a name with a control character or a line break is refused at input, and nothing is stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it.each(['\u0001', '\uFFFF', '\uFFFE', '\u2028', '\r\n', '\u0085', '\u001B[31m', '\uD800'])('%j inside a name', async (bad) => {
    const name = `Mallory${bad}Name`;
    const user = await buildUser(t.app, { names: 'Plain Name' });
    const cookie = await login(t.app, user);
    const email = `${randomBytes(4).toString('hex')}@example.com`;
    const calls = [
      { method: 'POST' as const, url: '/api/v1/user/register', payload: { email, password: 'long enough password', names: name } },
      { method: 'POST' as const, url: '/api/v1/user/update', headers: { cookie }, payload: { type: 'name', value: name } },
      { method: 'POST' as const, url: '/api/v1/user/update', headers: { cookie }, payload: { type: 'city', value: name } },
      { method: 'POST' as const, url: '/api/v1/tools/send-email', payload: { name, email, contact: '9876543210', description: 'Hello' } },
      {
        method: 'POST' as const,
        url: '/api/v1/tournaments',
        headers: { cookie },
        payload: {
          tables: 3,
          boardsPerRound: 2,
          gameDetails: {
            type: 1,
            typeName: name,
            players: 12,
            rounds: 3,
            movementType: 'Mitchell',
            scoreType: 'Match Point',
            handgeneratedModeAsString: 'Random',
          },
        },
      },
    ];
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode, `${call.url} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    expect(await t.database.db.selectFrom('contactMessages').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    expect(await t.database.db.selectFrom('users').select(['names', 'city']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      names: 'Plain Name',
      city: null,
    });
  });
});

// Control characters already stored, through the admin's exports -----------------------------------------------

/** The files of a zip archive by name (an XLSX workbook is one), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const files = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

/** Characters an XML 1.0 document may not hold. */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

async function pdfText(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const runs: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    for (const item of (await (await document.getPage(n)).getTextContent()).items) if ('str' in item && item.str) runs.push(item.str);
  }
  await document.destroy();
  return runs;
}

describe('control characters already in the database cannot break the admin exports', () => {
  let t: TestApp;
  let cookie: string;
  const tag = `cc${randomBytes(3).toString('hex')}`;
  // Each one is a way a name stored before the contract refused them could break a file: U+FFFF and U+FFFE and
  // C0 controls are not XML, line breaks split records and rows, C1 controls and DEL print as nothing.
  const evil = `Eve\uFFFF\uFFFE\u0001\u0008\u000B\u001F\u007F\u009Bl Name\r\nSecond\u2028Line\u0085End\tTab`;
  const shown = 'Evel Name Second Line End Tab';
  let key = '';
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await buildUser(t.app, { role: 'admin' });
    cookie = await login(t.app, admin, '/api/admin/v1/user/login');
    // Straight into the database, as an older release would have stored them.
    await buildUser(t.app, { names: evil, email: `${tag}-1@example.com`, city: `=HYPERLINK("http://evil")\u0000`.replace('\u0000', '\u0001') });
    await buildUser(t.app, { names: `\u0001=1+1`, email: `${tag}-2@example.com` });
    const organiser = clientOf(t.app, admin, await login(t.app, admin));
    ({ key } = await buildSeatedEvent(t.app, {
      organiser,
      gameDetails: { typeName: 'Pairs', liveTableEvent: false },
      seats: [{ bot: 'Bot One', table: 1, side: 0 }],
    }));
    await t.database.db.updateTable('tournaments').set({ typeName: evil }).where('key', '=', key).execute();
    await t.database.db.updateTable('participants').set({ names: evil }).where('names', '=', 'Bot One').execute();
  });
  afterAll(async () => t.close());

  const exportOf = (path: string) => t.app.inject({ method: 'GET', url: `/api/admin/v1/export/${path}`, headers: { cookie } });
  const datasets = () => [`users?query=${tag}`, 'active-events?type=all', `participants?key=${key}`];

  it('users.xlsx, events and participants stay valid XLSX files, the names cleaned', async () => {
    for (const dataset of datasets()) {
      const response = await exportOf(`${dataset}&format=xlsx`);
      expect(response.statusCode, dataset).toBe(200);
      for (const [name, bytes] of unzip(response.rawPayload)) {
        if (!name.endsWith('.xml') && !name.endsWith('.rels')) continue;
        const xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        expect(NOT_XML.exec(xml)?.[0], `${dataset} ${name}`).toBeUndefined();
      }
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String);
      expect(cells, dataset).toContain(shown);
    }
  });

  it('CSV rows stay one line each, cleaned, and formulas are written as text', async () => {
    for (const dataset of datasets()) {
      const response = await exportOf(`${dataset}&format=csv`);
      expect(response.statusCode, dataset).toBe(200);
      const lines = response.body.slice(1).split('\r\n').filter(Boolean);
      expect(
        lines.some((line) => line.includes(shown)),
        dataset,
      ).toBe(true);
      for (const line of lines) expect(line, dataset).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\uFFFE\uFFFF]/);
    }
    const users = (await exportOf(`users?query=${tag}&format=csv`)).body;
    expect(users).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(users).toContain(`'=1+1`);
  });

  it('PDF files are complete and show the names cleaned on one line', async () => {
    for (const dataset of datasets()) {
      const response = await exportOf(`${dataset}&format=pdf`);
      expect(response.statusCode, dataset).toBe(200);
      expect(response.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF'), dataset).toBe(true);
      const runs = await pdfText(response.rawPayload);
      expect(runs.join('|'), dataset).toContain('Evel Name Second');
      for (const run of runs) expect(run, dataset).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\uFFFE\uFFFF]/);
    }
  });

  it.each([
    ['lone surrogates and noncharacters', 'a\uD800b\uDC00c\uFFFEd\uFFFF', 'abcd'],
    ['a surrogate pair is kept', 'a\uD83C\uDCA1b', 'a\uD83C\uDCA1b'],
    ['line and paragraph separators', 'a\u2028b\u2029c\r\n\nd', 'a b c d'],
    ['C0, DEL and C1 controls', 'a\u0000\u0007b\u007F\u0080c\u009F', 'abc'],
  ])('cleans %s from a cell', (_label, value, cleaned) => {
    expect(cleanCell(value)).toBe(cleaned);
  });

  it.each([
    ['=1+1', "'=1+1"],
    [' =1+1', "' =1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('a CSV field %j that a spreadsheet would compute is written as text: %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });
});
