import { endpoints, listEndpoints, pathUnder, schemaOf } from '@bridge/api';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';

const t = await buildTestApp();

/** Every (method, path) the app registered but HEAD, from Fastify's route tree (the API docs and the web app aside). */
function registeredRoutes(): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false, includeHooks: false }).split('\n')) {
    const match = /^([│ ]*)(?:[└├]── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    for (const method of match[3]?.split(', ') ?? []) {
      // Fastify keeps `/user/` and `/user` as one route (ignoreTrailingSlash): compared without it.
      const path = stack.join('').replace(/(.)\/$/, '$1');
      if (method !== 'HEAD' && method !== 'OPTIONS' && !path.startsWith('/api/docs') && !path.startsWith('/*') && path !== '/')
        found.push(`${method} ${path}`);
    }
  }
  return found.sort();
}

describe('the endpoints declared in packages/api', () => {
  it('are exactly the routes the server serves', () => {
    const declared = listEndpoints()
      .map(({ endpoint }) => `${endpoint.method} ${endpoint.path.replace(/(.)\/$/, '$1')}`)
      .sort();
    expect(registeredRoutes()).toEqual(declared);
  });

  it('each name one route', () => {
    const declared = listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(declared).size).toBe(declared.length);
  });
});

describe('schemaOf', () => {
  it("gives a route its declaration's validation, typed: the handler narrows the posted line on its kind", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const postResult = endpoints.events.postResult;
    await app.register(
      async (scope) => {
        scope.withTypeProvider<ZodTypeProvider>().post(pathUnder('/api/v1', postResult), { schema: schemaOf(postResult) }, async (request) => {
          const line = request.body;
          return { result: { score: line.kind === 'played' ? line.tricks : line.kind === 'passedOut' ? 0 : null } };
        });
      },
      { prefix: '/api/v1' },
    );
    const post = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/tournaments/k1/results', payload });
    const place = { round: 1, board: 1, table: 1, nsPair: 1, ewPair: 1 };
    expect((await post({ ...place, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 })).json()).toEqual({
      result: { score: 9 },
    });
    expect((await post({ ...place, adjusted: { ns: 'A', ew: 'A' } })).json()).toEqual({ result: { score: null } });
    const bare = await post(place);
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('A result needs its contract and tricks, or an adjusted score');
    await app.close();
  });
});
