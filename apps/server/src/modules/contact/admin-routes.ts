import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { readContactMessages } from './policy.ts';
import { listContactMessages } from './service.ts';

/** `GET /api/admin/v1/contact-messages`: the contact inbox, for admins only. */
export async function contactAdminRoutes(app: FastifyInstance) {
  route(app, endpoints.contact.adminList, { config: { policy: readContactMessages } }, async (request) => ({
    result: await listContactMessages(app.database.db, request.query.query, request.query),
  }));
}
