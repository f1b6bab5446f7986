import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildUser, login } from '../test/factories.ts';

let t: TestApp;
let playerCookie: string;
let adminCookie: string;
let victimId: string;
beforeAll(async () => {
  t = await buildTestApp();
  playerCookie = await login(t.app, await buildUser(t.app));
  adminCookie = await login(t.app, await buildUser(t.app, { role: 'admin' }), '/api/admin/v1/user/login');
  victimId = (await buildUser(t.app, { names: 'Victor Victim' })).id;
});
afterAll(async () => t.close());

const A = '/api/admin/v1';
const range = 'startDate=2026-01-01&endDate=2026-01-31';
type Call = { method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: object };
// Every route under the admin prefix except the sign-in and sign-out themselves (open by nature).
const routes = (victimId = '00000000-0000-4000-8000-000000000000'): Call[] => [
  { method: 'GET', url: `${A}/user/` },
  { method: 'GET', url: `${A}/users/all` },
  { method: 'GET', url: `${A}/users/search?query=vic` },
  { method: 'DELETE', url: `${A}/users/delete?key=${victimId}` },
  { method: 'PUT', url: `${A}/users/disable?key=${victimId}`, payload: { disabled: true } },
  { method: 'PUT', url: `${A}/users/set-role`, payload: { uid: victimId, role: 'admin' } },
  { method: 'PUT', url: `${A}/users/verify?key=${victimId}` },
  { method: 'GET', url: `${A}/tournaments/active` },
  { method: 'GET', url: `${A}/tournaments/complete` },
  { method: 'GET', url: `${A}/tournaments/search?query=x` },
  { method: 'DELETE', url: `${A}/tournaments/complete/delete?key=nosuchevent` },
  { method: 'GET', url: `${A}/participants/all?key=nosuchevent` },
  { method: 'GET', url: `${A}/analytics/events?${range}&eventName=file_download` },
  { method: 'GET', url: `${A}/analytics/downloads-summary` },
  { method: 'GET', url: `${A}/audits` },
  { method: 'GET', url: `${A}/dashboard` },
  { method: 'GET', url: `${A}/contact-messages` },
  { method: 'GET', url: `${A}/tools/test-player` },
  { method: 'GET', url: `${A}/export/active-events?format=csv` },
  { method: 'GET', url: `${A}/export/past-events?format=xlsx` },
  { method: 'GET', url: `${A}/export/participants?format=pdf&key=nosuchevent` },
  { method: 'GET', url: `${A}/export/users?format=csv` },
  { method: 'GET', url: `${A}/export/audits?format=csv` },
  { method: 'GET', url: `${A}/export/downloads?format=csv&${range}` },
];
const OPEN = new Set(['/user/login', '/user/logout']);

describe('every admin route is for admins only', () => {
  it('the table below names every route under /api/admin/v1', () => {
    // printRoutes lists the registered paths; each (method, path) must be in the table or be sign-in/out.
    const registered = new Set<string>();
    const tree = t.app.printRoutes({ commonPrefix: false, includeHooks: false, method: undefined });
    const stack: string[] = [];
    for (const line of tree.split('\n')) {
      const match = /^([│ ]*)(?:[└├]── )(.*?) \(([A-Z, ]+)\)$/.exec(line) ?? /^([│ ]*)(?:[└├]── )(.*)$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      stack.length = depth;
      stack[depth] = match[2]!;
      const methods = match[3];
      if (!methods) continue;
      const path = stack.join('');
      if (!path.startsWith(A)) continue;
      for (const method of methods.split(', ')) if (method !== 'HEAD') registered.add(`${method} ${path.slice(A.length)}`);
    }
    const normal = (route: string) => route.replace(/\/$/, '');
    const covered = new Set(
      routes().map((r) =>
        normal(`${r.method} ${new URL(r.url, 'http://x').pathname.slice(A.length).replace(/^\/export\/[a-z-]+$/, '/export/:dataset')}`),
      ),
    );
    const missing = [...registered].map(normal).filter((route) => !covered.has(route) && !OPEN.has(route.split(' ')[1]!));
    expect(registered.size).toBeGreaterThan(18);
    expect(missing).toEqual([]);
  });

  it.each(routes().map((r, index) => [`${r.method} ${r.url.split('?')[0]}`, index] as const))(
    '%s answers 401 signed out and 403 for a player',
    async (_name, index) => {
      const call = routes(victimId)[index]!;
      const anonymous = await t.app.inject({ ...call });
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      const player = await t.app.inject({ ...call, headers: { cookie: playerCookie } });
      expect(player.statusCode, player.body).toBe(403);
      // Nothing changed for either of them.
      const victim = await t.database.db.selectFrom('users').select(['role', 'disabled']).where('id', '=', victimId).executeTakeFirst();
      expect(victim).toEqual({ role: 'player', disabled: false });
    },
  );

  it.each(
    routes()
      .filter((r) => r.method === 'GET')
      .map((r) => [r.url.split('?')[0], r] as const),
  )('%s answers an admin', async (_name, call) => {
    const response = await t.app.inject({ ...call, headers: { cookie: adminCookie } });
    // 404 for the lookups of an event or installer that does not exist; everything else answers.
    expect([200, 404], response.body).toContain(response.statusCode);
  });
});

describe('the OpenAPI description', () => {
  it('describes the admin routes with their parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([`${A}/tournaments/complete`, `${A}/export/{dataset}`, `${A}/audits`, `${A}/users/all`]),
    );
    expect(paths[`${A}/tournaments/complete`]!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'lastDocId', 'scoreType', 'hybrid']),
    );
  });
});
