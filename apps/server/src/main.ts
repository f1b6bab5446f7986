import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { logDestination } from './lib/log-destination.ts';
import { DataDirInUseError, databaseTargetFromConfig, migrateToLatest, openDatabase } from './db/database.ts';
import { ensureAdmin } from './modules/users/service.ts';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function readConfig(): Config {
  // Values already in the environment win over the file (loadEnvFile never overrides them).
  const envFile = path.resolve('.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    const config = loadConfig();
    return { ...config, webDistDir: config.webDistDir ?? defaultWebDist };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logStream = logDestination(config.logFormat);
  const log = logStream ? pino({ level: config.logLevel }, logStream) : pino({ level: config.logLevel });
  const target = databaseTargetFromConfig(config);
  const database = await openDatabase(target);

  // A database that is not up yet (containers starting together) is waited for, not fatal.
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await migrateToLatest(database.db);
      if (applied.length) log.info({ applied }, 'database migrated');
      break;
    } catch (error) {
      // Reachable but failing is a real migration error: stop. Unreachable: wait for it.
      if (attempt >= 30 || (await database.ping(1000))) throw error;
      log.warn(`database not reachable (attempt ${attempt}); retrying in 2 s`);
      await sleep(2000);
    }
  }
  if (config.admin && (await ensureAdmin(database.db, config.admin))) {
    log.info({ email: config.admin.email }, 'created the admin account from ADMIN_EMAIL');
  }

  const app = await buildApp({ config, database, logStream });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing: finishing open requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // close() stops new connections; keep-alive connections that fall idle after it began would hold it open.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(idleSweep);
      // Handlers of requests whose clients already hung up may still be running; let them finish first.
      await app.handlersDrained(8000);
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${target.kind === 'pglite' ? target.dataDir : ''}`;
  app.log.info(`Bridge Platform is running at ${config.publicUrl} (database: ${where})`);
}

main().catch((error) => {
  // A known reason for not starting is said in one sentence; anything else keeps its stack.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
