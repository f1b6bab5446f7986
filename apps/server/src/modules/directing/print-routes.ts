import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { sendFile } from '../../lib/file-reply.ts';
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
    const file = { type: 'application/pdf', disposition: 'inline', name: `${t.key}-table-cards.pdf`, cacheControl: 'no-store' } as const;
    return sendFile(reply, file, await tableCardsPdf(heading, cards));
  });

  route(app, endpoints.directing.pairGuides, { config: { policy: printCards } }, async (request, reply) => {
    const t = printCards.subject(request);
    const { heading, cards } = await pairGuides(db, t);
    const file = { type: 'application/pdf', disposition: 'inline', name: `${t.key}-pair-guides.pdf`, cacheControl: 'no-store' } as const;
    return sendFile(reply, file, await pairGuidesPdf(heading, cards));
  });
}
