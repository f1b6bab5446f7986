import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { allow, policy, signedIn } from '../lib/policy.ts';
import { policyPlugin } from './policy.ts';

// Rules of this test's own, so the plugin is tested apart from the domains' rules.
declare module '../lib/policy.ts' {
  interface Actions {
    'test.signedIn': undefined;
    'test.bySubject': string;
  }
}
allow('test.signedIn', { actor: signedIn });
allow('test.bySubject', { subject: (actor, name) => (name === 'open' ? undefined : signedIn(actor)) });

/** A bare server with the policy plugin and one route, registered the way the modules register theirs. */
async function serverWith(route: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(policyPlugin, { publicPrefixes: ['/api/docs'] });
  await app.register(async (scope) => route(scope), { prefix: '/api/v1' });
  return app;
}
const starts = async (route: (app: FastifyInstance) => void) => {
  const app = await serverWith(route);
  await app.close();
};

describe('policy plugin: every route says who may call it', () => {
  it('refuses to start when an /api route declares no policy', async () => {
    await expect(starts((app) => app.get('/open', async () => 'hi'))).rejects.toThrow('GET /api/v1/open declares no policy');
  });

  it('refuses to start when a /ws route declares no policy', async () => {
    const app = Fastify({ logger: false });
    await app.register(policyPlugin, { publicPrefixes: [] });
    await expect(
      app
        .register(async (scope) => {
          scope.get('/ws/chat', async () => 'hi');
        })
        .ready(),
    ).rejects.toThrow('GET /ws/chat declares no policy');
  });

  it('starts with a declared policy, and for routes outside /api and /ws or under a public prefix', async () => {
    await starts((app) => app.get('/open', { config: { policy: 'public' } }, async () => 'hi'));
    await starts((app) => app.get('/mine', { config: { policy: policy('test.signedIn') } }, async () => 'hi'));
    const app = Fastify({ logger: false });
    await app.register(policyPlugin, { publicPrefixes: ['/api/docs'] });
    app.get('/sitemap.xml', async () => 'hi');
    app.get('/api/docs/json', async () => 'hi');
    await app.ready();
    await app.close();
  });

  it('refuses a policy whose action has no rule, or whose rule needs a subject it cannot look up', async () => {
    await expect(starts((app) => app.get('/x', { config: { policy: policy('test.nothing' as 'test.signedIn') } }, async () => 'hi'))).rejects.toThrow(
      'names test.nothing, which no policy.ts declares a rule for',
    );
    await expect(
      starts((app) => app.get('/x', { config: { policy: policy('test.bySubject' as 'test.signedIn') } }, async () => 'hi')),
    ).rejects.toThrow('test.bySubject is decided by its subject');
  });
});
