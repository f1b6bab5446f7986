import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListAuditsQuery, ListAuditsResponse } from '@bridge/api';
import { listAudits } from './service.ts';

/** `GET /api/admin/v1/audits`: the audit log, for admins only. */
export async function auditAdminRoutes(app: FastifyInstance) {
  // On request, before the query is validated: a signed-out caller learns nothing of the parameters.
  app.addHook('onRequest', async (request) => app.requireAdmin(request));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/audits', { schema: { querystring: ListAuditsQuery, response: { 200: ListAuditsResponse } } }, async (request) => ({
      result: await listAudits(app.database.db, request.query),
    }));
}
