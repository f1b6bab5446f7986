import { adminOnly, allow, policy } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Read the key figures (the admin console). */
    'dashboard.read': undefined;
  }
}

allow('dashboard.read', { actor: adminOnly });

export const readDashboard = policy('dashboard.read');
