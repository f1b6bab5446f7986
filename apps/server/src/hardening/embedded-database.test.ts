import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { formatDeal, randomDeal } from '@bridge/engine';
import { buildApp } from '../app.ts';
import { DataDirInUseError, lockDataDir } from '../db/database.ts';
import { buildTestApp, openTestDatabase, testConfig, usingPostgres } from '../../test/build-test-app.ts';
import { buildClient, buildTournament, buildUser, eventDetails, login, type Client } from '../../test/factories.ts';
import { nextInQueue } from '../modules/analysis/repo.ts';
import { queueDeals } from '../modules/analysis/service.ts';

// Attacks on the embedded database: statements with more parameters than PostgreSQL's protocol numbers (32,767
// at most in PGlite), which leave PGlite's only connection broken until a restart (each test then asks health and
// the admin's sign-in, the two things such a break took down); uploads too big for an event; the line of deals for
// analysis taken by the largest events; event creation without end; a database refusing connections; and the
// lock on PGlite's folder after a server was killed.

const t = await buildTestApp();
const db = t.database.db;
const D = '/api/v1/direct';

/**
 * An uploaded two-winner Mitchell of `tables` tables and `blocks` x `tables` board sets, each set played at two
 * tables: NS pairs stay at their table, EW pairs move up one a round; in the first `blocks` rounds table t plays
 * set (round - 1) x tables + t, in the next `blocks` the set of the table above it.
 */
function bigMitchell(tables: number, blocks: number): string {
  const lines = ['# kind: mitchell', 'round,table,ns,ew,set'];
  for (let round = 1; round <= 2 * blocks; round++)
    for (let table = 1; table <= tables; table++) {
      const ew = ((table + round - 2) % tables) + 1;
      const block = (round - 1) % blocks;
      const set = block * tables + (round <= blocks ? table : (table % tables) + 1);
      lines.push(`${round},${table},${table},${ew},${set}`);
    }
  return lines.join('\n');
}

const uploaded = (text: string, pairs: number) => ({
  name: 'Marathon Pairs',
  startsAt: '2026-12-01T19:30:00+00:00',
  pairs,
  movement: { kind: 'upload', format: 'csv', text, boardsPerRound: 36 },
  scoring: 'matchpoints',
  deals: 'random',
});

/** Health answers 200 and an admin signs in with the right password: the database still serves. */
async function expectDatabaseServes() {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode, health.body).toBe(200);
  const admin = await buildUser(t.app, { role: 'admin' });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/user/login',
    payload: { email: admin.email, password: admin.password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
}

const countWhere = async (table: 'tournaments' | 'analysisQueue') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('an uploaded movement that deals more boards than an event holds', () => {
  // 30 tables, 240 board sets of 36 boards: 8,640 boards in 16 rounds.
  const tooBig = bigMitchell(30, 8);
  let director: Client;

  it('is refused by the check with its real board count, and by the creation, changing nothing', async () => {
    director = await buildClient(t.app, { names: 'Dora Director' });
    const check = await director.post(`${D}/movements/check`, { format: 'csv', text: tooBig, boardsPerRound: 36 });
    expect(check.statusCode, check.body).toBe(400);
    expect(check.json().issues).toEqual([
      { path: 'text', message: 'An event has at most 7200 boards; this movement deals 8640 (240 board sets of 36 boards)' },
    ]);
    const events = await countWhere('tournaments');
    const queued = await countWhere('analysisQueue');
    const create = await director.post(`${D}/events`, uploaded(tooBig, 60));
    expect(create.statusCode, create.body).toBe(400);
    expect(create.json().issues).toEqual([
      { path: 'movement.text', message: 'An event has at most 7200 boards; this movement deals 8640 (240 board sets of 36 boards)' },
    ]);
    expect(await countWhere('tournaments')).toBe(events);
    expect(await countWhere('analysisQueue')).toBe(queued);
    await expectDatabaseServes();
  });

  it('is refused for its size before its rules are checked: one problem named, however many rows it has', async () => {
    // Nearly 10,000 rounds of one table, each breaking a rule: refused as too many rounds.
    const rows = Array.from({ length: 9000 }, (_, i) => `${i + 1},1,1,2,${i + 1}`);
    const check = await director.post(`${D}/movements/check`, {
      format: 'csv',
      text: ['round,table,ns,ew,set', ...rows].join('\n'),
      boardsPerRound: 1,
    });
    expect(check.statusCode, check.body).toBe(400);
    expect(check.json().issues).toEqual([{ path: 'text', message: 'An event has at most 60 rounds; this movement has 9000' }]);
  });

  it('refuses a file larger than any movement an event holds, or a body past the server limit, and still serves', async () => {
    const big = `round,table,ns,ew,set\n${'1,1,1,2,1\n'.repeat(20_001)}`;
    const check = await director.post(`${D}/movements/check`, { format: 'csv', text: big, boardsPerRound: 1 });
    expect(check.statusCode, check.body).toBe(400);
    expect(check.json().issues).toEqual([{ path: 'text', message: 'The movement file is too large' }]);
    const huge = await director.post(`${D}/events`, uploaded('x'.repeat(2 * 1024 * 1024), 60));
    expect(huge.statusCode).toBe(413);
    await expectDatabaseServes();
  });

  it('counts what the event deals in the check: the board sets, not the rounds', async () => {
    // 25 tables, 200 board sets of 36 boards: 7,200 boards in 16 rounds, the most an event holds.
    const check = await director.post(`${D}/movements/check`, { format: 'csv', text: bigMitchell(25, 8), boardsPerRound: 36 });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().result).toMatchObject({ tables: 25, rounds: 16, pairs: 50, boardsPerRound: 36, totalBoards: 7200 });
  });

  it('creates the largest event an upload may make, with every deal in line for analysis', async () => {
    const queued = await countWhere('analysisQueue');
    const create = await director.post(`${D}/events`, uploaded(bigMitchell(25, 8), 50));
    expect(create.statusCode, create.body).toBe(200);
    const boards = await db
      .selectFrom('boards')
      .innerJoin('tournaments', 'tournaments.id', 'boards.tournamentId')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tournaments.key', '=', create.json().result.key)
      .executeTakeFirstOrThrow();
    expect(Number(boards.n)).toBe(7200);
    // Random deals never repeat among 7,200: each board's deal is a row of its own in the line.
    expect(await countWhere('analysisQueue')).toBe(queued + 7200);
    await expectDatabaseServes();
  });
});

describe('the line of deals for analysis', () => {
  it('takes more deals at once than one statement can number, and the database still serves', async () => {
    // 9,000 deals of 4 columns: 36,000 parameters in one statement would be past the protocol's count.
    const deals = Array.from({ length: 9000 }, (_, i) => ({
      deal: formatDeal(randomDeal().deal),
      dealer: (['N', 'E', 'S', 'W'] as const)[i % 4]!,
      vulnerability: 'None' as const,
    }));
    const queued = await countWhere('analysisQueue');
    await db.transaction().execute((trx) => queueDeals(trx, randomUUID(), deals));
    expect(await countWhere('analysisQueue')).toBe(queued + 9000);
    await expectDatabaseServes();
  });
});

describe('a database that is not accepting connections', () => {
  it.runIf(usingPostgres)('answers 503 service_unavailable (SQLSTATE 55000), and serves again once it accepts them', async () => {
    const copy = await openTestDatabase();
    const name = new URL(copy.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const app = await buildApp({ config: testConfig(), database: copy.database, logger: false });
    try {
      const cookie = await login(app, await buildUser(app));
      await admin.query(`alter database ${name} with allow_connections false`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      // The pool's connections were ended (57P01); more requests than the pool holds open new ones, refused with 55000.
      for (let i = 0; i < 12; i++) {
        const response = await app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } });
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual({ error: messages.serviceUnavailable, code: 'service_unavailable' });
      }
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      await admin.query(`alter database ${name} with allow_connections true`);
      const back = await app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } });
      expect(back.statusCode, back.body).toBe(200);
    } finally {
      await app.close();
      await copy.database.close();
      await admin.end();
      await copy.drop();
    }
  });
});

describe('the line of deals for analysis, shared between events', () => {
  /** The key of the event each deal waiting in line was dealt for. */
  async function eventsOfDeals(): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom('boards')
      .innerJoin('tournaments', 'tournaments.id', 'boards.tournamentId')
      .select(['boards.deal', 'tournaments.key'])
      .where('boards.deal', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.deal!, row.key]));
  }

  it("gives a small club event's deals their turn before the rest of three 7,200-board events", async () => {
    await db.deleteFrom('analysisQueue').execute();
    const organiser = await buildClient(t.app, { names: 'Mara Marathon' });
    const marathons: string[] = [];
    for (let i = 0; i < 3; i++)
      marathons.push((await buildTournament(t.app, { organiser, tables: 200, boardsPerRound: 36, gameDetails: { rounds: 2 } })).key);
    // A 3-table Mitchell of 2 boards a round: 6 boards.
    const club = (await buildTournament(t.app, { organiser })).key;
    expect(await countWhere('analysisQueue')).toBe(3 * 7200 + 6);

    const eventOf = await eventsOfDeals();
    const line = (await nextInQueue(db, 64, 3)).map((deal) => eventOf.get(deal.deal));
    // Round robin: one deal of each event a turn, the event with fewest deals waiting first, the older first.
    expect(line.slice(0, 4)).toEqual([club, ...marathons]);
    expect(line.slice(4, 8)).toEqual([club, ...marathons]);
    // The club's six deals are in the first batch the solver takes; then the three share the turns.
    expect(line.filter((key) => key === club)).toHaveLength(6);
    expect(line.slice(24, 27)).toEqual(marathons);
  });
});

describe('creating events, counted per user', () => {
  it('answers 429 past the limit on either way of creating one, counts only the events made, and holds no one else', async () => {
    const limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, eventCreation: 3, eventCreationWindowMs: 3600_000 } });
    const director = await buildClient(limited.app, { names: 'Hasty Director' });
    const proposal = (await director.get(`${D}/proposals?pairs=6`)).json().result[0].id as string;
    const wizard = () =>
      director.post(`${D}/events`, {
        name: 'Tuesday Pairs',
        startsAt: '2026-12-01T19:30:00+00:00',
        pairs: 6,
        movement: { kind: 'proposal', id: proposal },
        scoring: 'matchpoints',
        deals: 'random',
      });
    // A creation refused for its content makes nothing and is not counted.
    expect((await director.post(`${D}/events`, uploaded(bigMitchell(30, 8), 60))).statusCode).toBe(400);
    await buildTournament(limited.app, { organiser: director });
    expect((await wizard()).statusCode).toBe(200);
    await buildTournament(limited.app, { organiser: director });

    const tooMany = { error: messages.tooManyRequests('60 minutes'), code: 'rate_limited' };
    const organiserApi = await director.post('/api/v1/tournaments', { tables: 3, boardsPerRound: 2, gameDetails: { ...eventDetails } });
    expect(organiserApi.statusCode, organiserApi.body).toBe(429);
    expect(organiserApi.json()).toEqual(tooMany);
    const console = await wizard();
    expect(console.statusCode, console.body).toBe(429);
    expect(console.json()).toEqual(tooMany);
    const made = await limited.database.db
      .selectFrom('tournaments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organiserId', '=', director.user!.id)
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(3);

    await buildTournament(limited.app, { organiser: await buildClient(limited.app, { names: 'Calm Director' }) });
  });
});

describe("the embedded database's lock on its folder", () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const databaseModule = pathToFileURL(path.join(here, '../db/database.ts')).href;

  /** A node process of its own, running `code` (TypeScript, as a module), answering once it printed a line. */
  async function processRunning(code: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', (status) => reject(new Error(`the process ended (${status}) before it was ready`)));
    });
    return child;
  }
  const stopped = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }
    });
  const holderOf = (folder: string) =>
    `import { lockDataDir } from '${databaseModule}'; await lockDataDir('${folder}'); console.log('locked'); setInterval(() => undefined, 1000);`;

  it('is taken over from a server killed with SIGKILL and started again at once', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-lock-')), 'pglite');
    const killed = await processRunning(holderOf(folder));
    try {
      killed.kill('SIGKILL');
      // At once: the killed process is still there (dying, or a zombie its parent has not reaped).
      const unlock = await lockDataDir(folder);
      expect(fs.readFileSync(`${folder}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
      unlock();
      expect(fs.existsSync(`${folder}.lock`)).toBe(false);
    } finally {
      await stopped(killed);
      fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    }
  });

  it('is taken over from a server that died when its process id now belongs to another live process', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-lock-')), 'pglite');
    // The lock a server left when it died, as another process now running under the same id would have written it,
    // had it been started long before: same id, another process.
    const other = await processRunning(`console.log('ready'); setInterval(() => undefined, 1000);`);
    try {
      fs.writeFileSync(`${folder}.lock`, `${other.pid}\n1\n`);
      const unlock = await lockDataDir(folder);
      expect(fs.readFileSync(`${folder}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
      unlock();
    } finally {
      await stopped(other);
      fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    }
  });

  it('is given up to a start that took the same stale lock over in the same moment', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-lock-')), 'pglite');
    const other = await processRunning(`console.log('ready'); setInterval(() => undefined, 1000);`);
    try {
      fs.writeFileSync(`${folder}.lock`, `${other.pid}\n1\n`);
      const taking = lockDataDir(folder);
      // This start has removed the stale lock and written its own; the other start, which found the same stale
      // lock, removes it in turn and writes its own lock (its process id and start, as /proc tells them).
      const stat = fs.readFileSync(`/proc/${other.pid}/stat`, 'utf8');
      const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      fs.rmSync(`${folder}.lock`);
      fs.writeFileSync(`${folder}.lock`, `${other.pid}\n${start}\n`);
      await expect(taking).rejects.toThrow(DataDirInUseError);
      expect(fs.readFileSync(`${folder}.lock`, 'utf8').split('\n')[0]).toBe(String(other.pid));
    } finally {
      await stopped(other);
      fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    }
  });

  it('is refused while the server holding it runs, naming its process', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-lock-')), 'pglite');
    const holder = await processRunning(holderOf(folder));
    try {
      await expect(async () => lockDataDir(folder)).rejects.toThrow(
        new DataDirInUseError(
          `The embedded database in ${folder} is in use by another server (process ${holder.pid}). ` +
            'Stop that server first, or start this one with its own DATA_DIR (or a DATABASE_URL). ' +
            `If no server is running, delete ${folder}.lock.`,
        ),
      );
      expect(fs.readFileSync(`${folder}.lock`, 'utf8').split('\n')[0]).toBe(String(holder.pid));
    } finally {
      await stopped(holder);
      fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    }
  });
});
