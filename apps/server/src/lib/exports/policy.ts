import { adminOnly, allow, policy } from '../policy.ts';

declare module '../policy.ts' {
  interface Actions {
    /** Export a list's rows (the admin console); the dataset is the route's parameter. */
    'export.read': undefined;
  }
}

allow('export.read', { actor: adminOnly });

export const exportRows = policy('export.read');
