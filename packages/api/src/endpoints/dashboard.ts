import { DashboardResponse } from '../admin.ts';
import { endpoint } from '../endpoint.ts';

const ADMIN = '/api/admin/v1';

/** The admin's key figures. */
export const dashboard = {
  admin: endpoint({ method: 'GET', path: `${ADMIN}/dashboard`, response: DashboardResponse }),
};
