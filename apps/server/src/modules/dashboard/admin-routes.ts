import type { FastifyInstance } from 'fastify';
import { type Dashboard, endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { readDashboard } from './policy.ts';
import { dashboard } from './service.ts';

const DASHBOARD_TTL_MS = 60_000;

/** `GET /api/admin/v1/dashboard`: the key figures, for admins only. */
export async function dashboardAdminRoutes(app: FastifyInstance) {
  // Counting a million users takes a while: the figures are computed at most once a minute per instance.
  let figures: { at: number; value: Promise<Dashboard> } | undefined;
  route(app, endpoints.dashboard.admin, { config: { policy: readDashboard } }, async () => {
    if (!figures || Date.now() - figures.at > DASHBOARD_TTL_MS) {
      const value = dashboard(app.database.db);
      figures = { at: Date.now(), value };
      value.catch(() => {
        figures = undefined;
      });
    }
    return { result: await figures.value };
  });
}
