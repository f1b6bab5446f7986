import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject, onTestFinished } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { buildClient, buildTournament, clientOf, type Client } from './factories.ts';
import { withDatabase } from './global-setup.ts';

export const usingPostgres = process.env.TEST_DB === 'postgres';

/** A fresh database copied from the migrated template: one per test file. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (usingPostgres) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `bridge_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Copies from one template may collide for a moment ("being accessed by other users"): try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
        break;
      } catch (error) {
        if (attempt > 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
    const dbUrl = withDatabase(url, name);
    const database = await openDatabase({ kind: 'postgres', url: dbUrl });
    return {
      database,
      url: dbUrl,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { database, drop: async () => undefined };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://bridge.test', LOG_LEVEL: 'silent' });
  return {
    ...base,
    // Generous limits so ordinary tests never trip them; the rate-limit tests lower them.
    rateLimits: {
      login: 1000,
      loginPerAddress: 1000,
      contact: 1000,
      pageViews: 1000,
      register: 1000,
      registerPerEmail: 1000,
      registerWindowMs: 60_000,
      passwordReset: 1000,
      verifyResend: 1000,
      seating: 1000,
      playerSearch: 1000,
      windowMs: 60_000,
      eventCreation: 1000,
      eventCreationWindowMs: 60_000,
    },
    // Tests change the database behind the app's back (to expire a token, disable a user); the session cache
    // has its own tests.
    sessionCacheMs: 0,
    // No solver processes unless a test asks for them (modules/analysis has the tests that do).
    analysis: { workers: 0, library: base.analysis.library },
    // Robots at online tables act at once: tests never wait on time.
    play: { robotDelayMs: 0, leaseMs: base.play.leaseMs },
    ...overrides,
  };
}

/** One caller of each kind, relative to the events the owner creates (see `TestApp.roles`). */
export interface Roles {
  /** Signed out. */
  anonymous: Client;
  /** Signed in, email not verified yet. */
  unverified: Client;
  /** A verified user; seat it in an event with `buildSeatedEvent(app, { organiser: as.owner, players: [as.player.user!] })`. */
  player: Client;
  /** A verified user who organises an event of its own, not the owner's. */
  otherOrganiser: Client;
  /** The organiser of the events under test: pass it as `organiser` to the factories. */
  owner: Client;
  admin: Client;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The callers of each role, made once per app. */
  roles(): Promise<Roles>;
  /** Closes the app and drops its database; safe to call twice. */
  close(): Promise<void>;
}

/**
 * The real app on a fresh database. It closes itself: after the test that built it, or after the file's tests
 * when built at the top of the file (`const t = await buildTestApp()`). Built in a `beforeAll`, where vitest takes
 * no new hooks, close it in `afterAll` yourself.
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  await app.ready();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      // A test may have closed PGlite itself (to see the app answer without its database): nothing left to close.
      await database.close().catch((error: unknown) => {
        if (!database.pglite?.closed) throw error;
      });
      await drop();
    })());
  try {
    onTestFinished(close);
  } catch {
    // Not inside a test: at the top of a file this closes after its tests (inside a hook vitest ignores it).
    afterAll(close);
  }
  let roles: Promise<Roles> | undefined;
  const makeRoles = async (): Promise<Roles> => {
    const otherOrganiser = await buildClient(app, { names: 'Otto Other' });
    await buildTournament(app, { organiser: otherOrganiser, gameDetails: { typeName: 'Another Event' } });
    return {
      anonymous: clientOf(app, null, undefined),
      unverified: await buildClient(app, { names: 'Una Unverified', emailVerified: false }),
      player: await buildClient(app, { names: 'Pat Player' }),
      otherOrganiser,
      owner: await buildClient(app, { names: 'Owen Owner' }),
      admin: await buildClient(app, { names: 'Ada Admin', role: 'admin' }),
    };
  };
  return { app, database, close, roles: () => (roles ??= makeRoles()) };
}
