import { endpoint } from '../endpoint.ts';
import { HealthResponse } from '../user.ts';

/**
 * `{ status, database }`, bare, 200 or 503 alike: load balancers and uptime checks read it, and a 503 must still
 * say which part is down; decision 045.
 */
export const health = {
  check: endpoint({ method: 'GET', path: '/api/health', response: HealthResponse, envelope: 'bare' }),
};
