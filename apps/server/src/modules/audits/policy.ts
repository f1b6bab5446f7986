import { adminOnly, allow, policy } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Read the audit log (the admin console). */
    'audit.read': undefined;
  }
}

allow('audit.read', { actor: adminOnly });

export const readAudits = policy('audit.read');
