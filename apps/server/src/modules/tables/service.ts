import { randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import * as repo from './repo.ts';

/** A table's phone address: the QR code on its card points here. */
export const tableUrl = (publicUrl: string, key: string, table: number) =>
  `${publicUrl.replace(/\/$/, '')}/t/${encodeURIComponent(key)}/${table}`;

const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Each table's six-digit code, unique in the event, made the first time they are asked for and kept. Two requests
 * making them at once agree: the first insert wins, the second reads it.
 */
export async function listTableCodes(db: Db, tournament: Pick<TournamentRow, 'id' | 'key' | 'tables'>, publicUrl: string) {
  let codes = await repo.listCodes(db, tournament.id);
  for (let attempt = 0; codes.length < tournament.tables && attempt < 10; attempt++) {
    const have = new Set(codes.map((c) => c.tableNo));
    const used = new Set(codes.map((c) => c.code));
    const rows = [];
    for (let table = 1; table <= tournament.tables; table++) {
      if (have.has(table)) continue;
      let code = newCode();
      while (used.has(code)) code = newCode();
      used.add(code);
      rows.push({ tournamentId: tournament.id, tableNo: table, code });
    }
    await repo.insertCodes(db, rows);
    codes = await repo.listCodes(db, tournament.id);
  }
  return codes.map((c) => ({ table: c.tableNo, code: c.code, url: tableUrl(publicUrl, tournament.key, c.tableNo) }));
}
