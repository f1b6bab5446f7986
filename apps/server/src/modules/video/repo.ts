import type { Role } from '@bridge/api';
import type { Db } from '../../db/database.ts';

/** The user of an unexpired session of an enabled account, as it is now (not as it was when the socket opened). */
export const findSessionUser = (db: Db, idHash: string) =>
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
