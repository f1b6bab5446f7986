import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import type { AttemptCounter } from '../../lib/attempts.ts';
import { badRequest } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { handRecordsPdf } from './hand-records-pdf.ts';
import { eventPbn, usebioXml } from './interchange.ts';
import { changeEvent, createEvent, readEvent } from './policy.ts';
import { detailsJson } from './presenter.ts';
import * as tournaments from './service.ts';
import type { BoardsActedOn } from './service.ts';

/** The organiser API (`/api/v1/tournaments...`): the Organizer app creates events, seats players and posts boards. */
export async function tournamentRoutes(
  app: FastifyInstance,
  { limits, boardsActedOn, attempts }: { limits: RateLimits; boardsActedOn: BoardsActedOn; attempts: AttemptCounter },
) {
  const db = app.database.db;

  route(app, endpoints.events.create, { config: { policy: createEvent } }, async (request) => {
    const user = request.user!;
    const created = await tournaments.createCounted({ attempts, limits }, user, () =>
      tournaments.createTournament(db, user, request.body, request.ip),
    );
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

  // Seating looks emails up: limited like login, so it cannot be used to sweep addresses.
  route(
    app,
    endpoints.events.addParticipants,
    {
      config: { policy: changeEvent, rateLimit: { max: limits.seating, timeWindow: limits.windowMs } },
    },
    async (request) => {
      const added = await tournaments.addParticipants(db, request.user!, changeEvent.subject(request), request.body.participants, request.ip);
      return { result: { added } };
    },
  );

  // A board with actions at an online table or a result line keeps its deal (409). Once changed, the online tables
  // read the event again: one with the board dealt and not acted on yet plays the new deal.
  route(app, endpoints.events.setBoard, { config: { policy: changeEvent } }, async (request) => {
    const event = changeEvent.subject(request);
    await tournaments.setBoardDeal(db, request.user!, event, request.params.board, request.body.deal, boardsActedOn);
    await app.eventChanges.changed(event.key);
    return { result: { board: request.params.board } };
  });

  // A PBN file of deals: as JSON `{ pbn }`, or the file itself (text/plain or application/x-pbn).
  app.addContentTypeParser('application/x-pbn', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  route(app, endpoints.events.importDeals, { config: { policy: changeEvent } }, async (request) => {
    const body = request.body;
    const pbn = typeof body === 'string' ? body : (body as { pbn?: unknown } | null)?.pbn;
    if (typeof pbn !== 'string' || pbn.length > 2_000_000) throw badRequest('Send the PBN file as the body, or as JSON { "pbn": "..." }');
    const event = changeEvent.subject(request);
    const imported = await tournaments.importDeals(db, request.user!, event, pbn, boardsActedOn);
    await app.eventChanges.changed(event.key);
    return { result: { imported } };
  });

  // Each change of the results is announced, so the tables' phones and the director's live view read it again.
  route(app, endpoints.events.postResult, { config: { policy: changeEvent } }, async (request) => {
    const event = changeEvent.subject(request);
    const score = await tournaments.postResult(db, request.user!, event, request.body, request.ip);
    // The director's live view and the table phones read the event again.
    await app.eventChanges.changed(event.key);
    return { result: { score } };
  });

  route(app, endpoints.events.complete, { config: { policy: changeEvent } }, async (request) => {
    const event = changeEvent.subject(request);
    const result = await tournaments.completeTournament(db, request.user!, event, request.ip, {
      publicUrl: app.config.publicUrl,
      mailer: app.mailer,
    });
    await app.eventChanges.changed(event.key);
    return { result };
  });

  route(app, endpoints.events.usebioFile, { config: { policy: 'public' } }, async (request, reply) => {
    const t = await tournaments.findEventByXmlToken(db, request.params.xmlToken);
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t.key}.xml"`)
      .send(await usebioXml(db, t));
  });

  route(app, endpoints.events.results, { config: { policy: readEvent } }, async (request, reply) => {
    const t = readEvent.subject(request);
    const result = await tournaments.eventResults(db, t, { analysisAvailable: app.analysis.available });
    // A complete event's results change no more, but for double-dummy analysis still on its way.
    const analysing = result.analysisAvailable && result.boards.some((board) => board.deal && !board.analysis);
    reply.header('cache-control', t.status === 'complete' && !analysing ? 'public, max-age=60' : 'no-store');
    return { result };
  });

  route(app, endpoints.events.pbnFile, { config: { policy: readEvent } }, async (request, reply) => {
    const t = readEvent.subject(request);
    return reply
      .type('application/x-pbn; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t.key}.pbn"`)
      .send(await eventPbn(db, t));
  });

  route(app, endpoints.events.handRecordsPdf, { config: { policy: readEvent } }, async (request, reply) => {
    const t = readEvent.subject(request);
    const pdf = await handRecordsPdf(await tournaments.handRecords(db, t));
    return reply
      .type('application/pdf')
      .header('cache-control', t.status === 'complete' ? 'public, max-age=60' : 'no-store')
      .header('content-disposition', `inline; filename="${t.key}-hand-records.pdf"`)
      .send(pdf);
  });
}
