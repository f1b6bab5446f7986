import { listEndpoints } from '@bridge/api';
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
      const path = stack.join('').replace(/(.)\/$/, "$1");
      if (method !== 'HEAD' && method !== 'OPTIONS' && !path.startsWith('/api/docs') && !path.startsWith('/*') && path !== '/') found.push(`${method} ${path}`);
    }
  }
  return found.sort();
}

describe('the endpoints declared in packages/api', () => {
  it('are exactly the routes the server serves', () => {
    const declared = listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path.replace(/(.)\/$/, '$1')}`).sort();
    expect(registeredRoutes()).toEqual(declared);
  });

  it('each name one route', () => {
    const declared = listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(declared).size).toBe(declared.length);
  });
});
