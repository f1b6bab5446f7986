import { adminOnly, allow, policy } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Fetch the newest player installer's address to test it (the admin console). */
    'release.test': undefined;
  }
}

allow('release.test', { actor: adminOnly });

export const testReleases = policy('release.test');
