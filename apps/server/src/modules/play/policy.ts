import { allow, policy, signedIn } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /**
     * Open the table socket. Which table a socket may then sit at, and as what (a player's seat, a kibitzer, the
     * director), is asked per `sit` (service.ts `viewerAt`), from the movement and the event.
     */
    'play.connect': undefined;
  }
}

allow('play.connect', { actor: signedIn });

export const connectPlay = policy('play.connect');
