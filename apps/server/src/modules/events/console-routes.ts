import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ListPastEventsResponse, MyEventResponse, MyEventsQuery, MyHistoryResponse, MyPairsResponse } from '@bridge/api';
import { readOwnEvents } from './policy.ts';
import { myHistory, myPairs } from './history.ts';
import { findOwnEvent, listPastEvents } from './service.ts';

const KeyParams = z.object({ key: z.string().min(1).max(40) });

/** The user console's routes (`/api/v1/tournaments/mine...`): a signed-in user's own events and history. */
export async function consoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  // The user console: events the caller organised or has a seat in (the admin list's records, for one user).
  r.get('/tournaments/mine', { config: { policy: readOwnEvents }, schema: { querystring: MyEventsQuery, response: { 200: ListPastEventsResponse } } }, async (request) => {
    const { limit, page, lastDocId, ...filters } = request.query;
    return { result: await listPastEvents(db, { ...filters, involving: request.user!.id }, { limit, page, lastDocId }) };
  });

  // Declared before '/mine/:key' for readers; Fastify prefers the static segment either way.
  r.get('/tournaments/mine/history', { config: { policy: readOwnEvents }, schema: { response: { 200: MyHistoryResponse } } }, async (request) => ({
    result: await myHistory(db, request.user!.id),
  }));

  // The results page asks which of an event's pairs is the viewer's, to mark it; only the caller's own seats.
  r.get('/tournaments/mine/:key/pairs', { config: { policy: readOwnEvents }, schema: { params: KeyParams, response: { 200: MyPairsResponse } } }, async (request) => ({
    result: { pairs: await myPairs(db, request.user!.id, request.params.key) },
  }));

  r.get('/tournaments/mine/:key', { config: { policy: readOwnEvents }, schema: { params: KeyParams, response: { 200: MyEventResponse } } }, async (request) => ({
    result: await findOwnEvent(db, request.user!.id, request.params.key),
  }));
}
