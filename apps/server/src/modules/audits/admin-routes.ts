import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListAuditsQuery, ListAuditsResponse } from '@bridge/api';
import { readAudits } from './policy.ts';
import { listAudits } from './service.ts';

/** `GET /api/admin/v1/audits`: the audit log, for admins only. */
export async function auditAdminRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/audits', { config: { policy: readAudits }, schema: { querystring: ListAuditsQuery, response: { 200: ListAuditsResponse } } }, async (request) => ({
    result: await listAudits(app.database.db, request.query),
  }));
}
