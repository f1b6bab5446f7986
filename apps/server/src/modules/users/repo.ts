import type { Role } from '@bridge/api';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetPage, type PageRequest } from '../../db/keyset.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';
import { weeklyCounts } from '../../db/weekly.ts';

export const findUserByEmail = (db: Db, email: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

export const findUserById = (db: Db, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const insertUser = (db: Db, user: NewUser): Promise<UserRow> => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

export const updateUser = (db: Db, id: string, patch: Partial<Omit<UserRow, 'id' | 'createdAt'>>) =>
  db
    .updateTable('users')
    .set({ ...patch, editedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteUser = (db: Db, id: string) => db.deleteFrom('users').where('id', '=', id).execute();

export const insertEmailToken = (db: Db, token: { tokenHash: string; userId: string; purpose: 'verify' | 'reset'; email: string; expiresAt: Date }) =>
  db.insertInto('emailTokens').values(token).execute();

/** Marks the unused tokens of a purpose used: the callers narrow it to one token or to one account's. */
const markUnusedTokensUsed = (db: Db, purpose: 'verify' | 'reset') =>
  db.updateTable('emailTokens').set({ usedAt: new Date() }).where('purpose', '=', purpose).where('usedAt', 'is', null);

/** Marks a token used and answers it, only if it is unused, unexpired and of that purpose (single use, atomically). */
export const consumeEmailToken = (db: Db, tokenHash: string, purpose: 'verify' | 'reset') =>
  markUnusedTokensUsed(db, purpose).where('tokenHash', '=', tokenHash).where('expiresAt', '>', new Date()).returningAll().executeTakeFirst();

/** Older links stop working once a newer one is sent or one is used. */
export const expireUnusedTokens = (db: Db, userId: string, purpose: 'verify' | 'reset') =>
  markUnusedTokensUsed(db, purpose).where('userId', '=', userId).execute();

export const deleteSessionsOfUser = (db: Db, userId: string, exceptIdHash?: string) => {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptIdHash) query = query.where('idHash', '!=', exceptIdHash);
  return query.execute();
};

const userKeyset = { table: 'users', time: 'users.createdAt', id: 'users.id', cursorTime: 'createdAt', idKind: 'uuid' } as const;

/** A page of users, newest first; `query` keeps those whose name or email contains it (trigram indexes). */
export function listUsers(db: Db, request: PageRequest & { query?: string | undefined }): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  if (request.query) {
    const pattern = containsPattern(request.query);
    query = query.where((eb) => eb.or([eb('names', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  return keysetPage(query, userKeyset, request).execute();
}

/** The row, locked for the rest of the transaction. */
export const lockUser = (db: Db, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Ids of the enabled admins, locked in id order (one order for everyone, so no deadlock). */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export const weeklyUsers = (db: Db, now: Date) => weeklyCounts(db, 'users', 'createdAt', now);

export const deleteEmailTokens = (db: Db, userId: string, purpose: 'verify' | 'reset') =>
  db.deleteFrom('emailTokens').where('userId', '=', userId).where('purpose', '=', purpose).execute();

// The video rooms' checks, made again on every socket message that needs them (decision 026).

/** The user of an unexpired session of an enabled account, as it is now (not as it was when the socket opened). */
export const findLiveSessionUser = (db: Db, idHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.names', 'users.role'])
    .where('sessions.idHash', '=', idHash)
    .where('sessions.expiresAt', '>', new Date())
    .where('users.disabled', '=', false)
    .executeTakeFirst();

/** A user's role, null when the account is gone or disabled, and the hashes of its unexpired sessions. */
export async function findUserAccess(db: Db, userId: string): Promise<{ role: Role | null; sessions: string[] }> {
  const [user, sessions] = await Promise.all([
    db.selectFrom('users').select(['role', 'disabled']).where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('sessions').select('idHash').where('userId', '=', userId).where('expiresAt', '>', new Date()).execute(),
  ]);
  return { role: user && !user.disabled ? user.role : null, sessions: sessions.map((s) => s.idHash) };
}

// Players for the director's entries ------------------------------------------------------------------------------

/**
 * Verified accounts in use that chose to be found or are among `known`, whose name or BFI number contains the text
 * (name first), at most `limit`. The address is neither searched nor answered.
 */
export const searchPlayers = (db: Db, text: string, limit: number, known: readonly string[]) => {
  const pattern = containsPattern(text);
  return db
    .selectFrom('users')
    .select(['id', 'names', 'bfiId'])
    .where('emailVerified', '=', true)
    .where('disabled', '=', false)
    .where((eb) => eb.or([eb('findable', '=', true), ...(known.length ? [eb('id', 'in', known)] : [])]))
    .where((eb) => eb.or([eb('names', 'ilike', pattern), eb('bfiId', 'ilike', pattern)]))
    .orderBy('names')
    .orderBy('id')
    .limit(limit)
    .execute();
};

/** These accounts' names, when they exist, are verified and in use, and chose to be found or are among `known`. */
export const findFindablePlayers = (db: Db, ids: readonly string[], known: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'names'])
        .where('id', 'in', ids)
        .where('emailVerified', '=', true)
        .where('disabled', '=', false)
        .where((eb) => eb.or([eb('findable', '=', true), ...(known.length ? [eb('id', 'in', known)] : [])]))
        .execute();
