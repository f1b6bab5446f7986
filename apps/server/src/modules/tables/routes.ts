import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import type { AttemptCounter } from '../../lib/attempts.ts';
import { changeStreams, concernsTable } from '../../lib/change-stream.ts';
import { route } from '../../lib/route.ts';
import { findTournament } from '../events/service.ts';
import { confirmTableResult, enterTableResult, rejectTableResult, tableState, tableTraveller } from '../results/service.ts';
import { playTable, readTableCodes } from './policy.ts';
import { isPhoneId, listTableCodes, newPhoneId, openTable, PHONE_COOKIE, TABLE_COOKIE, TABLE_SESSION_MS, TABLES_PATH, tablePath } from './service.ts';

export interface TableRoutesOptions {
  attempts: AttemptCounter;
  /** How often an open stream says it is alive (a comment line), so proxies and phones keep it; 25 s. */
  heartbeatMs?: number;
}

/**
 * Scoring at the table: the organiser's list of table codes, and the calls of a phone holding one table (opened
 * with its code; a cookie scoped to the table's path). Each change is told by the results service once committed
 * (lib/event-changes.ts); the tables' streams and the director's live view hear it.
 */
export async function tableRoutes(app: FastifyInstance, { attempts, heartbeatMs = 25_000 }: TableRoutesOptions) {
  const db = app.database.db;
  const ctx = { db, changes: app.changes };
  const secure = app.config.publicUrl.startsWith('https:');

  route(app, endpoints.tables.codes, { config: { policy: readTableCodes } }, async (request) => ({
    result: await listTableCodes(db, readTableCodes.subject(request), app.config.publicUrl),
  }));

  route(app, endpoints.tables.open, { config: { policy: 'public' } }, async (request, reply) => {
    const { key, table } = request.params;
    const event = await findTournament(db, key);
    let phone = request.cookies[PHONE_COOKIE];
    if (!isPhoneId(phone)) {
      phone = newPhoneId();
      reply.setCookie(PHONE_COOKIE, phone, {
        path: TABLES_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: Math.floor(TABLE_SESSION_MS / 1000),
      });
    }
    const { token } = await openTable({ db, attempts }, event, table, { code: request.body.code, ip: request.ip, phone });
    reply.setCookie(TABLE_COOKIE, token, {
      path: tablePath(event.key, table),
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: Math.floor(TABLE_SESSION_MS / 1000),
    });
    return { result: { table } };
  });

  route(app, endpoints.tables.state, { config: { policy: playTable } }, async (request, reply) => {
    const { event, table } = playTable.subject(request);
    reply.header('cache-control', 'no-store');
    return { result: await tableState(db, event, table) };
  });

  route(app, endpoints.tables.enter, { config: { policy: playTable } }, async (request) => {
    const { event, table } = playTable.subject(request);
    const result = await enterTableResult(ctx, event, table, request.body);
    return { result };
  });

  route(app, endpoints.tables.confirm, { config: { policy: playTable } }, async (request) => {
    const { event, table } = playTable.subject(request);
    await confirmTableResult(ctx, event, table, request.params.board);
    return { result: { confirmed: true as const } };
  });

  route(app, endpoints.tables.reject, { config: { policy: playTable } }, async (request) => {
    const { event, table } = playTable.subject(request);
    await rejectTableResult(ctx, event, table, request.params.board);
    return { result: { status: 'open' as const } };
  });

  route(app, endpoints.tables.traveller, { config: { policy: playTable } }, async (request, reply) => {
    const { event, table } = playTable.subject(request);
    reply.header('cache-control', 'no-store');
    return { result: await tableTraveller(db, event, table, request.params.board) };
  });

  // Server-Sent Events: `change` when the event (its round, clock, completion) or this table's results change, so
  // every phone of the table reads its state again at once.
  const changeStream = changeStreams(app, { heartbeatMs });
  route(app, endpoints.tables.stream, { config: { policy: playTable } }, async (request, reply) => {
    const { event, table } = playTable.subject(request);
    return changeStream(reply, concernsTable(event.key, table));
  });
}
