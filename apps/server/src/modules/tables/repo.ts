import type { Db } from '../../db/database.ts';

/** The codes of an event's tables, by table. */
export const listCodes = (db: Db, tournamentId: string) =>
  db.selectFrom('tableCodes').select(['tableNo', 'code']).where('tournamentId', '=', tournamentId).orderBy('tableNo').execute();

/** Gives codes to the tables that have none; a code already used in the event leaves its table for the next try. */
export const insertCodes = (db: Db, rows: { tournamentId: string; tableNo: number; code: string }[]) =>
  db.insertInto('tableCodes').values(rows).onConflict((oc) => oc.doNothing()).execute();
