import { adminOnly, allow, policy } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Read the download analytics (the admin console). */
    'insight.read': undefined;
  }
}

allow('insight.read', { actor: adminOnly });

export const readInsights = policy('insight.read');
