import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DownloadFilters, DownloadsSummaryQuery, DownloadsSummaryResponse, ListDownloadEventsResponse } from '@bridge/api';
import { readInsights } from './policy.ts';
import { downloadsSummary, listDownloads } from './service.ts';

/** The admin's download analytics (`/api/admin/v1/analytics/...`), for admins only. */
export async function insightAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get('/analytics/events', { config: { policy: readInsights }, schema: { querystring: DownloadFilters, response: { 200: ListDownloadEventsResponse } } }, async (request) => ({
    result: await listDownloads(db, request.query),
  }));

  r.get('/analytics/downloads-summary', { config: { policy: readInsights }, schema: { querystring: DownloadsSummaryQuery, response: { 200: DownloadsSummaryResponse } } }, async (request) => ({
    results: await downloadsSummary(db, request.query),
  }));
}
