import { allow, policy, signedIn } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** The caller's own events and history (the lists are scoped to the caller by their queries). */
    'event.readOwn': undefined;
  }
}

allow('event.readOwn', { actor: signedIn });

export const readOwnEvents = policy('event.readOwn');
