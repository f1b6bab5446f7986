import type { FastifyRequest } from 'fastify';
import { adminOnly, allow, policy, signedIn } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Read and change one's own account (profile, relay credentials). */
    'account.use': undefined;
    /**
     * Ask for a verification mail: signed in for one's own address, or signed out for an address given (the page
     * after registering); the subject is that address, if any.
     */
    'account.verify': string | undefined;
    /** The admin console: its session check and the All Users screen. */
    'user.administer': undefined;
  }
}

allow('account.use', { actor: signedIn });
// With no address and no session there is nobody to mail.
allow('account.verify', { subject: (actor, email) => (email ? undefined : signedIn(actor)) });
allow('user.administer', { actor: adminOnly });

export const useAccount = policy('account.use');
export const verifyAccount = policy('account.verify', (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email);
export const administerUsers = policy('user.administer');
