import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { readOwnEvents } from './policy.ts';
import { myHistory, myPairs } from './history.ts';
import { listPastEvents } from '../events/service.ts';
import { findOwnEvent } from './service.ts';

/** The user console's routes (`/api/v1/tournaments/mine...`): a signed-in user's own events and history. */
export async function consoleRoutes(app: FastifyInstance) {
  const db = app.database.db;

  // The user console: events the caller organised or has a seat in (the admin list's records, for one user).
  route(app, endpoints.events.mine, { config: { policy: readOwnEvents } }, async (request) => {
    const { limit, page, lastDocId, ...filters } = request.query;
    return { result: await listPastEvents(db, { ...filters, involving: request.user!.id }, { limit, page, lastDocId }) };
  });

  // Declared before '/mine/:key' for readers; Fastify prefers the static segment either way.
  route(app, endpoints.events.myHistory, { config: { policy: readOwnEvents } }, async (request) => ({
    result: await myHistory(db, request.user!.id),
  }));

  // The results page asks which of an event's pairs is the viewer's, to mark it; only the caller's own seats.
  route(app, endpoints.events.myPairs, { config: { policy: readOwnEvents } }, async (request) => ({
    result: { pairs: await myPairs(db, request.user!.id, request.params.key) },
  }));

  route(app, endpoints.events.myEvent, { config: { policy: readOwnEvents } }, async (request) => ({
    result: await findOwnEvent(db, request.user!.id, request.params.key),
  }));
}
