import { messages } from '@bridge/api';
import { allow, policy, signedIn, verifiedUser } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /**
     * Open the table socket (a verified account: every player of an event is one). Which table a socket may then sit at, and as what (a player's seat, a kibitzer, the
     * director), is asked per `sit` (service.ts `viewerAt`), from the movement and the event.
     */
    'play.connect': undefined;
    /**
     * Review a board of an online event (its traveller and deal): any signed-in user may ask; what the answer holds
     * is decided by who asks (service.ts `reviewBoard`): a player of the event, the director, a kibitzer.
     */
    'play.review': undefined;
  }
}

allow('play.connect', { actor: verifiedUser(messages.playVerifyFirst) });
allow('play.review', { actor: signedIn });

export const connectPlay = policy('play.connect');
export const reviewPlayedBoard = policy('play.review');
