import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { findMyTable } from './seat-policy.ts';
import { myTable } from './seat-service.ts';

/** Where the caller sits now in an event: the online table's page opens at that table. */
export async function playSeatRoutes(app: FastifyInstance) {
  route(app, endpoints.play.myTable, { config: { policy: findMyTable } }, async (request) => ({
    result: await myTable(app.database.db, request.user!.id, request.params.key),
  }));
}
