import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddParticipantsBody,
  BoardParams,
  CompleteTournamentResponse,
  CreateTournamentBody,
  CreateTournamentResponse,
  EventResultsResponse,
  PostResultBody,
  PostResultResponse,
  RecentEventsResponse,
  SetBoardBody,
  TournamentJoinResponse,
  TournamentKeyQuery,
} from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { eventPbn, usebioXml } from './interchange.ts';
import { detailsJson } from './presenter.ts';
import * as tournaments from './service.ts';

const KeyParams = z.object({ key: z.string().min(1).max(40) });

/** The organiser API (`/api/v1/tournaments...`): the Organizer app creates events, seats players and posts boards. */
export async function tournamentRoutes(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  // The organiser is a signed-in user whose email is verified.
  const requireOrganiser = async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (!request.user!.emailVerified) throw forbidden('Please verify your email address before organising events');
  };

  r.post(
    '/tournaments',
    { preHandler: requireOrganiser, schema: { body: CreateTournamentBody, response: { 200: CreateTournamentResponse } } },
    async (request) => {
      const created = await tournaments.createTournament(db, request.user!, request.body, request.ip);
      return { result: { id: created.id, key: created.key } };
    },
  );

  // The public list of /tournaments (no key routes are a single segment, so 'recent' cannot collide with one).
  r.get('/tournaments/recent', { schema: { response: { 200: RecentEventsResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return { result: await tournaments.recentEvents(db) };
  });

  r.get('/tournaments', { schema: { querystring: TournamentKeyQuery, response: { 200: TournamentJoinResponse } } }, async (request) => {
    const t = await tournaments.findTournament(db, request.query.key);
    return { result: { id: t.id, key: t.key, tables: t.tables, details: detailsJson(t) } };
  });

  // Seating looks emails up: limited like login, so it cannot be used to sweep addresses.
  r.post(
    '/tournaments/:key/participants',
    {
      config: { rateLimit: { max: limits.seating, timeWindow: limits.windowMs } },
      preHandler: requireOrganiser,
      schema: { params: KeyParams, body: AddParticipantsBody },
    },
    async (request) => {
      const t = await tournaments.findTournament(db, request.params.key);
      const added = await tournaments.addParticipants(db, request.user!, t, request.body.participants, request.ip);
      return { result: { added } };
    },
  );

  r.put(
    '/tournaments/:key/boards/:board',
    {
      preHandler: requireOrganiser,
      schema: { params: BoardParams, body: SetBoardBody },
    },
    async (request) => {
      const t = await tournaments.findTournament(db, request.params.key);
      await tournaments.setBoardDeal(db, request.user!, t, request.params.board, request.body.deal);
      return { result: { board: request.params.board } };
    },
  );

  // A PBN file of deals: as JSON `{ pbn }`, or the file itself (text/plain or application/x-pbn).
  app.addContentTypeParser('application/x-pbn', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  r.post('/tournaments/:key/import', { preHandler: requireOrganiser, schema: { params: KeyParams } }, async (request) => {
    const t = await tournaments.findTournament(db, request.params.key);
    const body = request.body as unknown;
    const pbn = typeof body === 'string' ? body : (body as { pbn?: unknown } | null)?.pbn;
    if (typeof pbn !== 'string' || pbn.length > 2_000_000) throw badRequest('Send the PBN file as the body, or as JSON { "pbn": "..." }');
    return { result: { imported: await tournaments.importDeals(db, request.user!, t, pbn) } };
  });

  r.post(
    '/tournaments/:key/results',
    { preHandler: requireOrganiser, schema: { params: KeyParams, body: PostResultBody, response: { 200: PostResultResponse } } },
    async (request) => {
      const t = await tournaments.findTournament(db, request.params.key);
      return { result: { score: await tournaments.postResult(db, request.user!, t, request.body, request.ip) } };
    },
  );

  r.post(
    '/tournaments/:key/complete',
    { preHandler: requireOrganiser, schema: { params: KeyParams, response: { 200: CompleteTournamentResponse } } },
    async (request) => {
      const t = await tournaments.findTournament(db, request.params.key);
      return { result: await tournaments.completeTournament(db, request.user!, t, request.ip) };
    },
  );

  r.get(
    '/tournaments/files/download/:xmlToken',
    { schema: { params: z.object({ xmlToken: z.string().min(10).max(100) }) } },
    async (request, reply) => {
      const t = await tournaments.findEventByXmlToken(db, request.params.xmlToken);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${t.key}.xml"`)
        .send(await usebioXml(db, t));
    },
  );

  r.get('/tournaments/:key/results', { schema: { params: KeyParams, response: { 200: EventResultsResponse } } }, async (request, reply) => {
    const t = await tournaments.findTournament(db, request.params.key);
    await app.loadUser(request);
    tournaments.assertCanRead(request.user, t);
    reply.header('cache-control', t.status === 'complete' ? 'public, max-age=60' : 'no-store');
    return { result: await tournaments.eventResults(db, t) };
  });

  r.get('/tournaments/:key/pbn', { schema: { params: KeyParams } }, async (request, reply) => {
    const t = await tournaments.findTournament(db, request.params.key);
    await app.loadUser(request);
    tournaments.assertCanRead(request.user, t);
    return reply
      .type('application/x-pbn; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t.key}.pbn"`)
      .send(await eventPbn(db, t));
  });
}
