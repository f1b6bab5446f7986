import { randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, messagesOfTables } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import type { AttemptCounter } from '../../lib/attempts.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import * as repo from './repo.ts';

/** The cookie holding a phone's table session; its path keeps it to that table's calls. */
export const TABLE_COOKIE = 'bridge_table';
/** A table session lasts a long club evening. */
export const TABLE_SESSION_MS = 18 * 60 * 60 * 1000;
/** More wrong codes than this from one address in the window answer 429. */
export const WRONG_CODES_ALLOWED = 10;
export const WRONG_CODES_WINDOW_MS = 15 * 60 * 1000;

/** The API path of one table: its session's cookie is sent to this path and below it only. */
export const tablePath = (key: string, table: number) => `/api/v1/tables/${encodeURIComponent(key)}/${table}`;

/** A table's phone address: the QR code on its card points here. */
export const tableUrl = (publicUrl: string, key: string, table: number) => `${publicUrl.replace(/\/$/, '')}/t/${encodeURIComponent(key)}/${table}`;

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

const sameCode = (stored: string, given: string) => {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Opens a table on a phone with the table's code: a new session for that one table, of which only the token's hash
 * is kept. Every try counts against the caller's address first, so parallel guesses cannot race past the limit; a
 * right code is then taken back. The code is compared in constant time and never logged nor audited.
 */
export async function openTable(
  ctx: { db: Db; attempts: AttemptCounter },
  tournament: Pick<TournamentRow, 'id'>,
  table: number,
  code: string,
  ip: string,
): Promise<{ token: string; expiresAt: Date }> {
  const key = `table-code:${ip}`;
  const [fromAddress] = await ctx.attempts.add([key], WRONG_CODES_WINDOW_MS);
  if (fromAddress!.count > WRONG_CODES_ALLOWED) throw new AppError(429, ErrorCode.rateLimited, messagesOfTables.tooManyCodes);
  const stored = await repo.findCode(ctx.db, tournament.id, table);
  if (!stored || !sameCode(stored.code, code)) throw forbidden(messagesOfTables.wrongCode);
  await ctx.attempts.takeBack([key]);
  const now = new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + TABLE_SESSION_MS);
  await repo.deleteExpiredSessions(ctx.db, tournament.id, now);
  await repo.insertSession(ctx.db, { tokenHash: hashToken(token), tournamentId: tournament.id, tableNo: table, expiresAt });
  return { token, expiresAt };
}

/** The event and table a session token holds, while it lasts. */
export const findTableSession = (db: Db, token: string) => repo.findLiveSession(db, hashToken(token), new Date());
