import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Each rule of scripts/check-imports.mjs on a small tree: clean, it passes; with one seeded violation, it fails
// and names the file and the rule.

const script = path.resolve(import.meta.dirname, 'check-imports.mjs');
const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) fs.rmSync(tree, { recursive: true, force: true });
});

/** A source file of the seeded trees, one argument per line. */
const source = (...lines: string[]) => `${lines.join('\n')}\n`;

const clean: Record<string, string> = {
  // The contract: zod, libphonenumber-js for contact numbers; its tests may use anything.
  'packages/api/src/index.ts': source("export * from './user.ts';", "export * from './contact.ts';"),
  'packages/api/src/user.ts': source("import { z } from 'zod';", 'export const User = z.object({ name: z.string() });'),
  'packages/api/src/contact.ts': source(
    "import { parsePhoneNumberWithError } from 'libphonenumber-js/min';",
    "export const phone = (v: string) => parsePhoneNumberWithError(v, 'IN');",
  ),
  'packages/api/src/user.test.ts': source(
    "import fs from 'node:fs';",
    "import { it } from 'vitest';",
    "import { User } from './user.ts';",
    "it('reads', () => User.parse(fs.readFileSync('x')));",
  ),
  // The engine: values in, values out (randomness from crypto is no I/O); its tests read fixture files.
  'packages/bridge/src/index.ts': source("export * from './scoring.ts';"),
  'packages/bridge/src/scoring.ts': source(
    '// No fetch() and no process.env here: the caller passes what the engine needs.',
    'export const score = (tricks: number) => tricks * 30;',
    'export const seed = () => globalThis.crypto.getRandomValues(new Uint8Array(4));',
  ),
  'packages/bridge/src/pbn.test.ts': source(
    "import fs from 'node:fs';",
    "import path from 'node:path';",
    "import { score } from './scoring.ts';",
    "export const fixture = fs.readFileSync(path.join(process.env.FIXTURES ?? '.', 'a.pbn'));",
    'export const s = score(1);',
  ),
  'packages/bridge/src/xml-test-helper.ts': source("import { SaxesParser } from 'saxes';", 'export const parser = () => new SaxesParser();'),
  // The web app: app/ -> features/ -> components/ -> lib/, config/ a leaf.
  'apps/web/src/config/paths.ts': source("export const paths = { events: '/console/events' };"),
  'apps/web/src/lib/api-client.ts': source(
    "import type { User } from '@bridge/api';",
    'export const get = (url: string): Promise<User> => fetch(url).then((r) => r.json());',
  ),
  'apps/web/src/components/export-menu.tsx': source(
    "import { get } from '../lib/api-client.ts';",
    "import { paths } from '../config/paths.ts';",
    'export const ExportMenu = () => [get, paths];',
  ),
  'apps/web/src/features/events/event-list.tsx': source(
    "import { score } from '@bridge/engine';",
    "import { ExportMenu } from '../../components/export-menu.tsx';",
    "import { paths } from '../../config/paths.ts';",
    "import { useEvents } from './api/events.ts';",
    'export const EventList = () => [score, ExportMenu, paths, useEvents];',
  ),
  'apps/web/src/features/events/api/events.ts': source(
    "import { get } from '../../../lib/api-client.ts';",
    "export const useEvents = () => get('/api/v1/events');",
  ),
  'apps/web/src/features/users/profile.tsx': source(
    "import { get } from '../../lib/api-client.ts';",
    "export const Profile = () => get('/api/v1/user');",
  ),
  'apps/web/src/app/router.tsx': source(
    "import './global.css';",
    "import { paths } from '../config/paths.ts';",
    "import { EventList } from '../features/events/event-list.tsx';",
    "export const routes = [paths, EventList, () => import('../features/users/profile.tsx')];",
  ),
  // The server: plugins, lib/ and db/ below the modules; app.ts wires them.
  'apps/server/src/lib/errors.ts': source('export class NotFound extends Error {}'),
  'apps/server/src/plugins/session.ts': source("import { NotFound } from '../lib/errors.ts';", 'export const session = () => new NotFound();'),
  'apps/server/src/app.ts': source(
    "import { session } from './plugins/session.ts';",
    "import { deleteAccount } from './modules/users/service.ts';",
    'export const app = [session, deleteAccount];',
  ),
  'apps/server/src/db/database.ts': source('export type Db = unknown;'),
  'apps/server/src/lib/exports/writers.ts': source('export const BATCH = 1000;'),
  'apps/server/src/modules/audits/repo.ts': source("export const insertAudit = (db: any) => db.insertInto('auditLog').values({}).execute();"),
  'apps/server/src/modules/audits/service.ts': source(
    "import * as repo from './repo.ts';",
    'export const recordAudit = (db: unknown) => repo.insertAudit(db);',
  ),
  'apps/server/src/modules/events/repo.ts': source(
    "export const findEventByKey = (db: any, key: string) => db.selectFrom('tournaments').where('key', '=', key).execute();",
  ),
  'apps/server/src/modules/events/service.ts': source(
    "import { recordAudit } from '../audits/service.ts';",
    "import * as repo from './repo.ts';",
    'export const findEvent = (db: unknown, key: string) => [recordAudit(db), repo.findEventByKey(db, key)];',
  ),
  'apps/server/src/modules/users/repo.ts': source("export const findUser = (db: any) => db.selectFrom('users').execute();"),
  'apps/server/src/modules/users/service.ts': source(
    "import { findEvent } from '../events/service.ts';",
    "import * as repo from './repo.ts';",
    "export const deleteAccount = (db: unknown) => [findEvent(db, 'k'), repo.findUser(db)];",
  ),
};

function check(extra: Record<string, string>) {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'check-imports-'));
  trees.push(tree);
  for (const [file, text] of Object.entries({ ...clean, ...extra })) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  const run = spawnSync(process.execPath, [script, tree], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('check-imports', () => {
  it('passes a tree that keeps every rule', () => {
    expect(check({})).toMatchObject({ status: 0 });
  });

  it("fails a module that imports another module's repo", () => {
    const { status, output } = check({
      'apps/server/src/modules/users/service.ts': "import { findEventByKey } from '../events/repo.ts';\nexport const x = findEventByKey;\n",
    });
    expect(status).toBe(1);
    expect(output).toContain("apps/server/src/modules/users/service.ts: imports ../events/repo.ts (another module's repo is off limits");
  });

  it("fails a module that imports another module's file other than its door, service.ts", () => {
    for (const [file, target] of [
      ['apps/server/src/modules/users/routes.ts', '../events/policy.ts'],
      ['apps/server/src/modules/users/service.ts', '../events/presenter.ts'],
      ['apps/server/src/modules/users/users.test.ts', '../events/presenter.ts'],
    ]) {
      const { status, output } = check({
        'apps/server/src/modules/events/policy.ts': 'export const changeEvent = 1;\n',
        'apps/server/src/modules/events/presenter.ts': 'export const present = 1;\n',
        [file]: `import { x } from '${target}';\nexport const y = x;\n`,
      });
      expect(status).toBe(1);
      expect(output).toContain(`${file}: imports ${target} (another module is reached through its door, its service.ts`);
    }
    // Its own files, and another module's service.ts, stay open.
    expect(
      check({
        'apps/server/src/modules/events/presenter.ts': 'export const present = 1;\n',
        'apps/server/src/modules/events/routes.ts': "import { present } from './presenter.ts';\nexport const y = present;\n",
      }),
    ).toMatchObject({ status: 0 });
  });

  it('fails a query outside repo.ts, in a service or a route', () => {
    for (const file of ['apps/server/src/modules/events/service.ts', 'apps/server/src/modules/events/organiser-routes.ts']) {
      const { status, output } = check({ [file]: "export const q = (db: any) => db\n  .selectFrom('tournaments').selectAll().execute();\n" });
      expect(status).toBe(1);
      expect(output).toContain(`${file}:2: a database query outside repo.ts`);
    }
    const raw = check({ 'apps/server/src/modules/users/service.ts': "import { sql } from 'kysely';\nexport const q = sql<number>`select 1`;\n" });
    expect(raw.status).toBe(1);
    expect(raw.output).toContain('apps/server/src/modules/users/service.ts:2: a database query outside repo.ts');
  });

  it('fails a module calling a module above it, or one on its own layer', () => {
    const upward = check({
      'apps/server/src/modules/events/presenter.ts': "import { deleteAccount } from '../users/service.ts';\nexport const x = deleteAccount;\n",
    });
    expect(upward.status).toBe(1);
    expect(upward.output).toContain(
      'apps/server/src/modules/events/presenter.ts: imports ../users/service.ts (modules call the services of lower domains only',
    );
    const sideways = check({
      'apps/server/src/modules/insights/service.ts': "import { recordAudit } from '../audits/service.ts';\nexport const x = recordAudit;\n",
    });
    expect(sideways.status).toBe(1);
    expect(sideways.output).toContain('apps/server/src/modules/insights/service.ts: imports ../audits/service.ts');
  });

  it('fails a repo that imports Fastify', () => {
    const { status, output } = check({
      'apps/server/src/modules/events/repo.ts': "import type { FastifyInstance } from 'fastify';\nexport type X = FastifyInstance;\n",
    });
    expect(status).toBe(1);
    expect(output).toContain('apps/server/src/modules/events/repo.ts: imports fastify (repos know Kysely, not Fastify)');
  });

  it('fails the export library calling a module', () => {
    const { status, output } = check({
      'apps/server/src/lib/exports/route.ts': "import { findEvent } from '../../modules/events/service.ts';\nexport const x = findEvent;\n",
    });
    expect(status).toBe(1);
    expect(output).toContain('apps/server/src/lib/exports/route.ts: imports ../../modules/events/service.ts (lib/ is below the modules');
  });

  // One seeded violation per rule (the server's module rules are seeded above), each named by its rule's text.
  it.each([
    {
      rule: 'packages never import apps',
      files: { 'packages/api/src/user.ts': "import { NotFound } from '../../../apps/server/src/lib/errors.ts';\nexport const x = NotFound;\n" },
      expected: 'packages/api/src/user.ts: imports ../../../apps/server/src/lib/errors.ts (packages/* must not import from apps/*)',
    },
    {
      rule: 'the bridge engine imports nothing from the repo',
      files: { 'packages/bridge/src/scoring.ts': "import { User } from '@bridge/api';\nexport const x = User;\n" },
      expected: 'packages/bridge/src/scoring.ts: imports @bridge/api (the bridge engine imports nothing from the repo)',
    },
    {
      rule: 'the contract imports nothing from the bridge engine',
      files: { 'packages/api/src/user.ts': "import { score } from '@bridge/engine';\nexport const x = score;\n" },
      expected: 'packages/api/src/user.ts: imports @bridge/engine (the contract imports nothing from the bridge engine',
    },
    {
      rule: 'packages/api imports zod alone: another package',
      files: { 'packages/api/src/user.ts': "import type { Kysely } from 'kysely';\nexport type X = Kysely<unknown>;\n" },
      expected: 'packages/api/src/user.ts: imports kysely (packages/api imports zod alone',
    },
    {
      rule: 'packages/api imports zod alone: a node: builtin',
      files: { 'packages/api/src/contact.ts': "import { randomUUID } from 'node:crypto';\nexport const id = randomUUID;\n" },
      expected: 'packages/api/src/contact.ts: imports node:crypto (packages/api imports zod alone',
    },
    {
      rule: 'packages/bridge does no I/O: node: builtins',
      files: { 'packages/bridge/src/scoring.ts': "import fs from 'node:fs';\nexport const read = () => fs.readFileSync('deals.pbn');\n" },
      expected: 'packages/bridge/src/scoring.ts: imports node:fs (packages/bridge does no I/O',
    },
    {
      rule: 'packages/bridge does no I/O: a builtin without its node: prefix',
      files: { 'packages/bridge/src/scoring.ts': "import { writeFile } from 'fs/promises';\nexport const write = writeFile;\n" },
      expected: 'packages/bridge/src/scoring.ts: imports fs/promises (packages/bridge does no I/O',
    },
    {
      rule: 'packages/bridge does no I/O: a dynamic import',
      files: { 'packages/bridge/src/scoring.ts': "export const run = () => import('node:child_process');\n" },
      expected: 'packages/bridge/src/scoring.ts: imports node:child_process (packages/bridge does no I/O',
    },
    {
      rule: 'packages/bridge does no I/O: a side-effect import',
      files: { 'packages/bridge/src/scoring.ts': "import 'node:net';\nexport const x = 1;\n" },
      expected: 'packages/bridge/src/scoring.ts: imports node:net (packages/bridge does no I/O',
    },
    {
      rule: 'packages/bridge does no I/O: fetch',
      files: { 'packages/bridge/src/scoring.ts': "export const x = 1;\nexport const deals = () => fetch('/deals.pbn');\n" },
      expected: 'packages/bridge/src/scoring.ts:2: uses fetch (packages/bridge does no I/O',
    },
    {
      rule: 'packages/bridge does no I/O: process.env',
      files: { 'packages/bridge/src/scoring.ts': 'export const x = 1;\nexport const boards = Number(process.env.BOARDS);\n' },
      expected: 'packages/bridge/src/scoring.ts:2: uses process (packages/bridge does no I/O',
    },
    {
      rule: 'packages/bridge does no I/O: WebSocket',
      files: { 'packages/bridge/src/scoring.ts': "export const x = 1;\nexport const live = () => new WebSocket('ws://localhost/ws');\n" },
      expected: 'packages/bridge/src/scoring.ts:2: uses WebSocket (packages/bridge does no I/O',
    },
    {
      rule: 'packages/bridge does no I/O: XMLHttpRequest',
      files: { 'packages/bridge/src/scoring.ts': 'export const x = 1;\nexport const xhr = () => new XMLHttpRequest();\n' },
      expected: 'packages/bridge/src/scoring.ts:2: uses XMLHttpRequest (packages/bridge does no I/O',
    },
    {
      rule: 'web features do not import each other',
      files: {
        'apps/web/src/features/users/profile.tsx': "import { EventList } from '../events/event-list.tsx';\nexport const Profile = EventList;\n",
      },
      expected: 'apps/web/src/features/users/profile.tsx: imports ../events/event-list.tsx (features do not import each other',
    },
    ...[
      ['features/events/event-list.tsx', '../../app/router.tsx'],
      ['components/export-menu.tsx', '../app/router.tsx'],
      ['lib/api-client.ts', '../app/router.tsx'],
      ['config/paths.ts', '../app/router.tsx'],
    ].map(([file, specifier]) => ({
      rule: `web ${file.split('/')[0]} never import app/`,
      files: { [`apps/web/src/${file}`]: `import { routes } from '${specifier}';\nexport const x = routes;\n` },
      expected: `apps/web/src/${file}: imports ${specifier} (app/ composes features, components and lib; they never import app/`,
    })),
    {
      rule: 'web components never import features',
      files: {
        'apps/web/src/components/export-menu.tsx': "import { EventList } from '../features/events/event-list.tsx';\nexport const x = EventList;\n",
      },
      expected: 'apps/web/src/components/export-menu.tsx: imports ../features/events/event-list.tsx (shared components must not import features)',
    },
    {
      rule: 'web lib never imports components',
      files: { 'apps/web/src/lib/api-client.ts': "import { ExportMenu } from '../components/export-menu.tsx';\nexport const x = ExportMenu;\n" },
      expected: 'apps/web/src/lib/api-client.ts: imports ../components/export-menu.tsx (lib/ is below features and components)',
    },
    {
      rule: 'web lib never imports features',
      files: { 'apps/web/src/lib/api-client.ts': "import { useEvents } from '../features/events/api/events.ts';\nexport const x = useEvents;\n" },
      expected: 'apps/web/src/lib/api-client.ts: imports ../features/events/api/events.ts (lib/ is below features and components)',
    },
    {
      rule: 'server plugins never import modules',
      files: {
        'apps/server/src/plugins/session.ts': "import { deleteAccount } from '../modules/users/service.ts';\nexport const x = deleteAccount;\n",
      },
      expected: 'apps/server/src/plugins/session.ts: imports ../modules/users/service.ts (plugins must not import modules)',
    },
    {
      rule: 'server db/ never imports modules',
      files: { 'apps/server/src/db/database.ts': "import { findUser } from '../modules/users/repo.ts';\nexport const x = findUser;\n" },
      expected: 'apps/server/src/db/database.ts: imports ../modules/users/repo.ts (db/ is below the modules)',
    },
    {
      rule: 'a server module without a layer imports no other module',
      files: {
        'apps/server/src/modules/unlayered/service.ts': "import { recordAudit } from '../audits/service.ts';\nexport const x = recordAudit;\n",
      },
      expected:
        'apps/server/src/modules/unlayered/service.ts: imports ../audits/service.ts (modules call the services of lower domains only ' +
        '(docs/architecture.md); unlayered is on layer none: add it to MODULE_LAYERS)',
    },
  ])('fails a seeded violation: $rule', ({ files, expected }) => {
    const { status, output } = check(files);
    expect(status).toBe(1);
    expect(output).toContain(expected);
  });
});
