import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = 'apps/server/src';

/**
 * The server's test files that open no database (the solver pool, the configuration, the policy rules...): they run
 * once, in the PGlite suite, not again in the PostgreSQL one, where they would test nothing new. A file opens a
 * database through one of the test helpers that build one (or `openDatabase` itself); reading the file says so.
 */
function serverTestsWithoutDatabase(): string[] {
  const opensDatabase = /from '[./]*(test\/(build-test-app|play|video|factories)|db\/database)(\.ts)?'/;
  return fs
    .readdirSync(SERVER_TESTS, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(SERVER_TESTS, file))
    .filter((file) => !opensDatabase.test(fs.readFileSync(file, 'utf8')));
}

const serverSuite = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: [`${SERVER_TESTS}/**/*.test.ts`],
    exclude: db === 'postgres' ? serverTestsWithoutDatabase() : [],
    env: { TEST_DB: db },
    globalSetup: ['apps/server/test/global-setup.ts'],
    // A console.error no test expected fails the test (apps/server/test/console-guard.ts).
    setupFiles: ['apps/server/test/console-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker runs one file after another on the modules it loaded: PGlite, Fastify and the app are compiled and
    // evaluated once a worker, not once a file. Each file still builds its own app and database; what a module keeps
    // between files is a cache (docs/decisions/062-test-workers.md).
    isolate: false,
  },
});

// No mocks and no global state in these files: a worker runs one after another without a fresh module graph for each.
const shared = { isolate: false };

// The PostgreSQL suite runs when TEST_DATABASE_URL names a server (CI sets it); scripts/test.mjs says when it is skipped.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Every core runs test files (vitest leaves one to its own process by default: half of a 2-core machine idle).
    // The projects of one `sequence.groupOrder` share these workers, so the suites before the browser journeys run
    // side by side; docs/decisions/062-test-workers.md.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'bridge', include: ['packages/bridge/src/**/*.test.ts'], ...shared } },
      { test: { name: 'api', include: ['packages/api/src/**/*.test.ts'], ...shared } },
      // The repository itself: what a fresh clone installs and how its scripts start.
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'], ...shared } },
      serverSuite('server-pglite', 'pglite'),
      ...(withPostgres ? [serverSuite('server-postgres', 'postgres')] : []),
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // The platform's database, made and migrated once; each journey's server starts on a copy.
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page on a busy CI machine can take seconds to hydrate: a poll waits up to 15 s rather than the default
          // 1 s before it fails.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // After the other suites, not beside them: browser pages and WebRTC calls on 2 cores need the machine.
          // (A group of its own also lets it keep one worker while the others use every core.)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
