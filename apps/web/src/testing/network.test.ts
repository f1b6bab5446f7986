import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from './console-guard';
import { recordRequests, server, unexpected } from './network';
import { jsonResponse } from './render-app';

// The test network itself (setup.ts): what a test does not answer fails it, and what it answers it can read back.

describe('the web tests’ network', () => {
  it('fails a request that no handler answers, and says which', async () => {
    expectConsoleError(/intercepted a request without a matching request handler:\s+• GET \/api\/v1\/nobody/);
    await expect(fetch('/api/v1/nobody')).rejects.toThrow();
  });

  it('fails a request that a handler of many addresses has nothing for, rather than letting it through', async () => {
    server.use(http.all('/api/*', ({ request }) => (request.url.endsWith('/known') ? jsonResponse({ result: 1 }) : unexpected(request))));
    expect(await (await fetch('/api/v1/known')).json()).toEqual({ result: 1 });
    expectConsoleError(/^No answer in this test for POST \/api\/v1\/other\?x=1$/);
    await expect(fetch('/api/v1/other?x=1', { method: 'POST' })).rejects.toThrow();
  });

  it('records each request with its method, path, query and JSON body', async () => {
    const requests = recordRequests();
    server.use(http.put('/api/v1/thing', () => new Response(null, { status: 204 })));
    await fetch('/api/v1/thing?id=7', { method: 'PUT', body: JSON.stringify({ name: 'Ann' }), headers: { 'Content-Type': 'application/json' } });
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: '/api/v1/thing?id=7', body: { name: 'Ann' } },
    ]);
  });
});
