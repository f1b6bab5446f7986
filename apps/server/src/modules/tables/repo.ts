import type { Db } from '../../db/database.ts';

/** The codes of an event's tables, by table. */
export const listCodes = (db: Db, tournamentId: string) =>
  db.selectFrom('tableCodes').select(['tableNo', 'code']).where('tournamentId', '=', tournamentId).orderBy('tableNo').execute();

/** Gives codes to the tables that have none; a code already used in the event leaves its table for the next try. */
export const insertCodes = (db: Db, rows: { tournamentId: string; tableNo: number; code: string }[]) =>
  db
    .insertInto('tableCodes')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();

/** The code of one table, if it has one yet. */
export const findCode = (db: Db, tournamentId: string, tableNo: number) =>
  db.selectFrom('tableCodes').select('code').where('tournamentId', '=', tournamentId).where('tableNo', '=', tableNo).executeTakeFirst();

export const insertSession = (db: Db, values: { tokenHash: string; tournamentId: string; tableNo: number; expiresAt: Date }) =>
  db.insertInto('tableSessions').values(values).execute();

/** Sessions past their time go when their event's tables are next opened. */
export const deleteExpiredSessions = (db: Db, tournamentId: string, now: Date) =>
  db.deleteFrom('tableSessions').where('tournamentId', '=', tournamentId).where('expiresAt', '<=', now).execute();

/** The live session of this token: its event and table. */
export const findLiveSession = (db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('tableSessions')
    .select(['tournamentId', 'tableNo'])
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
