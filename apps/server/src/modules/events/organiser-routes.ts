import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddParticipantsBody, BoardParams, CompleteTournamentResponse, CreateTournamentBody, CreateTournamentResponse, EventResultsResponse, PostResultBody,
  PostResultResponse, RecentEventsResponse, SetBoardBody, TournamentJoinResponse, TournamentKeyQuery,
} from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { eventPbn, usebioXml } from './interchange.ts';
import { changeEvent, createEvent, readEvent } from './policy.ts';
import { detailsJson } from './presenter.ts';
import * as tournaments from './service.ts';

const KeyParams = z.object({ key: z.string().min(1).max(40) });

/** The organiser API (`/api/v1/tournaments...`): the Organizer app creates events, seats players and posts boards. */
export async function tournamentRoutes(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post('/tournaments', { config: { policy: createEvent }, schema: { body: CreateTournamentBody, response: { 200: CreateTournamentResponse } } }, async (request) => {
    const created = await tournaments.createTournament(db, request.user!, request.body, request.ip);
    return { result: { id: created.id, key: created.key } };
  });

  // The public list of /tournaments (no key routes are a single segment, so 'recent' cannot collide with one).
  r.get('/tournaments/recent', { config: { policy: 'public' }, schema: { response: { 200: RecentEventsResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return { result: await tournaments.recentEvents(db) };
  });

  r.get('/tournaments', { config: { policy: 'public' }, schema: { querystring: TournamentKeyQuery, response: { 200: TournamentJoinResponse } } }, async (request) => {
    const t = await tournaments.findTournament(db, request.query.key);
    return { result: { id: t.id, key: t.key, tables: t.tables, details: detailsJson(t) } };
  });

  // Seating looks emails up: limited like login, so it cannot be used to sweep addresses.
  r.post('/tournaments/:key/participants', {
    config: { policy: changeEvent, rateLimit: { max: limits.seating, timeWindow: limits.windowMs } },
    schema: { params: KeyParams, body: AddParticipantsBody },
  }, async (request) => {
    const added = await tournaments.addParticipants(db, request.user!, changeEvent.subject(request), request.body.participants, request.ip);
    return { result: { added } };
  });

  r.put('/tournaments/:key/boards/:board', {
    config: { policy: changeEvent },
    schema: { params: BoardParams, body: SetBoardBody },
  }, async (request) => {
    await tournaments.setBoardDeal(db, request.user!, changeEvent.subject(request), request.params.board, request.body.deal);
    return { result: { board: request.params.board } };
  });

  // A PBN file of deals: as JSON `{ pbn }`, or the file itself (text/plain or application/x-pbn).
  app.addContentTypeParser('application/x-pbn', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  r.post('/tournaments/:key/import', { config: { policy: changeEvent }, schema: { params: KeyParams } }, async (request) => {
    const body = request.body as unknown;
    const pbn = typeof body === 'string' ? body : (body as { pbn?: unknown } | null)?.pbn;
    if (typeof pbn !== 'string' || pbn.length > 2_000_000) throw badRequest('Send the PBN file as the body, or as JSON { "pbn": "..." }');
    return { result: { imported: await tournaments.importDeals(db, request.user!, changeEvent.subject(request), pbn) } };
  });

  r.post('/tournaments/:key/results', { config: { policy: changeEvent }, schema: { params: KeyParams, body: PostResultBody, response: { 200: PostResultResponse } } }, async (request) => {
    return { result: { score: await tournaments.postResult(db, request.user!, changeEvent.subject(request), request.body, request.ip) } };
  });

  r.post('/tournaments/:key/complete', { config: { policy: changeEvent }, schema: { params: KeyParams, response: { 200: CompleteTournamentResponse } } }, async (request) => {
    return { result: await tournaments.completeTournament(db, request.user!, changeEvent.subject(request), request.ip) };
  });

  r.get('/tournaments/files/download/:xmlToken', { config: { policy: 'public' }, schema: { params: z.object({ xmlToken: z.string().min(10).max(100) }) } }, async (request, reply) => {
    const t = await tournaments.findEventByXmlToken(db, request.params.xmlToken);
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t.key}.xml"`)
      .send(await usebioXml(db, t));
  });

  r.get('/tournaments/:key/results', { config: { policy: readEvent }, schema: { params: KeyParams, response: { 200: EventResultsResponse } } }, async (request, reply) => {
    const t = readEvent.subject(request);
    reply.header('cache-control', t.status === 'complete' ? 'public, max-age=60' : 'no-store');
    return { result: await tournaments.eventResults(db, t) };
  });

  r.get('/tournaments/:key/pbn', { config: { policy: readEvent }, schema: { params: KeyParams } }, async (request, reply) => {
    const t = readEvent.subject(request);
    return reply
      .type('application/x-pbn; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t.key}.pbn"`)
      .send(await eventPbn(db, t));
  });
}
