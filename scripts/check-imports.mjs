#!/usr/bin/env node
// Enforces the import directions of docs/architecture.md (run by `npm run lint`). Each relative import and
// workspace package import is resolved to a file and checked against the zones below; in the server's modules,
// database queries are allowed in `repo.ts` files only; `packages/api` imports zod alone and `packages/bridge` does
// no I/O. No dependencies, so it runs the same on every machine.
// `node scripts/check-imports.mjs <folder>` checks another tree (the seeded violations of its test).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const subdirs = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/**
 * The server's domains, bottom (0) to top: a module calls the services of modules on a lower layer only, so
 * no two modules call each other (docs/architecture.md draws it). Tests are exempt: they drive the app as a whole.
 * One line per layer, which the formatter leaves as written.
 */
// prettier-ignore
const MODULE_LAYERS = {
  audits: 0,
  analysis: 0,
  insights: 0,
  contact: 0,
  events: 1,
  downloads: 1,
  entries: 2,
  results: 3,
  users: 4,
  tables: 4,
  directing: 5,
  video: 5,
  play: 5,
  dashboard: 5,
  health: 5,
  seo: 5,
};
const serverModules = subdirs('apps/server/src/modules');

/** Each rule: files under `from` may not import files under any of `forbidden` (except under `except`). */
const rules = [
  { from: 'packages/', forbidden: ['apps/'], why: 'packages/* must not import from apps/*' },
  { from: 'packages/bridge/', forbidden: ['packages/api/'], why: 'the bridge engine imports nothing from the repo' },
  {
    from: 'packages/api/',
    forbidden: ['packages/bridge/'],
    why: 'the contract imports nothing from the bridge engine: web, server and native apps share it as schemas alone',
  },
  ...subdirs('apps/web/src/features').map((feature) => ({
    from: `apps/web/src/features/${feature}/`,
    forbidden: ['apps/web/src/features/'],
    except: [`apps/web/src/features/${feature}/`],
    why: 'features do not import each other: compose them in app/ or move the shared piece to components/',
  })),
  // app/ composes the features: nothing below it may reach back up (links come from config/paths.ts, a leaf).
  ...['features', 'components', 'lib', 'config'].map((below) => ({
    from: `apps/web/src/${below}/`,
    forbidden: ['apps/web/src/app/'],
    why: 'app/ composes features, components and lib; they never import app/ (routes come from config/paths.ts)',
  })),
  { from: 'apps/web/src/components/', forbidden: ['apps/web/src/features/'], why: 'shared components must not import features' },
  { from: 'apps/web/src/lib/', forbidden: ['apps/web/src/features/', 'apps/web/src/components/'], why: 'lib/ is below features and components' },
  { from: 'apps/server/src/plugins/', forbidden: ['apps/server/src/modules/'], why: 'plugins must not import modules' },
  { from: 'apps/server/src/lib/', forbidden: ['apps/server/src/modules/'], why: 'lib/ is below the modules: they feed it, it never calls them' },
  { from: 'apps/server/src/db/', forbidden: ['apps/server/src/modules/'], why: 'db/ is below the modules' },
  ...serverModules.map((module) => ({
    from: `apps/server/src/modules/${module}/`,
    forbidden: serverModules.filter((m) => m !== module).map((m) => `apps/server/src/modules/${m}/repo.ts`),
    why: "another module's repo is off limits: call its service",
  })),
  // A module's door is its service.ts: other modules (their tests too) import that file alone, never its routes,
  // policies, presenters or helpers, so what a module keeps inside may move without touching the others.
  ...serverModules.map((module) => ({
    from: `apps/server/src/modules/${module}/`,
    forbidden: serverModules.filter((m) => m !== module).map((m) => `apps/server/src/modules/${m}/`),
    except: serverModules.map((m) => `apps/server/src/modules/${m}/${m === module ? '' : 'service.ts'}`),
    why: 'another module is reached through its door, its service.ts: the rest of it is its own',
  })),
  ...serverModules.map((module) => ({
    from: `apps/server/src/modules/${module}/`,
    skipTests: true,
    forbidden: serverModules
      .filter((m) => m !== module && !((MODULE_LAYERS[m] ?? Infinity) < (MODULE_LAYERS[module] ?? -Infinity)))
      .map((m) => `apps/server/src/modules/${m}/`),
    why:
      'modules call the services of lower domains only (docs/architecture.md); ' +
      `${module} is on layer ${MODULE_LAYERS[module] ?? 'none: add it to MODULE_LAYERS'}`,
  })),
];

/** Tests (and their helpers) may read fixtures and use test libraries: the package rules below skip them. */
const isTestSource = (from) => /\.test\.tsx?$|-test-helper\.tsx?$/.test(from) || /\/(?:test|testing)\//.test(from);
const NODE_BUILTINS = new Set(builtinModules);
const isNodeBuiltin = (specifier) => specifier.startsWith('node:') || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0]);
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Each rule: files under `from` (tests aside) may import only the npm packages and Node builtins that `allowed`
 * accepts. Workspace packages (`@bridge/*`) resolve to files and meet the path rules above instead.
 */
const packageRules = [
  {
    from: 'packages/api/',
    // libphonenumber-js checks a contact number in the contact schema, so the web form and the server refuse the
    // same numbers (decision 033); it is pure, like zod.
    allowed: (specifier) => ['zod', 'libphonenumber-js'].includes(packageName(specifier)),
    why: 'packages/api imports zod alone (and libphonenumber-js for contact numbers): no other package, no node: builtin',
  },
  {
    from: 'packages/bridge/',
    allowed: (specifier) => !isNodeBuiltin(specifier),
    why: 'packages/bridge does no I/O: no node: builtins (files, network, processes)',
  },
];

/** I/O through globals, in the bridge engine's sources (tests aside): the engine takes and returns values. */
const IO_GLOBAL =
  /\bfetch\s*\(|\b(?:XMLHttpRequest|WebSocket|EventSource|localStorage|sessionStorage|indexedDB)\b|\bprocess\s*\.|\brequire\s*\(|\b(?:Deno|Bun)\./;
const isBridgeSource = (from) => from.startsWith('packages/bridge/') && !isTestSource(from);
const isComment = (line) => /^\s*(?:\/\/|\/\*|\*)/.test(line);

/** Kysely query builders and raw SQL: in a server module, only its repo.ts may hold them. */
const QUERY = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*(?:<[^>]*>)?\s*`|\.raw\s*\(/;
const isModuleSource = (from) => /^apps\/server\/src\/modules\/[^/]+\/.+\.ts$/.test(from) && !from.endsWith('/repo.ts') && !from.endsWith('.test.ts');
const packageRoots = { '@bridge/api': 'packages/api/src/index.ts', '@bridge/engine': 'packages/bridge/src/index.ts' };

function resolveImport(fromFile, specifier) {
  if (packageRoots[specifier]) return path.join(root, packageRoots[specifier]);
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield file;
  }
}

// `import x from`, `export * from`, `import('...')` and side-effect imports (`import 'x';`).
const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const problems = [];
let files = 0;
for (const top of ['packages', 'apps'].filter((dir) => fs.existsSync(path.join(root, dir)))) {
  for (const file of sourceFiles(path.join(root, top))) {
    files++;
    const source = fs.readFileSync(file, 'utf8');
    const from = rel(file);
    if (isModuleSource(from)) {
      source.split('\n').forEach((line, i) => {
        if (QUERY.test(line)) problems.push(`${from}:${i + 1}: a database query outside repo.ts (queries live in the module's repo)`);
      });
    }
    if (isBridgeSource(from)) {
      source.split('\n').forEach((line, i) => {
        const io = !isComment(line) && line.match(IO_GLOBAL);
        if (io) problems.push(`${from}:${i + 1}: uses ${io[0].replace(/\s*[(.]$/, '')} (packages/bridge does no I/O: it takes and returns values)`);
      });
    }
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier.startsWith('.') && !packageRoots[specifier]) {
        for (const rule of packageRules) {
          if (from.startsWith(rule.from) && !isTestSource(from) && !rule.allowed(specifier))
            problems.push(`${from}: imports ${specifier} (${rule.why})`);
        }
      }
      if (from.startsWith('apps/server/src/modules/') && from.endsWith('/repo.ts') && /^(@fastify\/|fastify)/.test(specifier)) {
        problems.push(`${from}: imports ${specifier} (repos know Kysely, not Fastify)`);
      }
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const to = rel(target);
      for (const rule of rules) {
        if (!from.startsWith(rule.from)) continue;
        if (rule.skipTests && from.endsWith('.test.ts')) continue;
        if (rule.except?.some((prefix) => to.startsWith(prefix))) continue;
        if (rule.forbidden.some((prefix) => to.startsWith(prefix))) problems.push(`${from}: imports ${specifier} (${rule.why})`);
      }
    }
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import(s) break the architecture's directions`);
  process.exit(1);
}
console.log(`import directions: ${files} files checked, all fine`);
