import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { readAudits } from './policy.ts';
import { listAudits } from './service.ts';

/** `GET /api/admin/v1/audits`: the audit log, for admins only. */
export async function auditAdminRoutes(app: FastifyInstance) {
  route(app, endpoints.audits.adminList, { config: { policy: readAudits } }, async (request) => ({
    result: await listAudits(app.database.db, request.query),
  }));
}
