import { allow, policy, signedIn } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Ask where one sits now in an event: any signed-in user, who is told only their own table. */
    'play.findTable': undefined;
  }
}

allow('play.findTable', { actor: signedIn });

export const findMyTable = policy('play.findTable');
