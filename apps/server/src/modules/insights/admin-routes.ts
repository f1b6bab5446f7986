import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { readInsights } from './policy.ts';
import { downloadsSummary, listDownloads } from './service.ts';

/** The admin's download analytics (`/api/admin/v1/analytics/...`), for admins only. */
export async function insightAdminRoutes(app: FastifyInstance) {
  const db = app.database.db;

  route(app, endpoints.insights.adminDownloads, { config: { policy: readInsights } }, async (request) => ({
    result: await listDownloads(db, request.query),
  }));

  route(app, endpoints.insights.adminDownloadsSummary, { config: { policy: readInsights } }, async (request) => ({
    results: await downloadsSummary(db, request.query),
  }));
}
