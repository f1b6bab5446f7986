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

const clean: Record<string, string> = {
  'apps/server/src/db/database.ts': 'export type Db = unknown;\n',
  'apps/server/src/lib/exports/writers.ts': 'export const BATCH = 1000;\n',
  'apps/server/src/modules/audits/repo.ts': "export const insertAudit = (db: any) => db.insertInto('auditLog').values({}).execute();\n",
  'apps/server/src/modules/audits/service.ts':
    "import * as repo from './repo.ts';\nexport const recordAudit = (db: unknown) => repo.insertAudit(db);\n",
  'apps/server/src/modules/events/repo.ts':
    "export const findEventByKey = (db: any, key: string) => db.selectFrom('tournaments').where('key', '=', key).execute();\n",
  'apps/server/src/modules/events/service.ts':
    "import { recordAudit } from '../audits/service.ts';\nimport * as repo from './repo.ts';\nexport const findEvent = (db: unknown, key: string) => { recordAudit(db); return repo.findEventByKey(db, key); };\n",
  'apps/server/src/modules/users/repo.ts': "export const findUser = (db: any) => db.selectFrom('users').execute();\n",
  'apps/server/src/modules/users/service.ts':
    "import { findEvent } from '../events/service.ts';\nimport * as repo from './repo.ts';\nexport const deleteAccount = (db: unknown) => [findEvent(db, 'k'), repo.findUser(db)];\n",
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
});
