import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { administerEvents } from './policy.ts';
import * as events from './service.ts';

/**
 * The admin's event routes (`/api/admin/v1`): events and their participants. Every route is for admins only (event.administer).
 */
export async function eventAdminRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const config = { policy: administerEvents };
  const actor = (request: FastifyRequest) => ({ user: request.user!, ip: request.ip });

  route(app, endpoints.events.adminActive, { config }, async (request) => ({
    result: await events.listActiveEvents(db, request.query, request.query),
  }));

  route(app, endpoints.events.adminPast, { config }, async (request) => ({
    result: await events.listPastEvents(db, request.query, request.query),
  }));

  route(app, endpoints.events.adminSearch, { config }, async (request) => ({
    result:
      request.query.status === 'active'
        ? await events.listActiveEvents(db, request.query, request.query)
        : await events.listPastEvents(db, request.query, request.query),
  }));

  // Its open tables, phones and live views are told, on every instance, once the deletion is committed (lib/event-changes.ts).
  route(app, endpoints.events.adminDelete, { config }, async (request) => {
    const result = await events.deleteEvent({ db, changes: app.changes }, actor(request), request.query.key);
    return { result };
  });
}
