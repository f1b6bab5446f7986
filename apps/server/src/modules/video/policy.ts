import { allow, policy, signedIn } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /**
     * Open the signalling socket and fetch relay credentials. Which rooms a socket may then enter is the signalling
     * process's question (channelAccess in service.ts), asked per join.
     */
    'video.connect': undefined;
  }
}

allow('video.connect', { actor: signedIn });

export const connectVideo = policy('video.connect');
