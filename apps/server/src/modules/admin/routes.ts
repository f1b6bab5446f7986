import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DashboardResponse, DeleteEventResponse, DownloadFilters, DownloadsSummaryQuery, DownloadsSummaryResponse, EventKeyQuery,
  ExportDatasetSchema, ExportQuery, ListActiveEventsResponse, ListAuditsQuery, ListAuditsResponse, ListContactMessagesQuery,
  ListContactMessagesResponse, ListDownloadEventsResponse, ListEventsQuery, ListParticipantsResponse, ListPastEventsResponse,
  ParticipantFilters, SearchEventsQuery, SearchEventsResponse, TestPlayerUrlResponse, type Dashboard,
} from '@bridge/api';
import { recordAudit } from '../audit/service.ts';
import { contentTypes, exportDataset, exportFileName, exportStream } from './export.ts';
import * as admin from './service.ts';

const DASHBOARD_TTL_MS = 60_000;

/**
 * The admin API (`/api/admin/v1`) beside the user routes of the users module: events, participants, audits,
 * downloads analytics, the dashboard, the contact inbox, tools and exports. Every route is for admins only.
 */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  // On request, before the query is validated: a signed-out caller learns nothing of the parameters.
  app.addHook('onRequest', async (request) => app.requireAdmin(request));
  const actor = (request: FastifyRequest) => ({ user: request.user!, ip: request.ip });

  r.get('/tournaments/active', { schema: { querystring: ListEventsQuery, response: { 200: ListActiveEventsResponse } } }, async (request) => ({
    result: await admin.listActiveEvents(db, request.query, request.query),
  }));

  r.get('/tournaments/complete', { schema: { querystring: ListEventsQuery, response: { 200: ListPastEventsResponse } } }, async (request) => ({
    result: await admin.listPastEvents(db, request.query, request.query),
  }));

  r.get('/tournaments/search', { schema: { querystring: SearchEventsQuery, response: { 200: SearchEventsResponse } } }, async (request) => ({
    result: request.query.status === 'active'
      ? await admin.listActiveEvents(db, request.query, request.query)
      : await admin.listPastEvents(db, request.query, request.query),
  }));

  r.delete('/tournaments/complete/delete', { schema: { querystring: EventKeyQuery, response: { 200: DeleteEventResponse } } }, async (request) => ({
    result: await admin.deleteEvent(db, actor(request), request.query.key),
  }));

  r.get('/participants/all', { schema: { querystring: ParticipantFilters, response: { 200: ListParticipantsResponse } } }, async (request) => ({
    result: await admin.listParticipants(db, request.query),
  }));

  r.get('/analytics/events', { schema: { querystring: DownloadFilters, response: { 200: ListDownloadEventsResponse } } }, async (request) => ({
    result: await admin.listDownloads(db, request.query),
  }));

  r.get('/analytics/downloads-summary', { schema: { querystring: DownloadsSummaryQuery, response: { 200: DownloadsSummaryResponse } } }, async (request) => ({
    results: await admin.downloadsSummary(db, request.query),
  }));

  r.get('/audits', { schema: { querystring: ListAuditsQuery, response: { 200: ListAuditsResponse } } }, async (request) => ({
    result: await admin.listAudits(db, request.query),
  }));

  // Counting a million users takes a while: the figures are computed at most once a minute per instance.
  let figures: { at: number; value: Promise<Dashboard> } | undefined;
  r.get('/dashboard', { schema: { response: { 200: DashboardResponse } } }, async () => {
    if (!figures || Date.now() - figures.at > DASHBOARD_TTL_MS) {
      const value = admin.dashboard(db);
      figures = { at: Date.now(), value };
      value.catch(() => { figures = undefined; });
    }
    return { result: await figures.value };
  });

  r.get('/contact-messages', { schema: { querystring: ListContactMessagesQuery, response: { 200: ListContactMessagesResponse } } }, async (request) => ({
    result: await admin.listContactMessages(db, request.query.query, request.query),
  }));

  r.get('/tools/test-player', { schema: { response: { 200: TestPlayerUrlResponse } } }, async () => ({
    result: await admin.testPlayerUrl(app.config.releasesDir, app.config.publicUrl),
  }));

  // Every row matching the list's search and filters (the list's own parameters), streamed as it is read.
  r.get('/export/:dataset', { schema: { params: z.object({ dataset: ExportDatasetSchema }), querystring: ExportQuery } }, async (request, reply) => {
    const { format, ...filters } = request.query;
    const table = await exportDataset(db, request.params.dataset, filters);
    await recordAudit(db, {
      action: 'admin.export', outcome: 'success', actorId: request.user!.id, actorEmail: request.user!.email,
      target: request.params.dataset, ip: request.ip, details: { format, filters },
    });
    const stream = exportStream(table, format, (error) => request.log.error({ err: error }, 'export failed'));
    return reply
      .type(contentTypes[format])
      .header('content-disposition', `attachment; filename="${exportFileName(table.prefix, format)}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
