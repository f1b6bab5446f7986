import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { pairGuidesPdf, tableCardsPdf } from './cards-pdf.ts';
import { printCards, printTableCards } from './print-policy.ts';
import { pairGuides, tableCards } from './print-service.ts';

/** The director's printed cards, as PDF: the table cards and the pair guide cards. */
export async function printRoutes(app: FastifyInstance) {
  const db = app.database.db;

  // The table cards carry the codes that open the tables: never kept by a cache.
  route(app, endpoints.directing.tableCards, { config: { policy: printTableCards } }, async (request, reply) => {
    const t = printTableCards.subject(request);
    const { heading, cards } = await tableCards(db, t, app.config.publicUrl);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${t.key}-table-cards.pdf"`)
      .send(await tableCardsPdf(heading, cards));
  });

  route(app, endpoints.directing.pairGuides, { config: { policy: printCards } }, async (request, reply) => {
    const t = printCards.subject(request);
    const { heading, cards } = await pairGuides(db, t);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${t.key}-pair-guides.pdf"`)
      .send(await pairGuidesPdf(heading, cards));
  });
}
