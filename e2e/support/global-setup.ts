import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

/**
 * Once a run: the platform starts on an empty data folder, creates and migrates its PGlite database, and stops.
 * Every journey's server then starts on a copy of that database (`startServer`).
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-e2e-template-'));
  const server = await startServer({ DATA_DIR: dataDir }, { fromTemplate: false });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.logs()}`);
  project.provide('e2eDatabaseTemplate', path.join(dataDir, 'pglite'));
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
