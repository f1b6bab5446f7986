import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeleteEventResponse, EventKeyQuery, ListActiveEventsResponse, ListEventsQuery, ListParticipantsResponse, ListPastEventsResponse,
  ParticipantFilters, SearchEventsQuery, SearchEventsResponse,
} from '@bridge/api';
import { administerEvents } from './policy.ts';
import * as events from './service.ts';

/**
 * The admin's event routes (`/api/admin/v1`): events and their participants. Every route is for admins only (event.administer).
 */
export async function eventAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const config = { policy: administerEvents };
  const actor = (request: FastifyRequest) => ({ user: request.user!, ip: request.ip });

  r.get('/tournaments/active', { config, schema: { querystring: ListEventsQuery, response: { 200: ListActiveEventsResponse } } }, async (request) => ({
    result: await events.listActiveEvents(db, request.query, request.query),
  }));

  r.get('/tournaments/complete', { config, schema: { querystring: ListEventsQuery, response: { 200: ListPastEventsResponse } } }, async (request) => ({
    result: await events.listPastEvents(db, request.query, request.query),
  }));

  r.get('/tournaments/search', { config, schema: { querystring: SearchEventsQuery, response: { 200: SearchEventsResponse } } }, async (request) => ({
    result: request.query.status === 'active'
      ? await events.listActiveEvents(db, request.query, request.query)
      : await events.listPastEvents(db, request.query, request.query),
  }));

  r.delete('/tournaments/complete/delete', { config, schema: { querystring: EventKeyQuery, response: { 200: DeleteEventResponse } } }, async (request) => ({
    result: await events.deleteEvent(db, actor(request), request.query.key),
  }));

  r.get('/participants/all', { config, schema: { querystring: ParticipantFilters, response: { 200: ListParticipantsResponse } } }, async (request) => ({
    result: await events.listParticipants(db, request.query),
  }));
}
