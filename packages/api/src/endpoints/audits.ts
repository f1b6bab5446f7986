import { ListAuditsQuery, ListAuditsResponse } from '../admin.ts';
import { endpoint } from '../endpoint.ts';

const ADMIN = '/api/admin/v1';

/** The audit log, for admins. */
export const audits = {
  adminList: endpoint({ method: 'GET', path: `${ADMIN}/audits`, query: ListAuditsQuery, response: ListAuditsResponse }),
};
