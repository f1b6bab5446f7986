import { ExportParams, ExportQuery } from '../admin.ts';
import { endpoint } from '../endpoint.ts';

const ADMIN = '/api/admin/v1';

/** Every row of an admin list as CSV, XLSX or PDF: the list's own filters, streamed. */
export const dataExports = {
  download: endpoint({ method: 'GET', path: `${ADMIN}/export/:dataset`, params: ExportParams, query: ExportQuery, answer: 'file' }),
};
