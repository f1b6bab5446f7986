#!/usr/bin/env node
// Runs every test suite (engine, API contract, server on PGlite and on PostgreSQL, web, browser journeys)
// and ends with one plain line "N passed, N failed" counted over all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputFile = path.join(root, '.test-output', 'results.json');
const extraArgs = process.argv.slice(2);

const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

// The browser journeys run against the built web app, so build it first (about a second or two).
if (!process.env.SKIP_WEB_BUILD && run('npm', ['run', 'build', '--silent']) !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.log('\nNote: TEST_DATABASE_URL is not set, so the server suite runs on PGlite only (CI runs it on PostgreSQL too).\n');
}
if (!process.env.TEST_REDIS_URL) {
  console.log('Note: TEST_REDIS_URL is not set, so the Redis-shared rate limit test is skipped (CI sets it).\n');
}

fs.rmSync(outputFile, { force: true });
const status = run(process.execPath, [
  '--import',
  './scripts/node20-polyfills.mjs',
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${outputFile}`,
  ...extraArgs,
]);

let passed = 0;
let failed = 0;
if (fs.existsSync(outputFile)) {
  const report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  // A file that failed to load has no failing test of its own: count it, so the line never hides it.
  failed += report.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length;
}
if (status !== 0 && failed === 0) failed = 1; // unhandled errors or a crash of the runner itself
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
