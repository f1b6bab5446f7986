import type { FastifyInstance } from 'fastify';
import { endpoints, type ExportDataset, type ExportFormat } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { route } from '../route.ts';
import { exportRows } from './policy.ts';
import { contentTypes, describeFilters, exportFileName, exportStream, type Table } from './writers.ts';

/** A module's dataset: its rows for the list parameters given (checked before anything is sent). */
export type DatasetSource = (db: Db, query: unknown) => Promise<Table>;

export interface ExportRouteOptions {
  /** Each dataset's source, from the module that owns its rows (wired in app.ts). */
  datasets: Record<ExportDataset, DatasetSource>;
  /** Records the export in the audit log before its rows are read. */
  audit: (
    db: Db,
    entry: { user: UserRow; ip: string; dataset: ExportDataset; format: ExportFormat; filters: Record<string, unknown> },
  ) => Promise<void>;
}

/**
 * `GET /api/admin/v1/export/{dataset}`: every row matching the list's search and filters (the list's own
 * parameters), streamed as it is read. One route for every dataset, so an unknown one is a 400 like any bad
 * parameter (decision 036).
 */
export async function exportRoute(app: FastifyInstance, { datasets, audit }: ExportRouteOptions) {
  const db = app.database.db;
  route(app, endpoints.exports.download, { config: { policy: exportRows } }, async (request, reply) => {
    const { format, ...filters } = request.query;
    const table = await datasets[request.params.dataset](db, filters);
    await audit(db, { user: request.user!, ip: request.ip, dataset: request.params.dataset, format, filters });
    const context = { filter: describeFilters(filters), madeAt: new Date() };
    const stream = exportStream(table, format, (error) => request.log.error({ err: error }, 'export failed'), context);
    // The print layout opens in a frame of the console's own page, to be printed there (the site's headers
    // forbid any framing): it may be framed by this origin only, and it loads nothing and runs nothing.
    const disposition = format === 'html' ? 'inline' : 'attachment';
    if (format === 'html')
      reply
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN');
    return reply
      .type(contentTypes[format])
      .header('content-disposition', `${disposition}; filename="${exportFileName(table.prefix, format)}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
