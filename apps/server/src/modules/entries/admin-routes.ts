import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { administerEvents } from '../events/service.ts';
import { listParticipants } from './service.ts';

/** The admin's list of an event's participants (`/api/admin/v1`), for admins only (event.administer). */
export async function entryAdminRoutes(app: FastifyInstance) {
  const db = app.database.db;

  route(app, endpoints.events.adminParticipants, { config: { policy: administerEvents } }, async (request) => ({
    result: await listParticipants(db, request.query),
  }));
}
