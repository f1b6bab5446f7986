import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListContactMessagesQuery, ListContactMessagesResponse } from '@bridge/api';
import { readContactMessages } from './policy.ts';
import { listContactMessages } from './service.ts';

/** `GET /api/admin/v1/contact-messages`: the contact inbox, for admins only. */
export async function contactAdminRoutes(app: FastifyInstance) {
  // On request, before the query is validated: a signed-out caller learns nothing of the parameters.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/contact-messages',
    { config: { policy: readContactMessages }, schema: { querystring: ListContactMessagesQuery, response: { 200: ListContactMessagesResponse } } },
    async (request) => ({ result: await listContactMessages(app.database.db, request.query.query, request.query) }),
  );
}
