import Fastify from 'fastify';
import { endpoints } from '@bridge/api';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { route } from '../lib/route.ts';
import { declaredRoutesPlugin } from './declared-routes.ts';

const server = async () => {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(declaredRoutesPlugin, { except: ['/api/docs'] });
  return app;
};

describe('declared routes: every /api and /ws route is served from packages/api', () => {
  it('refuses to start when a route is registered by hand', async () => {
    const app = await server();
    await expect(
      app
        .register(async (scope) => {
          scope.get('/api/health', async () => 'hi');
        })
        .ready(),
    ).rejects.toThrow('GET /api/health is not served from its declaration');
  });

  it('starts with routes served from their declarations, and with the exceptions given', async () => {
    const app = await server();
    await app.register(async (scope) => {
      route(scope, endpoints.health.check, {}, async () => ({ status: 'ok' as const, database: true, analysis: false }));
      scope.get('/api/docs/json', async () => 'hi');
      scope.get('/robots.txt', async () => 'hi');
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: true, analysis: false });
    await app.close();
  });

  it("takes the path under the plugin's prefix from the declaration", async () => {
    const app = await server();
    await app.register(
      async (scope) => {
        route(scope, endpoints.health.check, {}, async () => ({ status: 'ok' as const, database: true, analysis: false }));
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });
});
