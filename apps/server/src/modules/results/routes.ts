import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { sendFile } from '../../lib/file-reply.ts';
import { route } from '../../lib/route.ts';
import { changeEvent, findEventByXmlToken, handRecords } from '../events/service.ts';
import { handRecordsPdf } from './hand-records-pdf.ts';
import { readEvent } from './policy.ts';
import { completeTournament, eventPbn, eventResults, postResult, usebioXml } from './service.ts';

/**
 * The organiser API's results (`/api/v1/tournaments...`): the Organizer app posts boards and completes the event;
 * the results page, its files and the hand records are read here.
 */
export async function resultRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const ctx = { db, changes: app.changes };

  route(app, endpoints.events.postResult, { config: { policy: changeEvent } }, async (request) => {
    const event = changeEvent.subject(request);
    // Once posted, the director's live view and the table phones read the event again (lib/event-changes.ts).
    const score = await postResult(ctx, request.user!, event, request.body, request.ip);
    return { result: { score } };
  });

  route(app, endpoints.events.complete, { config: { policy: changeEvent } }, async (request) => {
    const event = changeEvent.subject(request);
    const result = await completeTournament(ctx, request.user!, event, request.ip, {
      publicUrl: app.config.publicUrl,
      mailer: app.mailer,
    });
    return { result };
  });

  route(app, endpoints.events.usebioFile, { config: { policy: 'public' } }, async (request, reply) => {
    const t = await findEventByXmlToken(db, request.params.xmlToken);
    return sendFile(reply, { type: 'application/xml; charset=utf-8', disposition: 'attachment', name: `${t.key}.xml` }, await usebioXml(db, t));
  });

  route(app, endpoints.events.results, { config: { policy: readEvent } }, async (request, reply) => {
    const t = readEvent.subject(request);
    const result = await eventResults(db, t, { analysisAvailable: app.analysis.available });
    // A complete event's results change no more, but for double-dummy analysis still on its way.
    const analysing = result.analysisAvailable && result.boards.some((board) => board.deal && !board.analysis);
    reply.header('cache-control', t.status === 'complete' && !analysing ? 'public, max-age=60' : 'no-store');
    return { result };
  });

  route(app, endpoints.events.pbnFile, { config: { policy: readEvent } }, async (request, reply) => {
    const t = readEvent.subject(request);
    return sendFile(reply, { type: 'application/x-pbn; charset=utf-8', disposition: 'attachment', name: `${t.key}.pbn` }, await eventPbn(db, t));
  });

  route(app, endpoints.events.handRecordsPdf, { config: { policy: readEvent } }, async (request, reply) => {
    const t = readEvent.subject(request);
    const pdf = await handRecordsPdf(await handRecords(db, t));
    return sendFile(
      reply,
      {
        type: 'application/pdf',
        disposition: 'inline',
        name: `${t.key}-hand-records.pdf`,
        cacheControl: t.status === 'complete' ? 'public, max-age=60' : 'no-store',
      },
      pdf,
    );
  });
}
