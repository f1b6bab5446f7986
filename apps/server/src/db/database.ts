import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { migrations } from './migrations/index.ts';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined = in memory; loadDataDir = start from a dumped template (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** True when the server answers a trivial query within the time limit (reachable, even before migrations). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** True when a query like the ones requests make answers rightly within the time limit (health). */
  serves(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** The raw PGlite instance, for dumping a template in tests. */
  pglite?: PGlite;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Dates come back as Date objects; bigint ids as strings (the default), which is what the API sends.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
    });
    // A client losing its connection (database restart, network cut) emits 'error'. The pool listens only while
    // a client is idle; a checked-out one has no listener and would crash the process. Its query rejects anyway
    // (and becomes a 503), so the event itself needs no handling.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return {
      db,
      kind: 'postgres',
      ping: (timeoutMs) => ping(db, timeoutMs),
      serves: (timeoutMs) => serves(db, timeoutMs),
      close: () => db.destroy(),
    };
  }
  if (target.dataDir) await fs.mkdir(target.dataDir, { recursive: true });
  // PGlite is one process's database: a second server on the same folder would write beside the first.
  const unlock = target.dataDir ? await lockDataDir(target.dataDir) : () => undefined;
  // Loaded only for the embedded database: a server on PostgreSQL carries none of PGlite (several MB of heap).
  const [{ PGlite }, { pg_trgm }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('kysely-pglite-dialect'),
  ]);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: target.dataDir,
      loadDataDir: target.loadDataDir,
      // PGlite must always be opened with the same extensions, or the data directory will not open.
      extensions: { pg_trgm },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: (timeoutMs) => ping(db, timeoutMs),
    serves: (timeoutMs) => serves(db, timeoutMs),
    close: () => db.destroy().finally(unlock),
  };
}

/** Another live server holds the embedded database's folder. */
export class DataDirInUseError extends Error {}

/** How long a start waits for a holder that looks alive to go (one just killed is still dying for a moment). */
const LOCK_WAIT_MS = 2000;
const LOCK_POLL_MS = 50;

/**
 * Takes `{dataDir}.lock` for this process, or throws DataDirInUseError when a live server holds it. The file names
 * the holder by its process id and the moment the process started, so a lock left by a server that died is known
 * as stale even once its id belongs to another process; a process that is dying or dead but not reaped yet (a
 * zombie) holds nothing. A holder that still looks alive is watched for LOCK_WAIT_MS before the start is refused:
 * a server killed with SIGKILL and started again at once finds its lock free. Answers the function that lets go.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const file = `${dataDir}.lock`;
  const mine = lockText(process.pid);
  const waitUntil = Date.now() + LOCK_WAIT_MS;
  let tookOver = false;
  for (;;) {
    try {
      fsSync.writeFileSync(file, mine, { flag: 'wx' });
      if (tookOver) {
        // Another start may have found the same stale lock and removed it just after we did, taking ours with it:
        // a moment later the lock must still be ours, or its new holder is looked at like any other.
        await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
        if (readOrEmpty(file) !== mine) {
          tookOver = false;
          continue;
        }
      }
      return () => {
        try {
          if (fsSync.readFileSync(file, 'utf8') === mine) fsSync.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pidLine = '', startLine] = readOrEmpty(file).split('\n');
    const holder = Number.parseInt(pidLine, 10);
    // An empty lock is one being written, or one whose writer died right after making it: looked at again first.
    const unread = pidLine === '' && Date.now() < waitUntil;
    if (unread || (holder > 0 && holder !== process.pid && holds(holder, startLine?.trim() || undefined))) {
      if (Date.now() >= waitUntil)
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is in use by another server (process ${holder}). ` +
            'Stop that server first, or start this one with its own DATA_DIR (or a DATABASE_URL). ' +
            `If no server is running, delete ${file}.`,
        );
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      continue;
    }
    // Its server is gone (killed, or the machine restarted): the lock is stale.
    fsSync.rmSync(file, { force: true });
    tookOver = true;
  }
}

/** The lock's text: the process id, then its start when the system tells it (a line each). */
function lockText(pid: number): string {
  const start = processStat(pid)?.start;
  return start === undefined ? `${pid}\n` : `${pid}\n${start}\n`;
}

/**
 * A process's state letter and its start (clock ticks after boot) from Linux's /proc: undefined where there is no
 * /proc, null when the process is gone.
 */
function processStat(pid: number): { state: string; start: string } | null | undefined {
  let text: string;
  try {
    text = fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return fsSync.existsSync('/proc/self/stat') ? null : undefined;
  }
  // "pid (name) state ppid ...": the name may hold spaces and parentheses; the 22nd field is the start.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}

/** Whether the process that wrote a lock (its id, and its start when the lock gives it) still runs. */
function holds(pid: number, start: string | undefined): boolean {
  const stat = processStat(pid);
  if (stat === undefined) return isRunning(pid);
  if (stat === null) return false;
  // Z: dead, not reaped yet; X: dying.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return start === undefined || stat.start === start;
}

function readOrEmpty(file: string): string {
  try {
    return fsSync.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function withTimeout(query: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    return await Promise.race([query, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function ping(db: Db, timeoutMs = 2000): Promise<boolean> {
  return withTimeout(
    sql`select 1`.execute(db).then(() => true),
    timeoutMs,
  );
}

/**
 * Reads the two tables every signed-in request reads, and must give back the number it was sent: "select 1"
 * alone answered while every request failed (tables gone, a connection left broken, answers out of step).
 * Nothing is kept between checks, so health comes back by itself when the database does.
 */
function serves(db: Db, timeoutMs = 2000): Promise<boolean> {
  const nonce = randomInt(1, 2 ** 31 - 1);
  const query = sql<{ echo: number }>`
    select ${nonce}::integer as echo,
      (select count(*) from (select 1 from users limit 1) as u) as users,
      (select count(*) from (select 1 from sessions limit 1) as s) as sessions`
    .execute(db)
    .then(({ rows }) => rows.length === 1 && Number(rows[0]!.echo) === nonce);
  return withTimeout(query, timeoutMs);
}

/** Brings the schema up to date; the same migrations run on PGlite and PostgreSQL. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    // Migrations speak SQL's own snake_case names, so they run without the camelCase plugin.
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export function databaseTargetFromConfig(config: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}
