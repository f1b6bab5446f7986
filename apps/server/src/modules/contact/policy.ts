import { adminOnly, allow, policy } from '../../lib/policy.ts';

declare module '../../lib/policy.ts' {
  interface Actions {
    /** Read the contact inbox (the admin console). */
    'contact.read': undefined;
  }
}

allow('contact.read', { actor: adminOnly });

export const readContactMessages = policy('contact.read');
