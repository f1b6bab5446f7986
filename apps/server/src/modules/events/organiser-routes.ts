import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { badRequest } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { changeEvent, createEvent } from './policy.ts';
import { detailsJson } from './presenter.ts';
import * as tournaments from './service.ts';
import type { BoardsActedOn, EventCreationLimits } from './service.ts';

/**
 * The organiser API (`/api/v1/tournaments...`), its event's life: the Organizer app creates events and sets their
 * deals (the entries module seats players, the results module posts boards and completes).
 */
export async function tournamentRoutes(app: FastifyInstance, options: EventCreationLimits & { boardsActedOn: BoardsActedOn }) {
  const { boardsActedOn } = options;
  const db = app.database.db;
  const ctx = { db, changes: app.changes };

  route(app, endpoints.events.create, { config: { policy: createEvent } }, async (request) => {
    const user = request.user!;
    const created = await tournaments.createCounted(options, user, () => tournaments.createTournament(db, user, request.body, request.ip));
    return { result: { id: created.id, key: created.key } };
  });

  // The public list of /tournaments (no key routes are a single segment, so 'recent' cannot collide with one).
  route(app, endpoints.events.recent, { config: { policy: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return { result: await tournaments.recentEvents(db) };
  });

  route(app, endpoints.events.join, { config: { policy: 'public' } }, async (request) => {
    const t = await tournaments.findTournament(db, request.query.key);
    return { result: { id: t.id, key: t.key, tables: t.tables, details: detailsJson(t) } };
  });

  // A board with actions at an online table or a result line keeps its deal (409). Once changed, the online tables
  // read the event again: one with the board dealt and not acted on yet plays the new deal.
  route(app, endpoints.events.setBoard, { config: { policy: changeEvent } }, async (request) => {
    const event = changeEvent.subject(request);
    await tournaments.setBoardDeal(ctx, request.user!, event, request.params.board, request.body.deal, boardsActedOn);
    return { result: { board: request.params.board } };
  });

  // A PBN file of deals: as JSON `{ pbn }`, or the file itself (text/plain or application/x-pbn).
  app.addContentTypeParser('application/x-pbn', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  route(app, endpoints.events.importDeals, { config: { policy: changeEvent } }, async (request) => {
    const body = request.body;
    const pbn = typeof body === 'string' ? body : (body as { pbn?: unknown } | null)?.pbn;
    if (typeof pbn !== 'string' || pbn.length > 2_000_000) throw badRequest('Send the PBN file as the body, or as JSON { "pbn": "..." }');
    const event = changeEvent.subject(request);
    const imported = await tournaments.importDeals(ctx, request.user!, event, pbn, boardsActedOn);
    return { result: { imported } };
  });
}
