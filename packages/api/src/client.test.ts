/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError, createClient, endpoints } from './index.ts';

// A tiny real server on loopback that answers a few of the declared paths as the platform does, and reports what
// it received, so the client is checked over real HTTP.

type Seen = { method: string; url: string; cookie?: string; contentType?: string; body: string; probe?: string };
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

const user = {
  uid: 'u1',
  displayName: 'A',
  email: 'a@b.test',
  emailVerified: true,
  photoUrl: null,
  phoneNumber: null,
  contact: null,
  bfiId: null,
  city: null,
  postalIndexNumber: null,
  role: 'player',
};

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

async function answer(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  for await (const chunk of request) body += chunk;
  const url = request.url ?? '';
  seen.push({
    method: request.method ?? '',
    url,
    cookie: request.headers.cookie,
    contentType: request.headers['content-type'],
    body,
    probe: request.headers['x-probe'] as string | undefined,
  });
  const route = `${request.method} ${url.split('?')[0]}`;
  if (route === 'POST /api/v1/user/login') {
    return json(response, 200, { result: user }, { 'set-cookie': ['bridge_session=s3cret; Path=/; HttpOnly', 'other=1; Path=/'] });
  }
  if (route === 'POST /api/v1/user/logout')
    return json(response, 200, { result: { message: 'Logged out' } }, { 'set-cookie': 'bridge_session=; Path=/; Max-Age=0' });
  if (route === 'POST /api/v1/tournaments/ab%20c/results') return json(response, 200, { result: { score: 420 } });
  if (route === 'POST /api/v1/tournaments/full/results') return json(response, 403, { error: 'You may not change this event', code: 'forbidden' });
  if (route === 'POST /api/v1/tournaments/bad/results') {
    return json(response, 400, {
      error: 'Tricks must be 0-13',
      code: 'validation_failed',
      issues: [{ path: 'tricks', message: 'Tricks must be 0-13' }],
    });
  }
  if (route === 'POST /api/v1/tournaments/drift/results') return json(response, 200, { result: { score: 'many' } });
  if (route === 'GET /api/admin/v1/tournaments/active') return json(response, 200, { result: { data: [], lastDocId: null } });
  if (route === 'POST /api/v1/video/ice-servers') return json(response, 200, { iceServers: [{ urls: ['stun:stun.test:3478'] }] });
  if (route === 'POST /api/v1/analytics/pageview') return response.writeHead(204).end();
  if (route === 'GET /api/v1/tournaments/ab1/pbn') {
    response.writeHead(200, { 'content-type': 'application/x-pbn; charset=utf-8', 'content-disposition': 'attachment; filename="ab1.pbn"' });
    return response.end('[Event "Club"]\n');
  }
  response.writeHead(502).end('not a JSON answer');
}

beforeAll(async () => {
  server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const line = {
  round: 1,
  board: 1,
  table: 1,
  nsPair: 1,
  ewPair: 1,
  declarer: 'N' as const,
  contract: { level: 4, strain: 'S' as const, doubled: 0 as const },
  tricks: 10,
};

describe('the Node client', () => {
  it('calls the declared method and path, sends JSON and returns the parsed result', async () => {
    const client = createClient({ baseUrl });
    const result = await client.call(endpoints.events.postResult, { params: { key: 'ab c' }, body: line });
    expect(result).toEqual({ score: 420 });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/tournaments/ab%20c/results', contentType: 'application/json' });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual(line);
  });

  it('keeps the session cookie the server sets and drops it when the server clears it', async () => {
    const client = createClient({ baseUrl });
    const user = await client.call(endpoints.users.login, { body: { email: 'a@b.test', password: 'long enough' } });
    expect(user.email).toBe('a@b.test');
    expect(client.cookie).toBe('bridge_session=s3cret; other=1');
    await client.call(endpoints.events.adminActive, { query: { limit: 10, type: 'all' } });
    expect(seen.at(-1)).toMatchObject({ url: '/api/admin/v1/tournaments/active?limit=10&type=all', cookie: 'bridge_session=s3cret; other=1' });
    await client.call(endpoints.users.logout);
    expect(client.cookie).toBe('other=1');
  });

  it('starts from a cookie given and adds the headers of each call', async () => {
    let calls = 0;
    const client = createClient({ baseUrl, cookie: 'bridge_session=given', headers: () => ({ 'x-probe': `call ${++calls}` }) });
    await client.call(endpoints.events.adminActive);
    await client.call(endpoints.events.adminActive);
    expect(seen.slice(-2).map((s) => [s.cookie, s.probe])).toEqual([
      ['bridge_session=given', 'call 1'],
      ['bridge_session=given', 'call 2'],
    ]);
  });

  it('reads a bare answer whole, a 204 as nothing and a file as its bytes', async () => {
    const client = createClient({ baseUrl });
    expect(await client.call(endpoints.video.iceServers, { body: { ttl: 3600 } })).toEqual({ iceServers: [{ urls: ['stun:stun.test:3478'] }] });
    expect(await client.call(endpoints.insights.pageView, { body: { path: '/' } })).toBeUndefined();
    const file = await client.call(endpoints.events.pbnFile, { params: { key: 'ab1' } });
    expect(file.contentDisposition).toBe('attachment; filename="ab1.pbn"');
    expect(await file.text()).toBe('[Event "Club"]\n');
  });

  it('throws the API error with its status, code, sentence and issues', async () => {
    const client = createClient({ baseUrl });
    const refused = await client.call(endpoints.events.postResult, { params: { key: 'full' }, body: line }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiCallError);
    expect(refused).toMatchObject({ status: 403, code: 'forbidden', message: 'You may not change this event' });
    const invalid = await client.call(endpoints.events.postResult, { params: { key: 'bad' }, body: line }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed', issues: [{ path: 'tricks', message: 'Tricks must be 0-13' }] });
  });

  it('refuses an answer its declaration does not describe, and names a failure without a JSON body', async () => {
    const client = createClient({ baseUrl });
    await expect(client.call(endpoints.events.postResult, { params: { key: 'drift' }, body: line })).rejects.toMatchObject({
      status: 200,
      code: 'unexpected_answer',
    });
    await expect(client.call(endpoints.users.me)).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'GET /api/v1/user answered 502: not a JSON answer',
    });
  });
});
