import { randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, messagesOfTables } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import type { AttemptCounter } from '../../lib/attempts.ts';
import { addressKey } from '../../lib/address.ts';
import { AppError, conflict, forbidden } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import * as repo from './repo.ts';

/** The cookie holding a phone's table session; its path keeps it to that table's calls. */
export const TABLE_COOKIE = 'bridge_table';
/** A table session lasts a long club evening. */
export const TABLE_SESSION_MS = 18 * 60 * 60 * 1000;
/**
 * Wrong codes are counted in fixed windows of 15 minutes under four keys (see docs/decisions/056): the phone (its
 * `bridge_phone` cookie), the address (an IPv6 address by its /64), the table and the event. Over its limit, a
 * count answers 429 before the code is looked at, even to the right code; the right code of a phone that opened the
 * table before passes the address, table and event counts.
 */
export const WRONG_CODES_WINDOW_MS = 15 * 60 * 1000;
/** A phone's own mistakes: it waits, the other phones behind its address do not. */
export const WRONG_CODES_PER_PHONE = 10;
/** From every address and phone together: what one table's code can be guessed at, however the guesses are spread. */
export const WRONG_CODES_PER_TABLE = 20;
/** From every address and phone together, over the event's tables. */
export const WRONG_CODES_PER_EVENT = 100;
/** One address (or /64) over every event, for a guesser who drops the phone's cookie. */
export const WRONG_CODES_PER_ADDRESS = 100;
/** The cookie naming a phone (a random id, nothing more) to the table routes, so its wrong codes are its own. */
export const PHONE_COOKIE = 'bridge_phone';
/** The path of every table's routes: the phone's cookie goes to each table's `open`. */
export const TABLES_PATH = '/api/v1/tables';
/** A phone's cookie as the server makes it: anything else the phone sends is replaced by a new one. */
export const isPhoneId = (value: string | undefined): value is string => value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
export const newPhoneId = newToken;

/** The API path of one table: its session's cookie is sent to this path and below it only. */
export const tablePath = (key: string, table: number) => `/api/v1/tables/${encodeURIComponent(key)}/${table}`;

/** A table's phone address: the QR code on its card points here. */
export const tableUrl = (publicUrl: string, key: string, table: number) => `${publicUrl.replace(/\/$/, '')}/t/${encodeURIComponent(key)}/${table}`;

const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Each table's six-digit code, unique in the event, made the first time they are asked for and kept. Two requests
 * making them at once agree: the first insert wins, the second reads it. An online event's tables have none.
 */
export async function listTableCodes(db: Db, tournament: Pick<TournamentRow, 'id' | 'key' | 'tables' | 'liveTableEvent'>, publicUrl: string) {
  if (tournament.liveTableEvent) throw conflict(messagesOfTables.onlineEvent);
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

/** What a phone sends to open a table: the code, from its address, under its phone id. */
export interface CodeTry {
  code: string;
  ip: string;
  phone: string;
}

/**
 * Opens a table on a phone with the table's code: a new session for that one table, of which only the token's hash
 * is kept. An online event's tables have no codes. Every try counts against the phone, its address, the table and
 * the event first, so parallel guesses cannot race past a limit; a try refused by a limit, or with the right code,
 * is then taken back (it was no guess). The code is compared in constant time and never logged nor audited.
 */
export async function openTable(
  ctx: { db: Db; attempts: AttemptCounter },
  tournament: Pick<TournamentRow, 'id' | 'liveTableEvent'>,
  table: number,
  { code, ip, phone }: CodeTry,
): Promise<{ token: string; expiresAt: Date }> {
  if (tournament.liveTableEvent) throw conflict(messagesOfTables.onlineEvent);
  const phoneHash = hashToken(phone);
  const keys = [
    `table-code:phone:${phoneHash}`,
    `table-code:address:${addressKey(ip)}`,
    `table-code:table:${tournament.id}:${table}`,
    `table-code:event:${tournament.id}`,
  ];
  // A phone that opened this table with its code before knows it: no one's guesses hold it out.
  const heldKey = `table-code:held:${tournament.id}:${table}:${phoneHash}`;
  const [[fromPhone, fromAddress, atTable, atEvent], held] = await Promise.all([
    ctx.attempts.add(keys, WRONG_CODES_WINDOW_MS),
    ctx.attempts.remembers(heldKey),
  ]);
  const refusal =
    fromPhone!.count > WRONG_CODES_PER_PHONE
      ? messagesOfTables.tooManyCodes
      : held
        ? undefined
        : fromAddress!.count > WRONG_CODES_PER_ADDRESS
          ? messagesOfTables.tooManyCodes
          : atTable!.count > WRONG_CODES_PER_TABLE || atEvent!.count > WRONG_CODES_PER_EVENT
            ? messagesOfTables.codesLocked
            : undefined;
  if (refusal) {
    await ctx.attempts.takeBack(keys);
    throw new AppError(429, ErrorCode.rateLimited, refusal);
  }
  const stored = await repo.findCode(ctx.db, tournament.id, table);
  if (!stored || !sameCode(stored.code, code)) throw forbidden(messagesOfTables.wrongCode);
  await Promise.all([ctx.attempts.takeBack(keys), ctx.attempts.remember(heldKey, TABLE_SESSION_MS)]);
  const now = new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + TABLE_SESSION_MS);
  await repo.deleteExpiredSessions(ctx.db, tournament.id, now);
  await repo.insertSession(ctx.db, { tokenHash: hashToken(token), tournamentId: tournament.id, tableNo: table, expiresAt });
  return { token, expiresAt };
}

/** The event and table a session token holds, while it lasts. */
export const findTableSession = (db: Db, token: string) => repo.findLiveSession(db, hashToken(token), new Date());
